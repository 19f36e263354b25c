// The signed-in dashboard: every page below is refused without a session (redirect to the sign-in page).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { chooseLanguageAction } from "@/app/admin/language-action";
import { LangProvider } from "@/components/admin/i18n-context";
import { LanguageSwitch } from "@/components/admin/language-switch";
import { NavLinks, type NavGroup, type NavLink } from "@/components/admin/nav-links";
import { AdminProviders } from "@/components/admin/providers";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { importsMessages } from "@/modules/imports/texts/imports";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { canReadOutbox } from "@/modules/sendouts/services/outbox";

export const metadata: Metadata = { title: "Administration · Förening service", robots: { index: false } };

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const caller = await requirePageCaller();
  // An activity's leader has only its attendance page (app/admin/(leader)); nothing here is for it.
  if (caller.role === "LEADER") redirect("/admin/leader");
  const [lang, requestHeaders] = await Promise.all([adminLanguage(), headers()]);
  const t = shellMessages(lang);
  const when = (shown: boolean, link: NavLink) => (shown ? [link] : []);
  const groups: NavGroup[] = [
    {
      id: "communication",
      label: t.navGroups.communication,
      links: [
        ...when(caller.modules.has("subscription_list"), { href: "/admin/lists", label: t.nav.lists }),
        ...when(caller.modules.has("sendout"), { href: "/admin/sendouts", label: t.nav.sendouts }),
        // Suppressions belong to the lists' module (the service's rule): list staff see whom sendouts skip.
        ...when(caller.modules.has("subscription_list"), { href: "/admin/suppressions", label: t.nav.suppressions }),
        ...when(canReadOutbox(caller), { href: "/admin/outbox", label: t.nav.outbox }),
      ],
    },
    {
      id: "membership",
      label: t.navGroups.membership,
      links: [
        ...when(caller.modules.has("member"), { href: "/admin/members", label: t.nav.members }),
        ...when(caller.modules.has("event"), { href: "/admin/events", label: t.nav.events }),
        ...when(caller.modules.has("activity"), { href: "/admin/activities", label: t.nav.activities }),
        ...when(caller.modules.has("activity"), { href: "/admin/lok-report", label: t.nav.lokReport }),
        ...when(caller.modules.has("member") || caller.modules.has("subscription_list"), {
          href: "/admin/imports",
          label: importsMessages(lang).title,
        }),
      ],
    },
    {
      id: "organization",
      label: t.navGroups.organization,
      links: [
        ...when(caller.modules.has("company"), { href: "/admin/companies", label: t.nav.companies }),
        ...when(caller.role === "ADMIN", { href: "/admin/users", label: t.nav.users }),
      ],
    },
    {
      id: "settings",
      label: t.navGroups.settings,
      links: [
        ...when(caller.modules.has("webhook"), { href: "/admin/webhooks", label: t.nav.webhooks }),
        ...when(caller.role === "ADMIN", { href: "/admin/api-keys", label: t.nav.apiKeys }),
        { href: "/admin/audit", label: t.nav.audit },
        { href: "/admin/account", label: t.nav.account },
      ],
    },
  ];
  return (
    <div lang={lang} className="min-h-screen lg:flex">
      <aside className="border-b border-slate-200 bg-white px-4 py-3 lg:min-h-screen lg:w-60 lg:shrink-0 lg:border-b-0 lg:border-r lg:py-6">
        <p className="mb-3 text-base font-semibold text-slate-900">
          {t.product} <span className="block text-sm font-normal text-slate-600">{t.dashboard}</span>
        </p>
        <NavLinks home={{ href: "/admin", label: t.nav.overview }} groups={groups} label={t.navLabel} />
      </aside>
      <div className="flex-1">
        <header className="flex flex-wrap items-center justify-end gap-3 border-b border-slate-200 bg-white px-4 py-2 text-sm">
          <span className="text-slate-700">
            {t.signedInAs} <strong>{caller.name}</strong> ({caller.role ? t.role[caller.role] : null})
          </span>
          <LanguageSwitch lang={lang} label={t.switchLanguage} action={chooseLanguageAction} />
          <SignOutButton label={t.signOut} />
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6">
          <LangProvider lang={lang}>
            <AdminProviders nonce={requestHeaders.get("x-nonce")}>{children}</AdminProviders>
          </LangProvider>
        </main>
      </div>
    </div>
  );
}
