// Switches the dashboard language with a form post to a server action (works without JavaScript too).
import type { Lang } from "@/lib/i18n/lang";

export function LanguageSwitch({
  lang,
  label,
  action,
}: {
  lang: Lang;
  label: string;
  action: (form: FormData) => Promise<void>;
}) {
  return (
    <form action={action}>
      <input type="hidden" name="lang" value={lang === "sv" ? "en" : "sv"} />
      <button
        type="submit"
        lang={lang === "sv" ? "en" : "sv"}
        className="rounded px-2 py-1.5 text-sm text-blue-800 underline hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
      >
        {label}
      </button>
    </form>
  );
}
