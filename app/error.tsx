"use client";
// What a person sees when a page fails on the server (most often: the database is unreachable or locked, see
// docs/operating.md "Operations") instead of Next's bare English "Application error". Every page's boundary: the hosted pages,
// whose visitors mostly read Swedish, and the dashboard. Both languages, as in the 404 page, because the request's
// language is not known here; the digest is what the server logged with the error, so staff can find it.
import { BilingualNotice } from "@/components/public/bilingual-notice";
import { buttonClass } from "@/components/public/page-shell";
import { messages } from "@/modules/lists/texts/public-pages";

export default function PageError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <BilingualNotice title="errorTitle" body="errorBody">
      <button type="button" onClick={() => retry()} className={buttonClass}>
        <span lang="sv">{messages("sv").retry}</span>
        <span aria-hidden="true">&nbsp;/&nbsp;</span>
        <span lang="en">{messages("en").retry}</span>
      </button>
      {error.digest && (
        <p className="text-sm text-slate-600">
          {messages("sv").errorReference} / <span lang="en">{messages("en").errorReference}</span>:{" "}
          <code>{error.digest}</code>
        </p>
      )}
    </BilingualNotice>
  );
}
