// Texts of the message that tells a company's dashboard admins that one of its webhook endpoints was disabled.
// {url}, {since}, {company} are filled in. The service does not know an admin's language, so the message says it in
// both, Swedish first.
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  subject: "En webhook för {company} har stängts av",
  body:
    "Webhook-mottagaren {url} har inte tagit emot något sedan {since}, och tjänsten har slutat skicka till den. " +
    "Händelserna sedan dess ligger kvar. Rätta mottagaren och slå på webhooken igen i adminpanelen eller med " +
    'PUT /v3/webhook/{id} och {"enabled": true}: då skickas det som väntar.',
  reason: "Du får det här meddelandet för att du är administratör för {company}.",
};

const en: typeof sv = {
  subject: "A webhook of {company} has been disabled",
  body:
    "The webhook receiver {url} has accepted nothing since {since}, and the service has stopped sending to it. " +
    "The events since then are kept. Fix the receiver and enable the webhook again in the dashboard or with " +
    'PUT /v3/webhook/{id} and {"enabled": true}: what is waiting is then sent.',
  reason: "You receive this message because you are an administrator of {company}.",
};

export const webhookMailTexts = (lang: Lang) => (lang === "en" ? en : sv);
