"use client";
// The dashboard sign-in form: next-auth's credentials flow without a redirect (its URLs come from NEXTAUTH_URL,
// which may name another host), validated with the shared LoginRequest schema first. An account with two-factor
// sign-in answers a right password with "code required" (no session): the form then asks for the code and sends
// email, password and code together.
import Link from "next/link";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { LOGIN_ERRORS } from "@/lib/auth/login-errors";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import type { ShellMessages } from "@/lib/i18n/admin/shell";
import type { Lang } from "@/lib/i18n/lang";
import { TwoFactorLoginRequest } from "@/modules/access/schemas/staff-auth";
import { TextField } from "../ui/field";
import { buttonClass, secondaryButtonClass } from "./ui/styles";
import { ProblemAlert } from "../ui/problem-alert";

export function LoginForm({ lang, t }: { lang: Lang; t: ShellMessages["login"] }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [needCode, setNeedCode] = useState(false);
  const codeInput = useRef<HTMLInputElement | null>(null);
  const form = useForm<z.input<typeof TwoFactorLoginRequest>, unknown, z.output<typeof TwoFactorLoginRequest>>({
    resolver: keyedZodResolver(TwoFactorLoginRequest),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (needCode) codeInput.current?.focus();
  }, [needCode]);

  const onSubmit = form.handleSubmit(async ({ email, password, code }) => {
    setProblem(null);
    if (needCode && !code) {
      form.setError("code", { type: "required", message: t.codeRequired });
      return;
    }
    const result = await signIn("credentials", {
      email,
      password,
      ...(needCode && code ? { code } : {}),
      redirect: false,
    });
    if (result?.ok && !result.error) {
      router.replace("/admin");
      router.refresh();
      return;
    }
    if (result?.error === LOGIN_ERRORS.codeRequired) {
      setNeedCode(true);
      return;
    }
    if (result?.error === LOGIN_ERRORS.wrongCode) form.resetField("code");
    setProblem(
      result?.error === LOGIN_ERRORS.rateLimited
        ? t.rateLimited
        : result?.error === LOGIN_ERRORS.wrongCode
          ? t.wrongCode
          : result?.error === LOGIN_ERRORS.wrongCredentials
            ? t.wrongCredentials
            : t.unexpected,
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
  const code = form.register("code");

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem && <ProblemAlert>{problem}</ProblemAlert>}
      {/* Keyed steps: the code field must be a new input, never the password's reused with the password in it. */}
      {needCode ? (
        <div key="code-step" className="space-y-4">
          <p className="text-slate-800">{t.codeIntro}</p>
          <TextField
            id="code"
            label={t.code}
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            error={
              errors.code &&
              (errors.code.type === "required"
                ? t.codeRequired
                : fieldErrorText(lang, "code", errors.code.type as string, errors.code.message))
            }
            {...code}
            ref={(element) => {
              code.ref(element);
              codeInput.current = element;
            }}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={isSubmitting} className={`${buttonClass} flex-1`}>
              {isSubmitting ? t.submitting : t.codeSubmit}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setNeedCode(false);
                setProblem(null);
                form.resetField("code");
              }}
            >
              {t.back}
            </button>
          </div>
        </div>
      ) : (
        <div key="password-step" className="space-y-4">
          {field("email", "email", "username")}
          {field("password", "password", "current-password")}
          <button type="submit" disabled={isSubmitting} className={`${buttonClass} w-full`}>
            {isSubmitting ? t.submitting : t.submit}
          </button>
          <p className="text-center text-sm">
            <Link href="/admin/reset-password" className="font-medium text-blue-800 underline hover:text-blue-900">
              {t.forgotPassword}
            </Link>
          </p>
        </div>
      )}
    </form>
  );
}
