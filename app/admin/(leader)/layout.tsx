// The leaders' part of the dashboard, made for a phone: a LEADER user sees only the attendance page (its one link),
// the language switch and sign-out. Staff have the dashboard itself (its layout sends a LEADER here).
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { chooseLanguageAction } from "@/app/admin/language-action";
import { LanguageSwitch } from "@/components/admin/language-switch";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { leaderMessages } from "@/modules/activities/texts/leader";

export const metadata: Metadata = { title: "Närvaro · Förening service", robots: { index: false } };

export default async function LeaderLayout({ children }: { children: React.ReactNode }) {
  const caller = await requirePageCaller();
  if (caller.role !== "LEADER") redirect("/admin");
  const lang = await adminLanguage();
  const shell = shellMessages(lang);
  const t = leaderMessages(lang).page;
  return (
    <div lang={lang} className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-lg flex-wrap items-center justify-between gap-2 px-4 py-2">
          <nav aria-label={shell.navLabel}>
            <Link
              href="/admin/leader"
              aria-current="page"
              className="rounded px-1 py-2 text-base font-semibold text-blue-900 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              {t.title}
            </Link>
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitch lang={lang} label={shell.switchLanguage} action={chooseLanguageAction} />
            <SignOutButton label={shell.signOut} />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-lg px-4 py-4">{children}</main>
    </div>
  );
}
