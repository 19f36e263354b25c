// /unsubscribe/all/<member_uuid>?token=…: confirm the global opt-out of a sendout link. Showing the page changes nothing.
import type { Metadata } from "next";
import { optOutAction } from "@/app/unsubscribe/actions";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { isValidGlobalOptOutToken } from "@/modules/lists/services/unsubscribe-links";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ member_uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function OptOutPage({ params, searchParams }: Props) {
  const { member_uuid } = await params;
  const query = await searchParams;
  const token = typeof query.token === "string" ? query.token : "";
  const { t, ...language } = await pageLanguage(`/unsubscribe/all/${member_uuid}`, query);
  const valid = isValidGlobalOptOutToken(member_uuid, token);
  return (
    <PageShell
      {...language}
      heading={
        valid ? { title: t.optOutTitle, body: t.optOutBody } : { title: t.invalidLinkTitle, body: t.invalidLinkBody }
      }
    >
      {valid && (
        <ConfirmForm
          action={optOutAction}
          hidden={{ member_uuid, token }}
          button={t.optOutButton}
          done={{ title: t.optedOutTitle, body: t.optedOutBody }}
          t={t}
        />
      )}
    </PageShell>
  );
}
