// Texts of the LOK-stöd workbook (GET /v3/lok-report.xlsx and the dashboard's download): the summary sheet a grant
// officer reads first, and one sheet per activity with the CSV's columns less the activity. Plain data: they are
// posted to the thread that writes the workbook.
import type { Lang } from "@/lib/i18n/lang";
import { lokReportTexts } from "./lok";

const sv = {
  creator: "Förening service",
  summarySheet: "Sammanställning",
  title: "LOK-stöd: sammanställning",
  period: "Period",
  due: "Redovisas senast",
  rules: "Regler",
  rfSisuRules: "RF-SISU:s",
  companyRules: "Föreningens egna",
  thresholds: {
    ages: "Ålder som räknas",
    minParticipants: "Minsta antal deltagare",
    minMinutes: "Minsta antal minuter",
    minLeaderAge: "Ledarens lägsta ålder",
    maxPerLeader: "Högst deltagare per ledare",
  },
  summaryHeadings: [
    "Aktivitet",
    "Sammankomster",
    "Godkända sammankomster",
    "Deltagartillfällen som räknas",
    "Ej godkända sammankomster",
    "Räknade: flickor/kvinnor",
    "Räknade: pojkar/män",
    "Räknade: annat kön",
    "Räknade: kön ej angivet",
  ],
  total: "Totalt",
  occasionHeadings: lokReportTexts("sv").headings.slice(1),
  yes: lokReportTexts("sv").yes,
  no: lokReportTexts("sv").no,
};

export type LokWorkbookTexts = typeof sv;

const en: LokWorkbookTexts = {
  creator: "Förening service",
  summarySheet: "Summary",
  title: "LOK-stöd: summary",
  period: "Period",
  due: "Due",
  rules: "Rules",
  rfSisuRules: "RF-SISU's",
  companyRules: "The association's own",
  thresholds: {
    ages: "Ages counted",
    minParticipants: "Fewest participants",
    minMinutes: "Shortest occasion (minutes)",
    minLeaderAge: "Leader's lowest age",
    maxPerLeader: "Most participants per leader",
  },
  summaryHeadings: [
    "Activity",
    "Occasions",
    "Qualifying occasions",
    "Participant-attendances counted",
    "Occasions not qualifying",
    "Counted: girls/women",
    "Counted: boys/men",
    "Counted: other gender",
    "Counted: gender not given",
  ],
  total: "Total",
  occasionHeadings: lokReportTexts("en").headings.slice(1),
  yes: lokReportTexts("en").yes,
  no: lokReportTexts("en").no,
};

export function lokWorkbookTexts(lang: Lang): LokWorkbookTexts {
  return lang === "en" ? en : sv;
}
