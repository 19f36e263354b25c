// The frame of the hosted pages: mobile-first card, page language on the element, a language switch, and (for the
// confirmation pages) the heading and the sentence under it.
import type { Lang } from "@/lib/i18n/lang";

export function PageShell(props: { lang: Lang; switchHref: string; switchLabel: string; heading?: { title: string; body: string }; children?: React.ReactNode }) {
  return (
    <main lang={props.lang} className="mx-auto flex min-h-screen w-full max-w-lg flex-col px-4 py-6 sm:py-12">
      <div className="mb-4 text-right text-sm">
        <a
          href={props.switchHref}
          hrefLang={props.lang === "sv" ? "en" : "sv"}
          className="rounded px-1 text-blue-800 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
        >
          {props.switchLabel}
        </a>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {props.heading && (
          <>
            <h1 className="text-2xl font-semibold">{props.heading.title}</h1>
            <p className="mb-6 mt-2 text-slate-700">{props.heading.body}</p>
          </>
        )}
        {props.children}
      </div>
    </main>
  );
}

export const buttonClass =
  "inline-flex w-full items-center justify-center rounded-md bg-blue-800 px-4 py-3 text-base font-semibold text-white " +
  "hover:bg-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2 " +
  "disabled:cursor-wait disabled:opacity-70";

/** A quieter button for the many small choices of the preference page. */
export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-blue-800 bg-white px-3 py-2 text-sm font-semibold text-blue-800 " +
  "hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2";
