"use client";
// The invited leader chooses a password: the link's token travels in the form, the account is made on submit.
import Link from "next/link";
import type { ActionResult } from "@/lib/actions/result";
import { useTokenPasswordForm, type TokenPassword } from "./use-token-password";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import type { Lang } from "@/lib/i18n/lang";
import { leaderInvitationMessages } from "@/modules/access/texts/leader-invitation";
import { TextField } from "@/components/ui/field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { buttonClass } from "@/components/admin/ui/styles";

export function LeaderInvitationForm({
  lang,
  token,
  email,
  action,
}: {
  lang: Lang;
  token: string;
  email: string;
  action: (input: TokenPassword) => Promise<ActionResult<{ created: true }>>;
}) {
  const t = leaderInvitationMessages(lang).accept;
  const { state, problem, form, onSubmit } = useTokenPasswordForm(token, action, () => t.failed);
  const { errors, isSubmitting } = form.formState;
  if (state !== "form") {
    return (
      <div className="space-y-4">
        {state === "done" ? (
          <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
            {t.done}
          </p>
        ) : (
          <ProblemAlert>{t.invalid}</ProblemAlert>
        )}
        <p className="text-center text-sm">
          <Link href="/admin/login" className="font-medium text-blue-800 underline hover:text-blue-900">
            {t.signIn}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem && <ProblemAlert>{problem}</ProblemAlert>}
      <p className="text-sm text-slate-700">
        {t.email}: <strong>{email}</strong>
      </p>
      {/* The account's name for the browser's password manager. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <TextField
        id="password"
        label={t.password}
        type="password"
        autoComplete="new-password"
        error={errors.password && fieldErrorText(lang, "password", errors.password.type, errors.password.message)}
        {...form.register("password")}
      />
      <button type="submit" disabled={isSubmitting} className={`${buttonClass} w-full`}>
        {isSubmitting ? t.submitting : t.submit}
      </button>
    </form>
  );
}
