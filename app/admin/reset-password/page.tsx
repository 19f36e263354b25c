// /admin/reset-password: ask for a reset link by mail; with ?token= (the link), choose a new password. Looking at the
// page changes nothing (a mail scanner may open the link): only submitting the form uses the link up.
import type { Metadata } from "next";
import { chooseLanguageAction } from "@/app/admin/language-action";
import { AuthCard } from "@/modules/access/components/account/auth-card";
import { NewPasswordForm, ResetRequestForm } from "@/modules/access/components/account/reset-forms";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { accountMessages } from "@/modules/access/texts/account";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { passwordResetLinkWorks } from "@/modules/access/services/staff-password-reset";
import { requestPasswordResetAction, resetPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Lösenord · Förening service", robots: { index: false } };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const lang = await adminLanguage();
  const shell = shellMessages(lang);
  const t = accountMessages(lang).reset;
  const { token } = await searchParams;
  if (typeof token === "string" && token !== "") {
    const works = token.length <= 200 && (await passwordResetLinkWorks(token));
    return (
      <AuthCard
        lang={lang}
        t={shell}
        title={t.title}
        intro={works ? t.intro : t.invalid}
        languageAction={chooseLanguageAction}
      >
        {works ? (
          <NewPasswordForm lang={lang} token={token} t={t} action={resetPasswordAction} />
        ) : (
          <ResetRequestForm lang={lang} t={t} action={requestPasswordResetAction} />
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard lang={lang} t={shell} title={t.requestTitle} intro={t.requestIntro} languageAction={chooseLanguageAction}>
      <ResetRequestForm lang={lang} t={t} action={requestPasswordResetAction} />
    </AuthCard>
  );
}
