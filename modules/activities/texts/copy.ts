// Texts of copying an activity to a new term (CopyActivityForm), for the staff who plan the next term.
import type { Lang } from "@/lib/i18n/lang";
import { adminCommon } from "@/lib/i18n/admin/common";

const sv = {
  common: { ...adminCommon.sv.failures, ...adminCommon.sv.words, notFound: "Aktiviteten finns inte längre." },
  copy: {
    title: "Kopiera till nästa termin",
    intro:
      "En ny aktivitet med samma beskrivning, ledare, kapacitet och veckoschema, flyttat till den nya terminen: samma veckodagar och tider, helgdagar hoppas över som i originalet, och tillfällena planeras.",
    name: "Namn",
    nameHelp: "Lämna tomt för samma namn.",
    fromDate: "Första dag",
    fromDateHelp: "Schemats första datum flyttas hit.",
    toDate: "Sista dag",
    toDateHelp: "Lämna tomt för lika lång termin som originalet.",
    participants: "Deltagare",
    none: "Inga deltagare",
    enrolled: "De inskrivna deltagarna (inskrivna upp till kapaciteten, övriga på väntelistan i samma ordning)",
    submit: "Kopiera",
    copying: "Kopierar…",
    copied: "Kopian ”{name}” är skapad med {occasions} tillfällen.",
  },
};

const en: typeof sv = {
  common: { ...adminCommon.en.failures, ...adminCommon.en.words, notFound: "The activity no longer exists." },
  copy: {
    title: "Copy to next term",
    intro:
      "A new activity with the same description, leaders, capacity and weekly schedule, moved to the new term: the same weekdays and times, holidays skipped as in the original, and its occasions planned.",
    name: "Name",
    nameHelp: "Leave empty for the same name.",
    fromDate: "First day",
    fromDateHelp: "The schedule's first date moves here.",
    toDate: "Last day",
    toDateHelp: "Leave empty for a term as long as the original's.",
    participants: "Participants",
    none: "No participants",
    enrolled: "The enrolled participants (enrolled up to the capacity, the others on the waitlist in the same order)",
    submit: "Copy",
    copying: "Copying…",
    copied: "The copy “{name}” is created with {occasions} occasions.",
  },
};

export type CopyActivityMessages = typeof sv;

export function copyActivityMessages(lang: Lang): CopyActivityMessages {
  return lang === "en" ? en : sv;
}
