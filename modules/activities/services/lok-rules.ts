// LOK-stöd, the state activity grant RF-SISU pays per qualifying occasion ("sammankomst"): which occasions of an
// activity qualify, which participants count, and why not. Pure: the caller reads the occasions and the company's
// thresholds; nothing here touches the database. O(n log n) in occasions (one sort), linear in attendance rows.
import type { Lang } from "@/lib/i18n/lang";
import { lokTexts } from "../texts/lok";
import { isoWeekKey, localDateReader } from "./lok-periods";

export { lokHalfYear } from "./lok-periods";

export interface LokThresholds {
  min_age: number;
  max_age: number;
  min_participants: number;
  min_leader_age: number;
  min_minutes: number;
  max_participants_per_leader: number;
  /** Occasions a participant may be counted in per ISO week, by age band (ages inclusive). */
  weekly_caps: { from_age: number; to_age: number; cap: number }[];
}

/**
 * RF-SISU's own rules, the default; many municipalities' local grants use others (often 60 minutes), so a company
 * may set its own. Frozen: a caller that spreads it into a company's settings cannot change the default for the others.
 */
export const RF_SISU_THRESHOLDS: LokThresholds = Object.freeze({
  min_age: 7,
  max_age: 25,
  min_participants: 3,
  min_leader_age: 13,
  min_minutes: 45, // since 1 July 2023
  max_participants_per_leader: 20, // since 1 July 2023
  // Since 2022.
  weekly_caps: Object.freeze([
    Object.freeze({ from_age: 7, to_age: 9, cap: 3 }),
    Object.freeze({ from_age: 10, to_age: 25, cap: 5 }),
  ]) as LokThresholds["weekly_caps"],
});

export interface LokPerson {
  member_id: number;
  birthdate: string | null; // YYYY-MM-DD
  disability: boolean;
  member: boolean;
}

export interface LokOccasionInput {
  occasion_id: number;
  activity_id: number;
  starts_at: Date;
  duration_minutes: number;
  cancelled: boolean;
  participants: LokPerson[]; // those marked present
  leaders: LokPerson[]; // leaders marked present
}

export type LokReason =
  | { code: "CANCELLED" }
  | { code: "TOO_SHORT"; minutes: number; min: number }
  | { code: "TOO_FEW_PARTICIPANTS"; counted: number; min: number }
  | { code: "NO_LEADER"; min_age: number }
  | { code: "TOO_MANY_PER_LEADER"; participants: number; leaders: number; max: number };

export type LokNotCounted = "AGE" | "NO_BIRTHDATE" | "NOT_MEMBER" | "WEEKLY_CAP" | "LEADER";

export interface LokOccasionResult {
  occasion_id: number;
  activity_id: number;
  date: string; // local YYYY-MM-DD
  qualifies: boolean;
  counted_participants: number;
  counted_leaders: number;
  /** Empty when it qualifies; otherwise every rule it fails, not just the first. A cancelled one: CANCELLED only. */
  reasons: LokReason[];
  /**
   * One entry per distinct participant, in the input's order. `counted` means counted in this occasion's tally, also
   * when the occasion itself fails; a cancelled occasion counts nobody and gives no `not_counted`.
   */
  participants: { member_id: number; counted: boolean; not_counted?: LokNotCounted }[];
}

/** Age as RF-SISU counts it: the year of the occasion minus the year of birth, so "the year they turn 7". */
function ageInYear(birthdate: string | null, year: number): number | null {
  // A birthdate that does not start with a year is as good as none: no age can be read from it.
  if (!birthdate || !/^\d{4}-/.test(birthdate)) return null;
  return year - Number(birthdate.slice(0, 4));
}

/**
 * The weekly cap of an age: its band's; above every band (only someone with a disability gets there, having no upper
 * age) the highest band's. An age in no band (a company's own bands with a gap, or none at all) has no cap.
 */
function capOf(age: number, bands: LokThresholds["weekly_caps"]): number {
  let highest: LokThresholds["weekly_caps"][number] | undefined;
  for (const band of bands) {
    if (age >= band.from_age && age <= band.to_age) return band.cap;
    if (!highest || band.to_age > highest.to_age) highest = band;
  }
  return highest && age > highest.to_age ? highest.cap : Infinity;
}

/** The occasions in the order they happened (ties by occasion_id): the weekly caps are used up in that order. */
function inTimeOrder(occasions: LokOccasionInput[]): LokOccasionInput[] {
  return occasions
    .map((occasion) => ({ occasion, time: occasion.starts_at.getTime() }))
    .sort((a, b) => a.time - b.time || a.occasion.occasion_id - b.occasion.occasion_id)
    .map(({ occasion }) => occasion);
}

/**
 * Every occasion's verdict, in the order they happened. The weekly caps count across every activity in the input, so
 * give it everything a company reports for the period (and the days of the first week before it, if that week
 * straddles the period's start).
 */
