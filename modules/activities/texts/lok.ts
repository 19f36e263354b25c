// Texts of LOK-stöd (RF-SISU's state activity grant): why an occasion is not reported, why a participant is not
// counted. Written for the club's treasurer, who checks the report before sending it. Keys are the engine's codes.
import type { Lang } from "@/lib/i18n/lang";

const sv = {
  reasons: {
    CANCELLED: "Inställd",
    TOO_SHORT: (minutes: number, min: number) =>
      `För kort: ${minutes} ${minutes === 1 ? "minut" : "minuter"} (minst ${min})`,
    TOO_FEW_PARTICIPANTS: (counted: number, min: number) => `För få deltagare som räknas: ${counted} (minst ${min})`,
    NO_LEADER: (minAge: number) => `Ingen ledare som är ${minAge} år eller äldre`,
    TOO_MANY_PER_LEADER: (participants: number, leaders: number, max: number) =>
      `För många deltagare per ledare: ${participants} på ${leaders} ledare (högst ${max} per ledare)`,
  },
  notCounted: {
    AGE: "Utanför åldern",
    NO_BIRTHDATE: "Födelsedatum saknas",
    NOT_MEMBER: "Inte medlem",
    WEEKLY_CAP: "Veckotaket nått",
    LEADER: "Räknas som ledare",
  },
};

export type LokMessages = typeof sv;

const en: LokMessages = {
  reasons: {
    CANCELLED: "Cancelled",
    TOO_SHORT: (minutes, min) => `Too short: ${minutes} ${minutes === 1 ? "minute" : "minutes"} (at least ${min})`,
    TOO_FEW_PARTICIPANTS: (counted, min) => `Too few participants who count: ${counted} (at least ${min})`,
    NO_LEADER: (minAge) => `No leader aged ${minAge} or older`,
    TOO_MANY_PER_LEADER: (participants, leaders, max) =>
      `Too many participants per leader: ${participants} with ${leaders} ${leaders === 1 ? "leader" : "leaders"} (at most ${max} per leader)`,
  },
  notCounted: {
    AGE: "Outside the age range",
    NO_BIRTHDATE: "Birth date missing",
    NOT_MEMBER: "Not a member",
    WEEKLY_CAP: "Weekly cap reached",
    LEADER: "Counted as a leader",
  },
};

const reportSv = {
  headings: [
    "Aktivitet",
    "Datum",
    "Start",
    "Minuter",
    "Plats",
    "Närvarande deltagare",
    "Deltagare som räknas",
    "Ledare",
    "Godkänd för LOK-stöd",
    "Varför inte",
  ],
  yes: "Ja",
  no: "Nej",
};
const reportEn: typeof reportSv = {
  headings: [
    "Activity",
    "Date",
    "Start",
    "Minutes",
    "Place",
    "Participants present",
    "Participants counted",
    "Leaders",
    "Qualifies for LOK-stöd",
    "Why not",
  ],
  yes: "Yes",
  no: "No",
};

/** The CSV report's headings and values. */
export function lokReportTexts(lang: Lang): typeof reportSv {
  return lang === "en" ? reportEn : reportSv;
}

export function lokTexts(lang: Lang): LokMessages {
  return lang === "en" ? en : sv;
}
