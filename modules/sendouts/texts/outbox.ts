// Texts of the Outbox screens: the mail the embedded catcher kept, its list and one message.
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  title: "Utkorg",
  intro: (keep: string) =>
    `E-post som tjänsten skickar fångas här av den inbyggda e-postfångaren – ingenting lämnar den här datorn. De senaste ${keep} meddelandena sparas.`,
  tableLabel: "Fångade meddelanden",
  col: { when: "Mottaget", from: "Från", to: "Till", subject: "Ämne" },
  noSubject: "(inget ämne)",
  count: (n: number) => (n === 1 ? "1 meddelande" : `${n.toLocaleString("sv-SE")} meddelanden`),
  empty: "Inga meddelanden ännu. När tjänsten skickar e-post visas den här.",
  page: (page: number, pages: number) => `Sida ${page} av ${pages}`,
  previous: "Föregående",
  next: "Nästa",
  pagination: "Sidor",
  message: {
    back: "Tillbaka till utkorgen",
    notice: "Fångat av den inbyggda e-postfångaren – meddelandet har inte skickats till mottagaren.",
    rendered: "Meddelandet",
    frameTitle: (subject: string) => `Meddelandet ”${subject}” som mottagaren ser det`,
    width: "Bredd",
    desktop: "Dator (600 px)",
    phone: "Mobil (390 px)",
    noHtml: "Meddelandet har ingen HTML-del.",
    headers: "Brevhuvud",
    headerName: "Fält",
    headerValue: "Värde",
    links: "Länkar",
    linksIntro: "Länkarna öppnas i en ny flik. Avregistreringslänken i ett nyhetsbrev fungerar som för mottagaren.",
    noLinks: "Meddelandet har inga länkar.",
    text: "Textdelen",
    noText: "Meddelandet har ingen textdel.",
    size: (kb: string) => `Storlek ${kb} kB`,
  },
};

export type OutboxMessages = typeof sv;

const en: OutboxMessages = {
  title: "Outbox",
  intro: (keep: string) =>
    `Mail the service sends is caught here by the embedded mail catcher — nothing leaves this machine. The newest ${keep} messages are kept.`,
  tableLabel: "Caught messages",
  col: { when: "Received", from: "From", to: "To", subject: "Subject" },
  noSubject: "(no subject)",
  count: (n: number) => (n === 1 ? "1 message" : `${n.toLocaleString("en-GB")} messages`),
  empty: "No messages yet. When the service sends mail, it shows up here.",
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: "Previous",
  next: "Next",
  pagination: "Pages",
  message: {
    back: "Back to the outbox",
    notice: "Caught by the embedded mail catcher — this message was not delivered to its recipient.",
    rendered: "The message",
    frameTitle: (subject: string) => `The message “${subject}” as its recipient sees it`,
    width: "Width",
    desktop: "Desktop (600 px)",
    phone: "Phone (390 px)",
    noHtml: "The message has no HTML part.",
    headers: "Headers",
    headerName: "Field",
    headerValue: "Value",
    links: "Links",
    linksIntro: "Links open in a new tab. A newsletter's unsubscribe link works as it does for its recipient.",
    noLinks: "The message has no links.",
    text: "Plain-text part",
    noText: "The message has no plain-text part.",
    size: (kb: string) => `Size ${kb} kB`,
  },
};

export function outboxMessages(lang: Lang): OutboxMessages {
  return lang === "en" ? en : sv;
}
