// Texts of a list's figures over time (the chart on the list's page).
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  title: "Prenumeranter över tid",
  intro: "Nya prenumerationer, avslutade och antalet aktiva prenumeranter per dag.",
  period: "Period",
  days: (n: number) => `${n} dagar`,
  chart: (n: number) => `Diagram: prenumeranter de senaste ${n} dagarna`,
  subscribed: "Nya",
  unsubscribed: "Avslutade",
  total: "Aktiva totalt",
  date: "Datum",
  asTable: "Visa siffrorna som tabell",
  tableCaption: (n: number) => `Dagar med ändringar de senaste ${n} dagarna`,
  noChanges: "Inga ändringar under perioden.",
  summary: (subscribed: string, unsubscribed: string, active: string) =>
    `${subscribed} nya, ${unsubscribed} avslutade, ${active} aktiva i dag.`,
};

export type ListsFiguresMessages = typeof sv;

const en: ListsFiguresMessages = {
  title: "Subscribers over time",
  intro: "New subscriptions, unsubscribes and the number of active subscribers per day.",
  period: "Period",
  days: (n: number) => `${n} days`,
  chart: (n: number) => `Chart: subscribers over the last ${n} days`,
  subscribed: "New",
  unsubscribed: "Unsubscribed",
  total: "Active in total",
  date: "Date",
  asTable: "Show the figures as a table",
  tableCaption: (n: number) => `Days with changes over the last ${n} days`,
  noChanges: "No changes in the period.",
  summary: (subscribed: string, unsubscribed: string, active: string) =>
    `${subscribed} new, ${unsubscribed} unsubscribed, ${active} active today.`,
};

export function listsFiguresMessages(lang: Lang): ListsFiguresMessages {
  return lang === "en" ? en : sv;
}
