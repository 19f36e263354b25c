// Texts of the subscribers export (a CSV file staff open in Excel): its column headings and values, in the staff
// member's language. Statuses and sources are named as the dashboard's table names them.
import type { Lang } from "@/lib/i18n/lang";
import { listConsentMessages } from "./list-consent";
import { listsMessages } from "./lists";

const sv = {
  email: "E-post",
  firstname: "Förnamn",
  lastname: "Efternamn",
  status: "Status",
  source: "Källa",
  subscribedAt: "Prenumererar sedan",
  unsubscribedAt: "Avslutad",
  consent: "Samtycke",
  consentAt: "Samtycke givet",
  memberId: "Medlems-id",
  memberUuid: "Medlemmens uuid",
  yes: "Ja",
  no: "Nej",
  filename: "prenumeranter",
};

const en: typeof sv = {
  email: "Email",
  firstname: "First name",
  lastname: "Last name",
  status: "Status",
  source: "Source",
  subscribedAt: "Subscribed since",
  unsubscribedAt: "Unsubscribed",
  consent: "Consent",
  consentAt: "Consent given",
  memberId: "Member id",
  memberUuid: "Member uuid",
  yes: "Yes",
  no: "No",
  filename: "subscribers",
};

export function listsExportMessages(lang: Lang) {
  const subscribers = listsMessages(lang).subscribers;
  return {
    ...(lang === "en" ? en : sv),
    statuses: { ...subscribers.statuses, PENDING: listConsentMessages(lang).pending } as Record<string, string>,
    sources: subscribers.sources as Record<string, string>,
  };
}
