// What our own words in a message say, in Swedish and English: the footer's links and the sentence that tells the
// recipient why the message came. The message's body is the organization's and is never translated.
import type { Lang } from "../i18n/lang";

const texts = {
  sv: {
    unsubscribe: "Avregistrera dig från den här listan",
    optOut: "Avsluta alla utskick",
    preferences: "Dina inställningar",
    listReason: "Du får det här mejlet eftersom du prenumererar på utskick från {organization}.",
    activityReason: "Du får det här mejlet som kontakt till en deltagare i en aktivitet hos {organization}.",
  },
  en: {
    unsubscribe: "Unsubscribe from this list",
    optOut: "Stop all mailings",
    preferences: "Your preferences",
    listReason: "You receive this email because you subscribe to mailings from {organization}.",
    activityReason: "You receive this email as a contact of a participant in an activity of {organization}.",
  },
} satisfies Record<Lang, Record<string, string>>;

export type MailTexts = (typeof texts)["sv"];

export function mailTexts(lang: Lang): MailTexts {
  return texts[lang];
}
