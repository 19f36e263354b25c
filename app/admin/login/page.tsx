// /admin/login: the dashboard's sign-in page (Swedish by default, English by choice or browser).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { chooseLanguageAction } from "@/app/admin/language-action";
import { AuthCard } from "@/modules/access/components/account/auth-card";
import { LoginForm } from "@/components/admin/login-form";
import { sessionCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { shellMessages } from "@/lib/i18n/admin/shell";

export const metadata: Metadata = { title: "Logga in · Förening service", robots: { index: false } };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await sessionCaller()) redirect("/admin");
  const lang = await adminLanguage();
  const t = shellMessages(lang);
  const { signedOut } = await searchParams;
  return (
    <AuthCard lang={lang} t={t} title={t.login.title} intro={t.login.intro} languageAction={chooseLanguageAction}>
      {signedOut && (
        <p role="status" className="mb-4 rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
          {t.login.signedOut}
        </p>
      )}
      <LoginForm lang={lang} t={t.login} />
    </AuthCard>
  );
}
