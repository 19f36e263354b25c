// Texts of the suppressed-addresses screen: addresses an association's sendouts skip, why, since when, and lifting
// or adding one. Placeholders in braces.
import type { Lang } from "@/lib/i18n/lang";
import { adminCommon } from "@/lib/i18n/admin/common";

const sv = {
  common: { ...adminCommon.sv.failures, ...adminCommon.sv.words, notFound: "Spärren finns inte längre." },
  title: "Spärrade adresser",
  intro:
    "Adresser som föreningens utskick hoppar över: hårda studsar, spamanmälningar, upprepade tillfälliga fel och spärrar som lagts in för hand.",
  noAccess: "Din behörighet omfattar inte prenumerationslistor och deras spärrade adresser.",
  company: "Förening",
  chooseCompany: "Välj förening",
  caption: "Spärrade adresser",
  columns: { email: "E-postadress", reason: "Orsak", detail: "Uppgift", suppressedAt: "Spärrad" },
  reasons: {
    HARD_BOUNCE: "Hård studs",
    COMPLAINT: "Spamanmälan",
    SOFT_BOUNCES: "Upprepade tillfälliga fel",
    MANUAL: "Spärrad för hand",
  } as Record<string, string>,
  actions: "Åtgärder",
  pagination: "Sidor",
  previous: "Föregående",
  next: "Nästa",
  page: "Sida {page} av {pages}",
  lift: "Häv spärr",
  liftLabel: "Häv spärr för {email}",
  liftTitle: "Häv spärren av {email}?",
  liftBody: "Adressen får föreningens utskick igen. Skriv varför; anteckningen sparas i händelseloggen.",
  note: "Anteckning",
  noteRequired: "Skriv en anteckning.",
  lifted: "Spärren av {email} är hävd.",
  add: "Spärra adress",
  addTitle: "Spärra en adress",
  addIntro: "Adressen får inga av föreningens utskick förrän spärren hävs.",
  email: "E-postadress",
  addConfirm: "Spärra",
  added: "{email} är spärrad.",
};

export type SuppressionsMessages = typeof sv;

const en: SuppressionsMessages = {
  common: { ...adminCommon.en.failures, ...adminCommon.en.words, notFound: "The suppression no longer exists." },
  title: "Suppressed addresses",
  intro:
    "Addresses the company's sendouts skip: hard bounces, spam complaints, repeated temporary failures and suppressions added by hand.",
  noAccess: "Your access does not include subscription lists and their suppressed addresses.",
  company: "Company",
  chooseCompany: "Choose a company",
  caption: "Suppressed addresses",
  columns: { email: "Email address", reason: "Reason", detail: "Detail", suppressedAt: "Suppressed" },
  reasons: {
    HARD_BOUNCE: "Hard bounce",
    COMPLAINT: "Spam complaint",
    SOFT_BOUNCES: "Repeated temporary failures",
    MANUAL: "Suppressed by hand",
  },
  actions: "Actions",
  pagination: "Pages",
  previous: "Previous",
  next: "Next",
  page: "Page {page} of {pages}",
  lift: "Lift",
  liftLabel: "Lift the suppression of {email}",
  liftTitle: "Lift the suppression of {email}?",
  liftBody: "The address receives the company's sendouts again. Say why; the note is kept in the audit log.",
  note: "Note",
  noteRequired: "Write a note.",
  lifted: "The suppression of {email} is lifted.",
  add: "Suppress address",
  addTitle: "Suppress an address",
  addIntro: "The address receives none of the company's sendouts until the suppression is lifted.",
  email: "Email address",
  addConfirm: "Suppress",
  added: "{email} is suppressed.",
};

export function suppressionsMessages(lang: Lang): SuppressionsMessages {
  return lang === "en" ? en : sv;
}
