// The language of a hosted page request and the link that switches it (keeping the other query parameters).
import { headers } from "next/headers";
import { pickLanguage, type Lang } from "@/lib/i18n/lang";
import { messages, type Messages } from "@/modules/lists/texts/public-pages";

export async function pageLanguage(path: string, query: Record<string, string | string[] | undefined>) {
  const requested = typeof query.lang === "string" ? query.lang : undefined;
  const lang: Lang = pickLanguage(requested, (await headers()).get("accept-language"));
  const other: Lang = lang === "sv" ? "en" : "sv";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (typeof value === "string" && key !== "lang") params.set(key, value);
  params.set("lang", other);
  const t: Messages = messages(lang);
  return { lang, t, switchHref: `${path}?${params}`, switchLabel: t.language };
}
