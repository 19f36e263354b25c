// A page that must speak before the visitor's language is known (the 404 of a list, the error boundary): the same
// notice in Swedish and in English, each marked with its language, in the hosted pages' card. No server code: the
// error boundary renders it in the browser.
import { messages, type Messages } from "@/modules/lists/texts/public-pages";

type TextKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];

export function BilingualNotice(props: { title: TextKey; body: TextKey; children?: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-lg flex-col px-4 py-6 sm:py-12">
      <div className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {(["sv", "en"] as const).map((lang) => (
          <section key={lang} lang={lang}>
            <h1 className="text-xl font-semibold">{messages(lang)[props.title]}</h1>
            <p className="mt-2 text-slate-700">{messages(lang)[props.body]}</p>
          </section>
        ))}
        {props.children}
      </div>
    </main>
  );
}
