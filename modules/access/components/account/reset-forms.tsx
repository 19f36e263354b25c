"use client";
// The password reset forms: asking for a link (one answer whatever the address) and choosing the new password.
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import { useTokenPasswordForm, type TokenPassword } from "./use-token-password";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import type { accountMessages } from "@/modules/access/texts/account";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import type { Lang } from "@/lib/i18n/lang";
import { PasswordResetRequest } from "@/modules/access/schemas/staff-auth";
import { TextField } from "@/components/ui/field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { buttonClass } from "@/components/admin/ui/styles";

type ResetMessages = ReturnType<typeof accountMessages>["reset"];

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
      {children}
    </p>
  );
}

function BackToLogin({ t }: { t: ResetMessages }) {
  return (
    <p className="text-center text-sm">
      <Link href="/admin/login" className="font-medium text-blue-800 underline hover:text-blue-900">
        {t.backToLogin}
      </Link>
    </p>
  );
}

/** A form of one field and its button, with the problem of the last attempt above them. */
function OneFieldForm({
  onSubmit,
  problem,
  busy,
  label,
  children,
}: {
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  problem: string | null;
  busy: boolean;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem && <ProblemAlert>{problem}</ProblemAlert>}
      {children}
      <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
        {label}
      </button>
    </form>
  );
}

export function ResetRequestForm({
  lang,
  t,
  action,
}: {
  lang: Lang;
  t: ResetMessages;
  action: (input: z.input<typeof PasswordResetRequest>) => Promise<ActionResult<{ sent: true }>>;
}) {
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<z.input<typeof PasswordResetRequest>, unknown, z.output<typeof PasswordResetRequest>>({
    resolver: keyedZodResolver(PasswordResetRequest),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const result = await action(values);
    if (result.ok) setSent(true);
    else setProblem(result.status === 429 ? t.rateLimited : t.failed);
  });
  if (sent) {
    return (
      <div className="space-y-4">
        <Notice>{t.sent}</Notice>
        <BackToLogin t={t} />
      </div>
    );
  }
  return (
    <>
      <OneFieldForm onSubmit={onSubmit} problem={problem} busy={isSubmitting} label={isSubmitting ? t.sending : t.send}>
        <TextField
          id="email"
          label={t.email}
          type="email"
          autoComplete="username"
          error={errors.email && fieldErrorText(lang, "email", errors.email.type, errors.email.message)}
          {...form.register("email")}
        />
      </OneFieldForm>
      <div className="mt-4">
        <BackToLogin t={t} />
      </div>
    </>
  );
}

export function NewPasswordForm({
  lang,
  token,
  t,
  action,
}: {
  lang: Lang;
  token: string;
  t: ResetMessages;
  action: (input: TokenPassword) => Promise<ActionResult<{ reset: true }>>;
}) {
  const { state, problem, form, onSubmit } = useTokenPasswordForm(token, action, (failure) =>
    failure.status === 429 ? t.rateLimited : t.failed,
  );
  const { errors, isSubmitting } = form.formState;
  if (state !== "form") {
    return (
      <div className="space-y-4">
        {state === "done" ? <Notice>{t.done}</Notice> : <ProblemAlert>{t.invalid}</ProblemAlert>}
        {state === "invalid" && (
          <p className="text-center text-sm">
            <Link href="/admin/reset-password" className="font-medium text-blue-800 underline hover:text-blue-900">
              {t.requestNew}
            </Link>
          </p>
        )}
        <BackToLogin t={t} />
      </div>
    );
  }
  return (
    <OneFieldForm onSubmit={onSubmit} problem={problem} busy={isSubmitting} label={isSubmitting ? t.saving : t.save}>
      <TextField
        id="password"
        label={t.password}
        type="password"
        autoComplete="new-password"
        error={errors.password && fieldErrorText(lang, "password", errors.password.type, errors.password.message)}
        {...form.register("password")}
      />
    </OneFieldForm>
  );
}
