// /admin/login: the dashboard's sign-in page (Swedish by default, English by choice or browser).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { chooseLanguageAction } from "@/app/admin/language-action";
import { LanguageSwitch } from "@/components/admin/language-switch";
import { LoginForm } from "@/components/admin/login-form";
import { sessionCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { shellMessages } from "@/lib/i18n/admin/shell";

export const metadata: Metadata = { title: "Logga in · Förening service", robots: { index: false } };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await sessionCaller()) redirect("/admin");
  const lang = await adminLanguage();
  const t = shellMessages(lang);
  const { signedOut } = await searchParams;
  return (
    <main lang={lang} className="mx-auto flex min-h-screen w-full max-w-md flex-col px-4 py-10">
      <div className="mb-4 flex justify-end">
        <LanguageSwitch lang={lang} label={t.switchLanguage} action={chooseLanguageAction} />
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-600">{t.product}</p>
        <h1 className="mb-2 text-2xl font-semibold">{t.login.title}</h1>
        <p className="mb-6 text-slate-700">{t.login.intro}</p>
        {signedOut && (
          <p role="status" className="mb-4 rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
            {t.login.signedOut}
          </p>
        )}
        <LoginForm lang={lang} t={t.login} />
      </div>
    </main>
  );
}
