// The two languages of every page, hosted and dashboard alike, and how a request picks one.
export const LANGUAGES = ["sv", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** ?lang= (or the dashboard's cookie) wins; otherwise the Accept-Language entry of sv/en with the highest q; otherwise Swedish. */
export function pickLanguage(langParam: string | undefined, acceptLanguage: string | null): Lang {
  if (langParam === "en" || langParam === "sv") return langParam;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.split("-")[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.base === "sv" || entry.base === "en")
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.base as Lang | undefined) ?? "sv";
}
