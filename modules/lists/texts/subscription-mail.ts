// Texts of the messages about a person's own subscriptions: the double opt-in confirmation, the erasure
// confirmation, and the footer reason of a welcome message. {list}, {organization} are filled in.
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  confirmSubject: "Bekräfta din prenumeration på {list}",
  confirmPreheader: "Ett klick till, så är du med.",
  confirmBody:
    "Någon, förhoppningsvis du, har anmält den här adressen till listan {list} hos {organization}. Bekräfta att du vill ha utskicken:",
  confirmLink: "Bekräfta prenumerationen",
  confirmIgnore:
    "Var det inte du? Då behöver du inte göra något: utan bekräftelse händer ingenting, och länken slutar gälla om sju dagar.",
  confirmReason: "Du får det här meddelandet för att adressen anmäldes till {list}.",
  confirmDetails: "När du bekräftar sparas också det som fylldes i vid anmälan:",
  confirmName: "Namn: {value}",
  confirmPhone: "Telefon: {value}",
  confirmAnswers: "Svar på frågor: {value}",
  confirmTerms: "Listans villkor godkändes.",
  welcomeReason: "Du får det här meddelandet för att du prenumererar på {list}.",
  erasureSubject: "Bekräfta att dina uppgifter ska raderas",
  erasureBody:
    "Du har bett {organization} att radera dina uppgifter. Det går inte att ångra: dina prenumerationer, samtycken och uppgifter tas bort.",
  erasureLink: "Radera mina uppgifter",
  erasureIgnore: "Var det inte du, eller ångrade du dig? Gör ingenting, så raderas inget. Länken gäller i ett dygn.",
  erasureReason: "Du får det här meddelandet för att någon bad om radering på inställningssidan.",
};

const en: typeof sv = {
  confirmSubject: "Confirm your subscription to {list}",
  confirmPreheader: "One more click and you are in.",
  confirmBody:
    "Someone, hopefully you, signed this address up for the list {list} of {organization}. Please confirm that you want its mailings:",
  confirmLink: "Confirm the subscription",
  confirmIgnore:
    "Was it not you? Then do nothing: without a confirmation nothing happens, and the link stops working in seven days.",
  confirmReason: "You receive this message because the address was signed up for {list}.",
  confirmDetails: "When you confirm, what was filled in at the sign-up is kept too:",
  confirmName: "Name: {value}",
  confirmPhone: "Phone: {value}",
  confirmAnswers: "Answers to questions: {value}",
  confirmTerms: "The list's terms were accepted.",
  welcomeReason: "You receive this message because you subscribe to {list}.",
  erasureSubject: "Confirm that your data should be erased",
  erasureBody:
    "You asked {organization} to erase your data. This cannot be undone: your subscriptions, consents and details are removed.",
  erasureLink: "Erase my data",
  erasureIgnore:
    "Was it not you, or did you change your mind? Do nothing and nothing is erased. The link works for one day.",
  erasureReason: "You receive this message because someone asked for erasure on the preference page.",
};

export function subscriptionMailTexts(lang: Lang): typeof sv {
  return lang === "en" ? en : sv;
}
