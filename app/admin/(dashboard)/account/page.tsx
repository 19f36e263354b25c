// /admin/account: the signed-in staff member's own account, where two-factor sign-in is turned on and off.
import type { Metadata } from "next";
import { TwoFactorPanel } from "@/modules/access/components/account/two-factor-panel";
import { PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { accountMessages } from "@/modules/access/texts/account";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import { twoFactorStatus } from "@/modules/access/services/staff-two-factor";
import { confirmTwoFactorAction, startTwoFactorAction, turnOffTwoFactorAction } from "./actions";

export const metadata: Metadata = { title: "Mitt konto · Förening service", robots: { index: false } };

export default async function AccountPage() {
  const caller = await requirePageCaller();
  const lang = await adminLanguage();
  const t = accountMessages(lang).account;
  const status = await twoFactorStatus(caller);
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} />
      <div className="max-w-3xl space-y-6">
        <section aria-labelledby="account-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="account-heading" className="text-lg font-semibold">
            {t.you}
          </h2>
          <p className="mt-1 break-words">
            <strong>{status.name}</strong> · {status.email}
          </p>
        </section>
        <TwoFactorPanel
          status={{
            enabledAt: status.enabledAt ? formatDate(lang, "dateTime", status.enabledAt.toISOString()) : null,
            codesLeft: formatNumber(lang, status.recoveryCodesLeft),
          }}
          email={status.email}
          actions={{ start: startTwoFactorAction, confirm: confirmTwoFactorAction, turnOff: turnOffTwoFactorAction }}
        />
      </div>
    </>
  );
}
