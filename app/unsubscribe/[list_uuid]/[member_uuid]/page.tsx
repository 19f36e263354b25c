// /unsubscribe/<list_uuid>/<member_uuid>: leaving one list. Showing the page changes nothing. It says where the person
// stands with the list (subscribed, waiting for confirmation, left: then with the undo while it works, and after an
// undo), always with the list's name and, when the link carries it, the way to the preference page.
import type { Metadata } from "next";
import { undoAction, unsubscribeAction } from "@/app/unsubscribe/actions";
import { ActionButton } from "@/components/public/action-button";
import { ConfirmForm } from "@/components/public/confirm-form";
import { PageShell } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { fill } from "@/lib/i18n/fill";
import { unsubscribePage } from "@/modules/lists/services/unsubscribe-page";
import { memberUuidOfPreferencesToken } from "@/modules/lists/services/unsubscribe-links";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ list_uuid: string; member_uuid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function UnsubscribePage({ params, searchParams }: Props) {
  const { list_uuid, member_uuid } = await params;
  const query = await searchParams;
  const { t, ...language } = await pageLanguage(
    `/unsubscribe/${list_uuid}/${member_uuid}`,
    Object.fromEntries(Object.entries(query).filter(([key]) => key !== "undo")),
  );
  const page = await unsubscribePage(list_uuid, member_uuid);
  const names = { list: page.listName ?? "" };
  // The preference page needs its signed token: a message's link may carry it as ?p= (a bare member uuid must not
  // open someone's data), and then the page links there, in every state.
  const p = typeof query.p === "string" && memberUuidOfPreferencesToken(query.p) === member_uuid ? query.p : null;
  const preferences = p && (
    <p className="mt-4">
      <a href={`/preferences/${p}?lang=${language.lang}`} className="text-blue-800 underline">
        {t.preferencesLink}
      </a>
    </p>
  );
  const undo = (
    <ActionButton
      action={undoAction}
      hidden={{ list_uuid, member_uuid, lang: language.lang, p: p ?? "" }}
      label={t.resubscribeButton}
    />
  );

  if (page.state === "unsubscribed") {
    const body = query.undo === "failed" ? t.undoFailed : fill(page.canUndo ? t.leftUndoBody : t.leftBody, names);
    return (
      <PageShell {...language} heading={{ title: fill(t.leftTitle, names), body }}>
        {page.canUndo && undo}
        {preferences}
      </PageShell>
    );
  }
  if (query.undo === "done") {
    const heading =
      page.state === "pending"
        ? { title: fill(t.undoPendingTitle, names), body: t.undoPendingBody }
        : { title: fill(t.resubscribedTitle, names), body: t.resubscribedBody };
    return (
      <PageShell {...language} heading={heading}>
        {preferences}
      </PageShell>
    );
  }
  const body = !page.listName
    ? t.unsubscribeUnknownList
    : fill(page.state === "pending" ? t.unsubscribePendingBody : t.unsubscribeBody, names);
  return (
    <PageShell {...language} heading={{ title: t.unsubscribeTitle, body }}>
      <ConfirmForm
        action={unsubscribeAction}
        hidden={{ list_uuid, member_uuid }}
        button={t.unsubscribeButton}
        done={{ title: t.unsubscribedTitle, body: t.unsubscribedBody }}
        t={t}
      />
      {preferences}
    </PageShell>
  );
}
