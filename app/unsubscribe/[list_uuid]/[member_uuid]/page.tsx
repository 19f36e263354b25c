// /unsubscribe/<list_uuid>/<member_uuid>: confirm leaving one list. Showing the page changes nothing.
import type { Metadata } from "next";
import { unsubscribeAction } from "@/app/unsubscribe/actions";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { fill } from "@/lib/i18n/fill";
import { listNameForUnsubscribe } from "@/lib/services/public-lists";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ list_uuid: string; member_uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function UnsubscribePage({ params, searchParams }: Props) {
  const { list_uuid, member_uuid } = await params;
  const { t, ...language } = await pageLanguage(`/unsubscribe/${list_uuid}/${member_uuid}`, await searchParams);
  const listName = await listNameForUnsubscribe(list_uuid);
  return (
    <PageShell {...language} heading={{ title: t.unsubscribeTitle, body: listName ? fill(t.unsubscribeBody, { list: listName }) : t.unsubscribeUnknownList }}>
      <ConfirmForm
        action={unsubscribeAction}
        hidden={{ list_uuid, member_uuid }}
        button={t.unsubscribeButton}
        done={{ title: t.unsubscribedTitle, body: t.unsubscribedBody }}
        t={t}
      />
    </PageShell>
  );
}
