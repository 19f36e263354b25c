// Texts of an import's result file (a CSV staff open in Excel): its column headings and outcomes, in the staff
// member's language.
import type { Lang } from "../lang";

const sv = {
  result: {
    row: "Rad",
    email: "E-post",
    outcome: "Resultat",
    reason: "Orsak",
    memberId: "Medlems-id",
    outcomes: { ADDED: "Tillagd", UPDATED: "Uppdaterad", SKIPPED: "Överhoppad" },
    filename: "import-resultat",
  },
};

type ImportsMessages = typeof sv;

const en: ImportsMessages = {
  result: {
    row: "Row",
    email: "Email",
    outcome: "Outcome",
    reason: "Reason",
    memberId: "Member id",
    outcomes: { ADDED: "Added", UPDATED: "Updated", SKIPPED: "Skipped" },
    filename: "import-result",
  },
};

export function importsMessages(lang: Lang): ImportsMessages {
  return lang === "en" ? en : sv;
}
