// /confirm/<token>: the link of a double opt-in confirmation message. Showing the page changes nothing (mail scanners
// open links); its one button posts the confirmation, without JavaScript too.
import type { Metadata } from "next";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { fill } from "@/lib/i18n/fill";
import { confirmationPage } from "@/modules/lists/services/confirmations";
import { confirmAction } from "./actions";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function ConfirmPage({ params, searchParams }: Props) {
  const { token } = await params;
  const { t, ...language } = await pageLanguage(`/confirm/${token}`, await searchParams);
  const page = await confirmationPage(token);
  const names = { list: page.listName ?? "", email: page.email ?? "" };
  const heading =
    page.state === "pending"
      ? { title: t.confirmTitle, body: fill(t.confirmBody, names) }
      : page.state === "confirmed"
        ? { title: t.confirmedTitle, body: fill(t.confirmedBody, names) }
        : { title: t.invalidLinkTitle, body: t.confirmInvalidBody };
  return (
    <PageShell {...language} heading={heading}>
      {page.state === "pending" && (
        <ConfirmForm
          action={confirmAction}
          hidden={{ token: token }}
          button={t.confirmButton}
          done={{ title: t.confirmedTitle, body: fill(t.confirmedBody, names) }}
          unavailable={t.confirmCapReached}
          t={t}
        />
      )}
    </PageShell>
  );
}
