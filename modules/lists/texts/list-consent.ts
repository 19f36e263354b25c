// Texts of the list screens about consent by email: double opt-in, the welcome message, and what staff may do for
// someone who opted out themselves. Beside lists.ts, which holds the rest of the list screens' texts.
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  doubleOptIn: "Dubbel bekräftelse (double opt-in)",
  doubleOptInNew:
    "Nya prenumeranter bekräftar sin adress via e-post innan de läggs till: så vet ni att adressen är deras och kan visa deras samtycke.",
  doubleOptInHelp:
    "Prenumerationen väntar tills mottagaren klickat på bekräftelselänken (giltig i 7 dagar). Personer som avregistrerat sig eller vars adress är spärrad måste alltid bekräfta.",
  mailPanel: "Bekräftelse och välkomstmeddelande",
  welcomeSubject: "Välkomstmeddelandets ämne",
  welcomeSubjectHelp: "Skickas när en prenumeration blir aktiv. Tomt: inget välkomstmeddelande.",
  welcomeHtml: "Välkomstmeddelandets text",
  welcomeHtmlHelp: "Stycken, fetstil, kursiv, rubriker, listor, citat och länkar.",
  pending: "Väntar på bekräftelse",
  optedOut: "Har själv avregistrerat sig: bara personen kan starta prenumerationen igen.",
  sendConfirmation: "Skicka bekräftelse",
  sendConfirmationLabel: "Skicka bekräftelse till {email}",
  confirmationSent: "En bekräftelselänk har skickats till {email}.",
  confirmationThrottled: "En bekräftelselänk skickades nyss till {email}; en ny kan skickas om tio minuter.",
  consentRequired: "Samtycke krävs i formuläret",
  consentRequiredHelp:
    "Besökaren måste kryssa i rutan under samtyckestexten för att kunna prenumerera. Utan kryss är rutan frivillig och formuläret säger det. Gäller bara när listan har en samtyckestext, och bara formuläret: API:t följer sitt kontrakt.",
  consent: "Samtycke",
  consentGiven: "Ja, {date}",
  consentMissing: "Saknas",
  answers: "Svar",
  noAnswers: "–",
  openMember: "Öppna medlemmen {email}",
};

const en: typeof sv = {
  doubleOptIn: "Double opt-in",
  doubleOptInNew:
    "New subscribers confirm their address by email before they are added: you know the address is theirs and can show their consent.",
  doubleOptInHelp:
    "A subscription waits until the recipient clicks the confirmation link (valid 7 days). People who opted out or whose address is suppressed must always confirm.",
  mailPanel: "Confirmation and welcome message",
  welcomeSubject: "Welcome message subject",
  welcomeSubjectHelp: "Sent when a subscription becomes active. Empty: no welcome message.",
  welcomeHtml: "Welcome message text",
  welcomeHtmlHelp: "Paragraphs, bold, italic, headings, lists, quotes and links.",
  pending: "Waiting for confirmation",
  optedOut: "Opted out themselves: only they can start the subscription again.",
  sendConfirmation: "Send confirmation",
  sendConfirmationLabel: "Send confirmation to {email}",
  confirmationSent: "A confirmation link was sent to {email}.",
  confirmationThrottled: "A confirmation link was just sent to {email}; another can be sent in ten minutes.",
  consentRequired: "Consent required on the form",
  consentRequiredHelp:
    "Visitors must tick the box under the consent text to subscribe. Unticked, the box is optional and the form says so. Applies only when the list has a consent text, and only to the form: the API follows its contract.",
  consent: "Consent",
  consentGiven: "Yes, {date}",
  consentMissing: "Missing",
  answers: "Answers",
  noAnswers: "–",
  openMember: "Open the member {email}",
};

export function listConsentMessages(lang: Lang): typeof sv {
  return lang === "en" ? en : sv;
}
