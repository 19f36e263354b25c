// /preferences/<token>: the link in every message. The person's lists of the organization (each switchable, with
// their interests), the organization's other public lists to join, their name, a change of address confirmed by mail
// to the new one, the opt-out of everything and its undo, their data as JSON and erasure by email. Plain forms: no
// JavaScript needed.
import type { Metadata } from "next";
import { preferenceAction } from "@/app/preferences/actions";
import { ActionButton } from "@/components/public/action-button";
import { PageShell, secondaryButtonClass } from "@/components/public/page-shell";
import { pageLanguage } from "@/components/public/page-language";
import { NotFound } from "@/lib/errors";
import { fill } from "@/lib/i18n/fill";
import { preferenceMessages, type PreferenceMessages } from "@/modules/lists/texts/preferences";
import { preferencesOf } from "@/modules/lists/services/preferences";
import { PREFERENCE_NOTICES, PROBLEM_NOTICES, type PreferenceNotice } from "../notices";
import { AnswersForm, OtherLists } from "./list-forms";
import { AddressForm, NameForm } from "./self-forms";

export const metadata: Metadata = { robots: { index: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

function statusText(p: PreferenceMessages, status: string, open: boolean): string {
  if (status === "SUBSCRIBED") return p.subscribed;
  if (status === "PENDING") return p.pending;
  return open ? p.unsubscribed : `${p.unsubscribed} · ${p.closed}`;
}

export default async function PreferencesPage({ params, searchParams }: Props) {
  const { token } = await params;
  const query = await searchParams;
  // The language switch keeps the query but not a notice about something done before.
  const { t, ...language } = await pageLanguage(
    `/preferences/${token}`,
    Object.fromEntries(Object.entries(query).filter(([key]) => key !== "notice")),
  );
  const p = preferenceMessages(language.lang);
  const prefs = await preferencesOf(token).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  if (!prefs) return <PageShell {...language} heading={{ title: t.invalidLinkTitle, body: t.invalidLinkBody }} />;

  const notice = PREFERENCE_NOTICES.find((n) => n === query.notice) as PreferenceNotice | undefined;
  const noticeText = notice && fill(p[notice], { email: prefs.email ?? "" });
  const base = { token, lang: language.lang, list_id: "" };
  return (
    <PageShell
      {...language}
      heading={{ title: p.title, body: fill(p.intro, { email: prefs.email ?? "", organization: prefs.organization }) }}
    >
      {noticeText && (
        <p
          role={PROBLEM_NOTICES.has(notice) ? "alert" : "status"}
          className={`mb-6 rounded-md border p-3 [overflow-wrap:anywhere] ${PROBLEM_NOTICES.has(notice) ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900"}`}
        >
          {noticeText}
        </p>
      )}
      <section aria-labelledby="lists-heading">
        <h2 id="lists-heading" className="text-lg font-semibold">
          {p.lists}
        </h2>
        {prefs.lists.length === 0 ? (
          <p className="mt-2 text-slate-700">{p.noLists}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {prefs.lists.map((list) => {
              const on = list.status === "SUBSCRIBED";
              return (
                <li key={list.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="font-medium [overflow-wrap:anywhere]">{list.name}</p>
                    <p className="text-sm text-slate-700">{statusText(p, list.status, list.open)}</p>
                  </div>
                  {(on || list.status === "PENDING" || list.open) && (
                    <ActionButton
                      action={preferenceAction}
                      hidden={{ ...base, op: on || list.status === "PENDING" ? "off" : "on", list_id: list.id }}
                      label={on || list.status === "PENDING" ? p.turnOffShort : p.turnOnShort}
                      ariaLabel={fill(on || list.status === "PENDING" ? p.turnOff : p.turnOn, { list: list.name })}
                    />
                  )}
                  {list.questions.length > 0 && (on || list.status === "PENDING") && (
                    <AnswersForm list={list} answered={prefs.answered} p={p} token={token} lang={language.lang} />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <OtherLists prefs={prefs} p={p} token={token} lang={language.lang} />
      <NameForm prefs={prefs} p={p} token={token} lang={language.lang} />
      <AddressForm prefs={prefs} p={p} token={token} lang={language.lang} />
      <section aria-labelledby="everything-heading" className="mt-8">
        <h2 id="everything-heading" className="text-lg font-semibold">
          {p.everything}
        </h2>
        {prefs.optedOutAt && <p className="mt-2 text-slate-700">{p.optedOut}</p>}
        <div className="mt-2">
          <ActionButton
            action={preferenceAction}
            hidden={{ ...base, op: prefs.optedOutAt ? "undoOptOut" : "optOut" }}
            label={prefs.optedOutAt ? p.undoOptOut : p.optOut}
          />
        </div>
      </section>
      <section aria-labelledby="data-heading" className="mt-8 space-y-3">
        <h2 id="data-heading" className="text-lg font-semibold">
          {p.yourData}
        </h2>
        <p>
          <a href={`/preferences/${token}/data`} download className={secondaryButtonClass}>
            {p.download}
          </a>
        </p>
        <p className="text-sm text-slate-700">{p.eraseHelp}</p>
        <ActionButton action={preferenceAction} hidden={{ ...base, op: "erase" }} label={p.erase} />
      </section>
    </PageShell>
  );
}
