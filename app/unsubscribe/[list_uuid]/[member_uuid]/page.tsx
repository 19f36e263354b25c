// /unsubscribe/<list_uuid>/<member_uuid>: confirm leaving one list. Showing the page changes nothing.
import type { Metadata } from "next";
import { undoAction, unsubscribeAction } from "@/app/unsubscribe/actions";
import { ActionButton } from "@/components/public/action-button";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { fill } from "@/lib/i18n/fill";
import { listNameForUnsubscribe } from "@/lib/services/public-lists";
import { memberUuidOfPreferencesToken } from "@/lib/services/unsubscribe-links";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ list_uuid: string; member_uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function UnsubscribePage({ params, searchParams }: Props) {
  const { list_uuid, member_uuid } = await params;
  const query = await searchParams;
  const { t, ...language } = await pageLanguage(`/unsubscribe/${list_uuid}/${member_uuid}`, Object.fromEntries(Object.entries(query).filter(([key]) => key !== "undo")));
  const listName = await listNameForUnsubscribe(list_uuid);
  if (query.undo === "done") return <PageShell {...language} heading={{ title: t.resubscribedTitle, body: t.resubscribedBody }} />;
  if (query.undo === "failed") return <PageShell {...language} heading={{ title: t.unsubscribedTitle, body: t.undoFailed }} />;
  // The preference page needs its signed token: a message's link may carry it as ?p= (a bare member uuid must not
  // open someone's data), and then the page links there.
  const p = typeof query.p === "string" && memberUuidOfPreferencesToken(query.p) === member_uuid ? query.p : null;
  const onwards = (
    <div className="mt-4 space-y-3">
      <ActionButton action={undoAction} hidden={{ list_uuid, member_uuid, lang: language.lang }} label={t.resubscribeButton} />
      {p && (
        <p>
          <a href={`/preferences/${p}?lang=${language.lang}`} className="text-blue-800 underline">
            {t.preferencesLink}
          </a>
        </p>
      )}
    </div>
  );
  return (
    <PageShell {...language} heading={{ title: t.unsubscribeTitle, body: listName ? fill(t.unsubscribeBody, { list: listName }) : t.unsubscribeUnknownList }}>
      <ConfirmForm
        action={unsubscribeAction}
        hidden={{ list_uuid, member_uuid }}
        button={t.unsubscribeButton}
        done={{ title: t.unsubscribedTitle, body: t.unsubscribedBody }}
        afterDone={onwards}
        t={t}
      />
    </PageShell>
  );
}
