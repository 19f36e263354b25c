// Texts of the hosted pages. Swedish by default; English by ?lang=en or Accept-Language.
export const LANGUAGES = ["sv", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** ?lang= wins; otherwise the Accept-Language entry of sv/en with the highest q; otherwise Swedish. */
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

const sv = {
  email: "E-postadress",
  firstname: "Förnamn",
  lastname: "Efternamn",
  phone: "Telefon",
  required: "obligatoriskt",
  questions: "Frågor",
  acceptTerms: "Jag godkänner villkoren ovan",
  subscribe: "Prenumerera",
  sending: "Skickar…",
  subscribedTitle: "Tack! Du prenumererar nu.",
  subscribedBody: "Vi har lagt till {email} på listan {list}.",
  capReached: "Listan tar inte emot fler prenumeranter just nu. Försök igen senare.",
  tooManyRequests: "För många försök från din anslutning. Vänta en minut och försök igen.",
  fixErrors: "Kontrollera fälten markerade nedan.",
  listGone: "Listan finns inte längre eller är stängd.",
  unexpected: "Något gick fel. Försök igen om en stund.",
  notFoundTitle: "Listan hittades inte",
  notFoundBody: "Länken kan vara fel, eller så är listan inte längre öppen för prenumeration.",
  unsubscribeTitle: "Avsluta prenumeration",
  unsubscribeBody: "Du kommer inte längre att få utskick från listan {list}. Andra listor påverkas inte.",
  unsubscribeUnknownList: "Du kommer inte längre att få utskick från den här listan. Andra listor påverkas inte.",
  unsubscribeButton: "Avsluta prenumerationen",
  unsubscribedTitle: "Klart",
  unsubscribedBody: "Du får inga fler utskick från den här listan.",
  optOutTitle: "Avregistrera dig från alla utskick",
  optOutBody: "Du kommer inte att få några fler utskick från oss, från någon lista.",
  optOutButton: "Avregistrera mig från allt",
  optedOutTitle: "Klart",
  optedOutBody: "Du får inga fler utskick från oss.",
  invalidLinkTitle: "Länken fungerar inte",
  invalidLinkBody: "Länken är ogiltig eller för gammal. Använd länken i det senaste utskicket du fått.",
  errorTitle: "Sidan kan inte visas just nu",
  errorBody: "Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.",
  retry: "Försök igen",
  errorReference: "Felkod",
  language: "In English",
};

export type Messages = typeof sv;

const en: Messages = {
  email: "Email address",
  firstname: "First name",
  lastname: "Last name",
  phone: "Phone",
  required: "required",
  questions: "Questions",
  acceptTerms: "I accept the terms above",
  subscribe: "Subscribe",
  sending: "Sending…",
  subscribedTitle: "Thank you! You are subscribed.",
  subscribedBody: "We have added {email} to the list {list}.",
  capReached: "The list is not taking more subscribers right now. Please try again later.",
  tooManyRequests: "Too many attempts from your connection. Wait a minute and try again.",
  fixErrors: "Please check the fields marked below.",
  listGone: "The list no longer exists or is closed.",
  unexpected: "Something went wrong. Please try again in a moment.",
  notFoundTitle: "List not found",
  notFoundBody: "The link may be wrong, or the list is no longer open for subscriptions.",
  unsubscribeTitle: "Unsubscribe",
  unsubscribeBody: "You will no longer receive sendouts from the list {list}. Other lists are not affected.",
  unsubscribeUnknownList: "You will no longer receive sendouts from this list. Other lists are not affected.",
  unsubscribeButton: "Unsubscribe",
  unsubscribedTitle: "Done",
  unsubscribedBody: "You will receive no more sendouts from this list.",
  optOutTitle: "Opt out of all sendouts",
  optOutBody: "You will receive no more sendouts from us, from any list.",
  optOutButton: "Opt me out of everything",
  optedOutTitle: "Done",
  optedOutBody: "You will receive no more sendouts from us.",
  invalidLinkTitle: "This link does not work",
  invalidLinkBody: "The link is invalid or too old. Use the link in the latest sendout you received.",
  errorTitle: "This page cannot be shown right now",
  errorBody: "The service is temporarily unavailable. Please try again in a moment.",
  retry: "Try again",
  errorReference: "Error reference",
  language: "På svenska",
};

export function messages(lang: Lang): Messages {
  return lang === "en" ? en : sv;
}

export function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
}
