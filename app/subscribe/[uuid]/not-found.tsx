// 404 of the subscribe page: unknown, deleted or inactive list. Both languages, since the request's is unknown here.
import { messages } from "@/lib/i18n/public-pages";

export default function ListNotFound() {
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-lg flex-col px-4 py-6 sm:py-12">
      <div className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {(["sv", "en"] as const).map((lang) => (
          <section key={lang} lang={lang}>
            <h1 className="text-xl font-semibold">{messages(lang).notFoundTitle}</h1>
            <p className="mt-2 text-slate-700">{messages(lang).notFoundBody}</p>
          </section>
        ))}
      </div>
    </main>
  );
}
