// The frame of the signed-out pages (sign-in, password reset): the language switch and one card.
import type { ShellMessages } from "@/lib/i18n/admin/shell";
import type { Lang } from "@/lib/i18n/lang";
import { LanguageSwitch } from "@/components/admin/language-switch";

export function AuthCard({
  lang,
  t,
  title,
  intro,
  languageAction,
  children,
}: {
  lang: Lang;
  t: ShellMessages;
  title: string;
  intro: string;
  /** The language switch's server action (app/admin/language-action.ts: components import nothing from app/). */
  languageAction: React.ComponentProps<typeof LanguageSwitch>["action"];
  children: React.ReactNode;
}) {
  return (
    <main lang={lang} className="mx-auto flex min-h-screen w-full max-w-md flex-col px-4 py-10">
      <div className="mb-4 flex justify-end">
        <LanguageSwitch lang={lang} label={t.switchLanguage} action={languageAction} />
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-600">{t.product}</p>
        <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
        <p className="mb-6 text-slate-700">{intro}</p>
        {children}
      </div>
    </main>
  );
}
