"use client";
// The dashboard sign-in form: next-auth's credentials flow without a redirect (its URLs come from NEXTAUTH_URL,
// which may name another host), validated with the shared LoginRequest schema first.
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { LOGIN_ERRORS } from "@/lib/auth/login-errors";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import type { ShellMessages } from "@/lib/i18n/admin/shell";
import type { Lang } from "@/lib/i18n/lang";
import { LoginRequest } from "@/lib/validation/access";
import { TextField } from "../ui/field";
import { buttonClass } from "./ui/styles";
import { ProblemAlert } from "../ui/problem-alert";

export function LoginForm({ lang, t }: { lang: Lang; t: ShellMessages["login"] }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<z.input<typeof LoginRequest>, unknown, z.output<typeof LoginRequest>>({ resolver: keyedZodResolver(LoginRequest) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const result = await signIn("credentials", { ...values, redirect: false });
    if (result?.ok && !result.error) {
      router.replace("/admin");
      router.refresh();
      return;
    }
    setProblem(
      result?.error === LOGIN_ERRORS.rateLimited ? t.rateLimited : result?.error === LOGIN_ERRORS.wrongCredentials ? t.wrongCredentials : t.unexpected,
    );
  });

  const field = (name: "email" | "password", type: string, autoComplete: string) => (
    <TextField
      id={name}
      label={t[name]}
      type={type}
      autoComplete={autoComplete}
      error={errors[name] && fieldErrorText(lang, name, errors[name]?.type as string, errors[name]?.message)}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem && (
        <ProblemAlert>{problem}</ProblemAlert>
      )}
      {field("email", "email", "username")}
      {field("password", "password", "current-password")}
      <button type="submit" disabled={isSubmitting} className={`${buttonClass} w-full`}>
        {isSubmitting ? t.submitting : t.submit}
      </button>
    </form>
  );
}