export function evaluateLok(
  occasions: LokOccasionInput[],
  thresholds: LokThresholds,
  timeZone: string,
): LokOccasionResult[] {
  const localDate = localDateReader(timeZone);
  /** Per ISO week (its Monday's day number), per member: the qualifying occasions they were counted in. */
  const weeks = new Map<number, Map<number, number>>();
  return inTimeOrder(occasions).map((occasion) => {
    const date = localDate(occasion.starts_at);
    const result: LokOccasionResult = {
      occasion_id: occasion.occasion_id,
      activity_id: occasion.activity_id,
      date,
      qualifies: false,
      counted_participants: 0,
      counted_leaders: 0,
      reasons: [],
      participants: [],
    };
    const seen = new Set<number>();
    if (occasion.cancelled) {
      // A cancelled occasion was not held: nothing else about it is worth the treasurer's reading.
      result.reasons.push({ code: "CANCELLED" });
      for (const person of occasion.participants)
        if (!seen.has(person.member_id)) {
          seen.add(person.member_id);
          result.participants.push({ member_id: person.member_id, counted: false });
        }
      return result;
    }

    const year = Number(date.slice(0, 4));
    const week = isoWeekKey(date);
    const used = weeks.get(week) ?? new Map<number, number>();
    weeks.set(week, used);

    // Leaders: by birth year like the participants, with no upper age; membership is asked of participants only.
    const leaders = new Set<number>();
    for (const leader of occasion.leaders) {
      if (leaders.has(leader.member_id)) continue;
      leaders.add(leader.member_id);
      const age = ageInYear(leader.birthdate, year);
      if (age !== null && age >= thresholds.min_leader_age) result.counted_leaders++;
    }

    const counted: number[] = [];
    for (const person of occasion.participants) {
      if (seen.has(person.member_id)) continue; // listed twice: one person, counted once
      seen.add(person.member_id);
      const notCounted = participantRule(person, year, leaders, used, thresholds);
      if (notCounted)
        result.participants.push({ member_id: person.member_id, counted: false, not_counted: notCounted });
      else {
        result.participants.push({ member_id: person.member_id, counted: true });
        counted.push(person.member_id);
      }
    }
    result.counted_participants = counted.length;

    result.reasons = occasionRules(occasion, counted.length, result.counted_leaders, thresholds);
    result.qualifies = result.reasons.length === 0;
    // Only a reported occasion uses up a week's allowance: one that fails takes nothing from its participants.
    if (result.qualifies) for (const member of counted) used.set(member, (used.get(member) ?? 0) + 1);
    return result;
  });
}

/** Why a participant does not count, or null when they do. The first rule that applies, in the order below. */
function participantRule(
  person: LokPerson,
  year: number,
  leaders: Set<number>,
  used: Map<number, number>,
  thresholds: LokThresholds,
): LokNotCounted | null {
  // Listed as both: a leader is not a participant, and leading is what the occasion needs of them.
  if (leaders.has(person.member_id)) return "LEADER";
  if (!person.member) return "NOT_MEMBER";
  const age = ageInYear(person.birthdate, year);
  if (age === null) return "NO_BIRTHDATE";
  // People with a disability have no upper age; the lower one still applies.
  if (age < thresholds.min_age || (age > thresholds.max_age && !person.disability)) return "AGE";
  if ((used.get(person.member_id) ?? 0) >= capOf(age, thresholds.weekly_caps)) return "WEEKLY_CAP";
  return null;
}

/** Every rule of the occasion it fails, in a fixed order. */
function occasionRules(
  occasion: LokOccasionInput,
  participants: number,
  leaders: number,
  thresholds: LokThresholds,
): LokReason[] {
  const reasons: LokReason[] = [];
  if (occasion.duration_minutes < thresholds.min_minutes)
    reasons.push({ code: "TOO_SHORT", minutes: occasion.duration_minutes, min: thresholds.min_minutes });
  if (participants < thresholds.min_participants)
    reasons.push({ code: "TOO_FEW_PARTICIPANTS", counted: participants, min: thresholds.min_participants });
  if (leaders === 0) reasons.push({ code: "NO_LEADER", min_age: thresholds.min_leader_age });
  // Without a leader NO_LEADER says it already; a ratio to zero leaders would say nothing more.
  else if (participants > thresholds.max_participants_per_leader * leaders)
    reasons.push({ code: "TOO_MANY_PER_LEADER", participants, leaders, max: thresholds.max_participants_per_leader });
  return reasons;
}

/** A reason as a sentence for the treasurer. */
export function lokReasonText(reason: LokReason, locale: Lang): string {
  const texts = lokTexts(locale).reasons;
  switch (reason.code) {
    case "CANCELLED":
      return texts.CANCELLED;
    case "TOO_SHORT":
      return texts.TOO_SHORT(reason.minutes, reason.min);
    case "TOO_FEW_PARTICIPANTS":
      return texts.TOO_FEW_PARTICIPANTS(reason.counted, reason.min);
    case "NO_LEADER":
      return texts.NO_LEADER(reason.min_age);
    case "TOO_MANY_PER_LEADER":
      return texts.TOO_MANY_PER_LEADER(reason.participants, reason.leaders, reason.max);
  }
}

/** Why a participant is not counted, as a few words for the treasurer. */
export function lokNotCountedText(reason: LokNotCounted, locale: Lang): string {
  return lokTexts(locale).notCounted[reason];
}
