// The LOK-stöd report of a company over a period (usually a half-year): every occasion of its activities with whether
// it qualifies under the company's thresholds (RF-SISU's unless it set its own) and why not, per activity and in
// total. The whole week holding `from` is read, so a participant's weekly cap counts the days of that week before the
// period; those occasions are not reported.
import "server-only";
import { TZDate } from "@date-fns/tz";
import { stringify } from "csv-stringify/sync";
import type { z } from "zod";
import { db } from "@/lib/db";
import { findLiveCompany } from "@/lib/live-records";
import type { Lang } from "@/lib/i18n/lang";
import { assertCompanyInScope, assertWritableCompany, requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { DEFAULT_EVENT_TIME_ZONE, formatInZone } from "@/modules/events/schemas/event";
import { CSV_OPTIONS } from "@/modules/lists/services/subscribers-export";
import type { LokReport, LokReportQueryInput, LokSettingsView, UpdateLokSettingsInput } from "../schemas/lok";
import { lokReportTexts } from "../texts/lok";
import { dateOfDay, epochDay, isoWeekday } from "@/lib/calendar";
import type { Gender } from "@/modules/members/schemas/report-fields";
import { LokPeople } from "./lok-people";
import { evaluateLok, lokHalfYear, lokReasonText, RF_SISU_THRESHOLDS, type LokOccasionInput } from "./lok-rules";

/** The report's calendar: Swedish grants count Swedish days and weeks, whatever zone an activity writes its times in. */
const timeZone = DEFAULT_EVENT_TIME_ZONE;

async function settingsOf(companyId: string): Promise<z.output<typeof LokSettingsView>> {
  const own = await db().lokSettings.findUnique({ where: { companyId } });
  const weekly_caps = RF_SISU_THRESHOLDS.weekly_caps.map((band) => ({ ...band }));
  if (!own) return { company_id: companyId, source: "RF_SISU", ...RF_SISU_THRESHOLDS, weekly_caps };
  return {
    company_id: companyId,
    source: "COMPANY",
    min_age: own.minAge,
    max_age: own.maxAge,
    min_participants: own.minParticipants,
    min_leader_age: own.minLeaderAge,
    min_minutes: own.minMinutes,
    max_participants_per_leader: own.maxParticipantsPerLeader,
    weekly_caps,
  };
}

/** GET /v3/lok-report/settings?company_id=. */
export async function getLokSettings(caller: Caller, companyId: string) {
  requireModule(caller, "activity");
  await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  return settingsOf(companyId);
}

/** PUT /v3/lok-report/settings: the company's own thresholds (a municipality's grant). */
export async function updateLokSettings(caller: Caller, input: UpdateLokSettingsInput) {
  await assertWritableCompany(caller, input.company_id, "activity", "ACTIVITY.U");
  const data = {
    minAge: input.min_age,
    maxAge: input.max_age,
    minParticipants: input.min_participants,
    minLeaderAge: input.min_leader_age,
    minMinutes: input.min_minutes,
    maxParticipantsPerLeader: input.max_participants_per_leader,
  };
  await db().$transaction(async (tx) => {
    await tx.lokSettings.upsert({
      where: { companyId: input.company_id },
      create: { companyId: input.company_id, ...data },
      update: data,
    });
    await recordAudit(tx, caller, {
      action: "company.lok_settings",
      objectType: "company",
      objectId: input.company_id,
      companyId: input.company_id,
      summary: `${input.min_minutes} min, ${input.min_participants} participants, ages ${input.min_age}-${input.max_age}`,
    });
  });
  return settingsOf(input.company_id);
}

/** Midnight starting a local date in the report's zone. */
const startOfDay = (date: string) =>
  new Date(
    new TZDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), timeZone).getTime(),
  );

/** Figures by gender: participant-attendances counted on qualifying occasions. */
type ByGender = z.output<typeof LokReport>["totals"]["counted_by_gender"];
const noGender = (): ByGender => ({ female: 0, male: 0, other: 0, unknown: 0 });
const GENDER_KEY = { FEMALE: "female", MALE: "male", OTHER: "other" } as const;

/** The report's weeks: Monday to Monday, from the week holding `from` through the week holding `to`. */
function* reportWeeks(from: string, to: string): Generator<{ begin: Date; end: Date }> {
  const first = epochDay(from) - (isoWeekday(epochDay(from)) - 1);
  for (let monday = first; monday <= epochDay(to); monday += 7)
    yield { begin: startOfDay(dateOfDay(monday)), end: startOfDay(dateOfDay(monday + 7)) };
}

/**
 * GET /v3/lok-report?company_id=&from=&to=. The weekly caps start afresh every ISO week, so the report is evaluated a
 * week at a time: what it holds at once is one week's occasions and attendance, the people seen so far and the rows.
 */
