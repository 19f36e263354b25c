// Texts of the subscribers table's bulk actions: picking rows, and unsubscribing or exporting them after a question
// that says how many people it concerns.
import type { Lang } from "@/lib/i18n/lang";
import { formatNumber } from "@/lib/i18n/formats";

const people = (lang: Lang, n: number) =>
  lang === "sv"
    ? n === 1
      ? "1 person"
      : `${formatNumber(lang, n)} personer`
    : n === 1
      ? "1 person"
      : `${formatNumber(lang, n)} people`;

const sv = {
  selectPage: "Välj alla på sidan",
  selectRow: (email: string) => `Välj ${email}`,
  toolbar: "Åtgärder för valda",
  selected: (n: number) => (n === 1 ? "1 vald" : `${formatNumber("sv", n)} valda`),
  selectAllMatching: (n: number) => `Välj alla ${formatNumber("sv", n)} som matchar`,
  allMatchingSelected: (n: number) => `Alla ${formatNumber("sv", n)} som matchar är valda.`,
  clear: "Rensa valet",
  unsubscribe: "Avsluta prenumerationen för valda",
  unsubscribeTitle: "Avsluta prenumerationen?",
  unsubscribeBody: (n: number) => `${people("sv", n)} slutar få utskick från listan. Det registreras i händelseloggen.`,
  unsubscribeNone: "Ingen av de valda prenumererar: inget ändras.",
  counting: "Räknar…",
  unsubscribeConfirm: "Avsluta prenumerationerna",
  unsubscribing: "Avslutar…",
  unsubscribed: (n: number) =>
    n === 1 ? "1 prenumeration avslutades." : `${formatNumber("sv", n)} prenumerationer avslutades.`,
  export: "Exportera valda",
  exportTitle: "Exportera valda?",
  exportBody: (n: number) =>
    `Filen innehåller personuppgifter för ${people("sv", n)}. Hantera den varsamt och radera den när den inte behövs.`,
  exportConfirm: "Ladda ner CSV",
};

export type ListsBulkMessages = typeof sv;

const en: ListsBulkMessages = {
  selectPage: "Select all on the page",
  selectRow: (email: string) => `Select ${email}`,
  toolbar: "Actions for the selected",
  selected: (n: number) => `${formatNumber("en", n)} selected`,
  selectAllMatching: (n: number) => `Select all ${formatNumber("en", n)} matching`,
  allMatchingSelected: (n: number) => `All ${formatNumber("en", n)} matching are selected.`,
  clear: "Clear the selection",
  unsubscribe: "Unsubscribe the selected",
  unsubscribeTitle: "Unsubscribe?",
  unsubscribeBody: (n: number) =>
    `${people("en", n)} will stop receiving the list's sendouts. The audit log records it.`,
  unsubscribeNone: "None of the selected is subscribed: nothing changes.",
  counting: "Counting…",
  unsubscribeConfirm: "Unsubscribe them",
  unsubscribing: "Unsubscribing…",
  unsubscribed: (n: number) => (n === 1 ? "1 subscription ended." : `${formatNumber("en", n)} subscriptions ended.`),
  export: "Export the selected",
  exportTitle: "Export the selected?",
  exportBody: (n: number) =>
    `The file holds personal data of ${people("en", n)}. Handle it with care and delete it when it is no longer needed.`,
  exportConfirm: "Download CSV",
};

export function listsBulkMessages(lang: Lang): ListsBulkMessages {
  return lang === "en" ? en : sv;
}
