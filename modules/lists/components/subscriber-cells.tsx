"use client";
// Cells of the subscribers table that say what the person agreed to and answered, and lead to the member.
import Link from "next/link";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import type { Lang } from "@/lib/i18n/lang";
import type { listConsentMessages } from "@/modules/lists/texts/list-consent";
import type { Subscriber } from "./types";

type Texts = ReturnType<typeof listConsentMessages>;

export function MemberCell({ subscriber, t }: { subscriber: Subscriber; t: Texts }) {
  const email = subscriber.email ?? `#${subscriber.member_id}`;
  const name = [subscriber.firstname, subscriber.lastname].filter(Boolean).join(" ");
  return (
    <span className="block min-w-32">
      <Link
        href={`/admin/members/${subscriber.member_id}`}
        aria-label={fill(t.openMember, { email })}
        className="text-blue-800 underline wrap-anywhere hover:text-blue-950"
      >
        {email}
      </Link>
      {name && <span className="block text-sm text-slate-700">{name}</span>}
    </span>
  );
}

export function ConsentCell({ consentAt, lang, t }: { consentAt: string | null; lang: Lang; t: Texts }) {
  return consentAt ? (
    <span className="block min-w-28 text-green-900">
      {fill(t.consentGiven, { date: formatDate(lang, "dateTime", consentAt) })}
    </span>
  ) : (
    <span className="inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-950">
      {t.consentMissing}
    </span>
  );
}

export function AnswersCell({ answers, t }: { answers: Subscriber["answers"]; t: Texts }) {
  if (answers.length === 0) return <span aria-label={t.noAnswers}>{t.noAnswers}</span>;
  return <span className="block min-w-32">{answers.map((a) => a.name).join(", ")}</span>;
}