export async function lokReport(caller: Caller, query: LokReportQueryInput): Promise<z.output<typeof LokReport>> {
  requireModule(caller, "activity");
  await findLiveCompany(query.company_id);
  await assertCompanyInScope(caller, query.company_id);
  const companyId = query.company_id;
  const [settings, people, activities] = await Promise.all([
    settingsOf(companyId),
    LokPeople.of(companyId),
    db().activity.findMany({ where: { companyId }, select: { id: true, name: true, location: true } }),
  ]);
  const activityById = new Map(activities.map((a) => [a.id, a]));
  const rows: z.output<typeof LokReport>["occasions"] = [];
  const genders = new Map<number, ByGender>();
  for (const week of reportWeeks(query.from, query.to)) {
    const inWeek = { activity: { companyId }, startsAt: { gte: week.begin, lt: week.end } };
    const [occasions, present] = await Promise.all([
      db().occasion.findMany({ where: inWeek, orderBy: [{ startsAt: "asc" }, { id: "asc" }] }),
      db().attendance.findMany({
        where: { status: "PRESENT", occasion: inWeek },
        select: { occasionId: true, memberId: true, role: true },
      }),
    ]);
    await people.load(present.map((a) => a.memberId));
    const byOccasion = Map.groupBy(present, (a) => a.occasionId);
    const inputs: LokOccasionInput[] = occasions.map((o) => {
      const attendees = byOccasion.get(o.id) ?? [];
      const person = (a: { memberId: number }) => people.asOf(a.memberId, o.startsAt);
      return {
        occasion_id: o.id,
        activity_id: o.activityId,
        starts_at: o.startsAt,
        duration_minutes: o.durationMinutes,
        cancelled: o.status === "CANCELLED",
        participants: attendees.filter((a) => a.role === "PARTICIPANT").map(person),
        leaders: attendees.filter((a) => a.role === "LEADER").map(person),
      };
    });
    const occasionById = new Map(occasions.map((o) => [o.id, o]));
    for (const r of evaluateLok(inputs, settings, timeZone)) {
      if (r.date < query.from || r.date > query.to) continue;
      const o = occasionById.get(r.occasion_id)!;
      rows.push({
        occasion_id: r.occasion_id,
        activity_id: r.activity_id,
        date: r.date,
        starts_at: formatInZone(o.startsAt, timeZone),
        duration_minutes: o.durationMinutes,
        location: o.location ?? activityById.get(o.activityId)?.location ?? null,
        qualifies: r.qualifies,
        participants_present: r.participants.length,
        participants_counted: r.counted_participants,
        leaders_counted: r.counted_leaders,
        reasons: r.reasons.map((reason) => ({ code: reason.code, text: lokReasonText(reason, query.lang) })),
      });
      if (!r.qualifies) continue;
      const figures = genders.get(r.activity_id) ?? noGender();
      genders.set(r.activity_id, figures);
      for (const p of r.participants) if (p.counted) figures[gender(people.gender(p.member_id))]++;
    }
  }
  const counted = (list: typeof rows) => list.reduce((sum, r) => sum + (r.qualifies ? r.participants_counted : 0), 0);
  const half = lokHalfYear(query.from);
  const perActivity = [...Map.groupBy(rows, (r) => r.activity_id)].map(([activityId, list]) => ({
    activity_id: activityId,
    name: activityById.get(activityId)?.name ?? "",
    occasions: list.length,
    qualifying: list.filter((r) => r.qualifies).length,
    participants_counted: counted(list),
    counted_by_gender: genders.get(activityId) ?? noGender(),
  }));
  const totalByGender = noGender();
  for (const a of perActivity)
    for (const key of Object.keys(totalByGender) as (keyof ByGender)[]) totalByGender[key] += a.counted_by_gender[key];
  return {
    company_id: companyId,
    from: query.from,
    to: query.to,
    due: half.from === query.from && half.to === query.to ? half.due : null,
    settings,
    totals: {
      occasions: rows.length,
      qualifying: rows.filter((r) => r.qualifies).length,
      participants_counted: counted(rows),
      counted_by_gender: totalByGender,
    },
    activities: perActivity,
    occasions: rows,
  };
}

const gender = (value: Gender | null): keyof ByGender => (value ? GENDER_KEY[value] : "unknown");

/** The report as CSV for a spreadsheet: one row per occasion, headings in the chosen language. */
export function lokReportCsv(report: z.output<typeof LokReport>, lang: Lang): string {
  const t = lokReportTexts(lang);
  const names = new Map(report.activities.map((a) => [a.activity_id, a.name]));
  const lines = report.occasions.map((o) => [
    names.get(o.activity_id) ?? "",
    o.date,
    o.starts_at.slice(11, 16),
    String(o.duration_minutes),
    o.location ?? "",
    String(o.participants_present),
    String(o.participants_counted),
    String(o.leaders_counted),
    o.qualifies ? t.yes : t.no,
    o.reasons.map((r) => r.text).join(". "),
  ]);
  return `\uFEFF${stringify([t.headings, ...lines], CSV_OPTIONS)}`;
}

/** The CSV as a download named by its period (/v3 and the dashboard alike). */
export function lokReportCsvResponse(
  report: z.output<typeof LokReport>,
  query: { from: string; to: string; lang: Lang },
): Response {
  return new Response(lokReportCsv(report, query.lang), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="lok-${query.from}-${query.to}.csv"`,
    },
  });
}
