"use client";
// A hosted page's form that works without JavaScript: a plain post to its server action. With JavaScript the form's
// react-hook-form checks first (with the same zod schema as the server), and the action then runs in a transition.
import { startTransition, useRef, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

export function ProgressiveForm<Values extends FieldValues, Output>({
  form,
  formAction,
  className,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  formAction: (form: FormData) => void;
  className?: string;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={formRef}
      action={formAction}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit(() => startTransition(() => formAction(new FormData(formRef.current!))))(event);
      }}
      className={className}
    >
      {children}
    </form>
  );
}
