// /preferences/address/<token>: the link mailed to a new address. Showing the page changes nothing (a mail scanner
// may open any link); its button changes the address, once, and the old address gets a notice (address-change.ts).
// Opened again after that, it says the address is changed (no button).
import type { Metadata } from "next";
import { addressAction } from "@/app/preferences/actions";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { fill } from "@/lib/i18n/fill";
import { preferenceMessages } from "@/modules/lists/texts/preferences";
import { addressChangeOf } from "@/modules/members/services/address-change";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function AddressChangePage({ params, searchParams }: Props) {
  const { token } = await params;
  const { t, ...language } = await pageLanguage(`/preferences/address/${token}`, await searchParams);
  const p = preferenceMessages(language.lang);
  const change = await addressChangeOf(token);
  if (!change) return <PageShell {...language} heading={{ title: t.invalidLinkTitle, body: t.invalidLinkBody }} />;
  const names = { email: change.newEmail, organization: change.organization };
  if (change.state === "done")
    return <PageShell {...language} heading={{ title: p.addressDoneTitle, body: fill(p.addressDoneBody, names) }} />;
  return (
    <PageShell {...language} heading={{ title: p.addressTitle, body: fill(p.addressBody, names) }}>
      <ConfirmForm
        action={addressAction}
        hidden={{ token, lang: language.lang }}
        button={p.addressButton}
        done={{ title: p.addressDoneTitle, body: fill(p.addressDoneBody, names) }}
        unavailable={p.addressTaken}
        t={t}
      />
    </PageShell>
  );
}
