// The activities scenario of `npm run bench` (docs/api.md "Activities and attendance"): a club with 500 activities of
// 40 occasions each (Monday and Thursday for 20 weeks of the last finished half-year) and 20 enrolled participants
// plus a leader per activity, against the running server:
//   1. attendance for all 20,000 occasions (21 PRESENT records each) through PUT /v3/occasions/{id}/attendance at N
//      connections, next to the same rows written by plain SQL in the bench process (one transaction per occasion
//      inserting its records and their history, at the same concurrency), and
//   2. GET /v3/lok-report over that half-year next to one SQL query that reads what the report reads (every
//      occasion's PRESENT records with the people's birthdates), with the server's RSS sampled every 100 ms.
// Writes its section (`<provider>-activities`) into BENCHMARKS.md.
//
// Alone (npm run build first), against a server of its own on a fresh database, its section into data/bench/activities.md:
//   npx tsx --conditions=react-server scripts/bench-activities.ts [--db sqlite|postgres] [--activities 500] [--connections 16]
//     [--out BENCHMARKS.md]  (its section replaces the same one of a full run there)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { dateOfDay, epochDay, isoWeekday } from "../lib/calendar";
import { bearerOfNewKey, runAlone } from "./lib/bench-alone";
import { machineLines, mergeSection } from "./lib/bench-report";
import { serverNodeVersion, serverProcess } from "./lib/bench-stack";

const OCCASIONS_PER_ACTIVITY = 40;
const PARTICIPANTS_PER_ACTIVITY = 20;
/** The report's memory: what the server may grow by while it answers, over its RSS before. */
const REPORT_GROWTH_MB = 150;
const REPORT_RUNS = 3;

interface Plan {
  companyId: string;
  from: string;
  to: string;
  /** Per occasion: its id and the records a leader sends. */
  occasions: { id: number; records: { member_id: number; role: "PARTICIPANT" | "LEADER" }[] }[];
}

/** The last half-year that has ended: its attendance can be recorded (no occasion is in the future). */
function lastHalfYear(now = new Date()): { from: string; to: string } {
  const year = now.getUTCFullYear();
  return now.getUTCMonth() >= 6
    ? { from: `${year}-01-01`, to: `${year}-06-30` }
    : { from: `${year - 1}-07-01`, to: `${year - 1}-12-31` };
}

/** The club, its people, activities (occasions planned by the service) and enrollments. */
export async function prepare(parentId: string, activities: number): Promise<Plan> {
  const { db } = await import("../lib/db");
  const { operatorCaller } = await import("../modules/access/services/caller");
  const { createCompany } = await import("../modules/companies/services/changes");
  const { createActivity } = await import("../modules/activities/services/activities");
  const { CreateActivityRequest } = await import("../modules/activities/schemas/activity");
  const op = operatorCaller();
  const company = await createCompany(op, { name: "Aktivitetsklubben", orgNumber: "802000-0021", parentId });
  const { from, to } = lastHalfYear();
  // 20 weeks from the first Monday of the half-year: Mondays and Thursdays, 40 occasions.
  const firstMonday = epochDay(from) + ((8 - isoWeekday(epochDay(from))) % 7);
  const lastThursday = firstMonday + 19 * 7 + 3;
  const people = activities * (PARTICIPANTS_PER_ACTIVITY + 1);
  const year = Number(from.slice(0, 4));
  for (let at = 0; at < people; at += 1000) {
    await db().member.createMany({
      data: Array.from({ length: Math.min(1000, people - at) }, (_, i) => {
        const n = at + i;
        const leader = n % (PARTICIPANTS_PER_ACTIVITY + 1) === 0;
        return {
          uuid: crypto.randomUUID(),
          organizationId: company.id,
          firstname: `Deltagare${n}`,
          lastname: "Bench",
          // Participants 8 to 17 in the report's year; leaders adults.
          birthdate: leader ? "1990-04-01" : `${year - 8 - (n % 10)}-0${1 + (n % 9)}-15`,
          gender: n % 2 ? "FEMALE" : "MALE",
        };
      }),
    });
  }
  const ids = (
    await db().member.findMany({ where: { organizationId: company.id }, select: { id: true }, orderBy: { id: "asc" } })
  ).map((m) => m.id);
  const plan: Plan = { companyId: company.id, from, to, occasions: [] };
  for (let a = 0; a < activities; a++) {
    const group = ids.slice(a * (PARTICIPANTS_PER_ACTIVITY + 1), (a + 1) * (PARTICIPANTS_PER_ACTIVITY + 1));
    const [leader, ...participants] = group;
    const activity = await createActivity(
      op,
      CreateActivityRequest.parse({
        company_id: company.id,
        name: `Grupp ${a + 1}`,
        leader_ids: [leader],
        skip_holidays: false,
        schedule: [1, 4].map((weekday) => ({
          weekday,
          start_time: "17:00",
          duration_minutes: 60,
          from: dateOfDay(firstMonday),
          to: dateOfDay(lastThursday),
        })),
      }),
    );
    const now = new Date();
    await db().activityParticipant.createMany({
      data: participants.map((memberId) => ({
        activityId: activity.id,
        memberId,
        status: "ENROLLED",
        enrolledAt: now,
      })),
    });
    const occasions = await db().occasion.findMany({
      where: { activityId: activity.id },
      select: { id: true },
      orderBy: { startsAt: "asc" },
    });
    if (occasions.length !== OCCASIONS_PER_ACTIVITY)
      throw new Error(`activity ${activity.id} has ${occasions.length} occasions, not ${OCCASIONS_PER_ACTIVITY}`);
    const records = [
      { member_id: leader, role: "LEADER" as const },
      ...participants.map((member_id) => ({ member_id, role: "PARTICIPANT" as const })),
    ];
    for (const o of occasions) plan.occasions.push({ id: o.id, records });
  }
  return plan;
}

/** Runs `work` for every item with `connections` at a time; each item's latency in ms. */
async function pool<T>(items: T[], connections: number, work: (item: T) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < items.length) {
        const item = items[next++];
        const t = performance.now();
        await work(item);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { seconds, perSecond: items.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** The same rows as the API writes, by plain SQL: per occasion one transaction with its records and their history. */
async function sqlAttendance(plan: Plan, connections: number) {
  const { db, Prisma } = await import("../lib/db");
  const figures = await pool(plan.occasions, connections, async (o) => {
    const at = new Date();
    await db().$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO "Attendance" ("occasionId", "memberId", "role", "status", "recordedAt", "recordedBy")
        VALUES ${Prisma.join(o.records.map((r) => Prisma.sql`(${o.id}, ${r.member_id}, ${r.role}, 'PRESENT', ${at}, 'bench')`))}`;
      await tx.$executeRaw`INSERT INTO "AttendanceChange" ("occasionId", "memberId", "fromStatus", "toStatus", "changedAt", "changedBy")
        VALUES ${Prisma.join(o.records.map((r) => Prisma.sql`(${o.id}, ${r.member_id}, NULL, 'PRESENT', ${at}, 'bench')`))}`;
    });
  });
  const occasionIds = { occasion: { activity: { companyId: plan.companyId } } };
  await db().attendanceChange.deleteMany({ where: occasionIds });
  await db().attendance.deleteMany({ where: occasionIds });
  return figures;
}

/** What the report reads, as one query: every PRESENT record of the period's occasions with the person's birthdate. */
async function sqlReport(plan: Plan) {
  const { db } = await import("../lib/db");
  // Whole days around the period: every occasion of the plan is weeks inside it, whatever the zone's offset.
  const begin = new Date(Date.parse(`${plan.from}T00:00:00Z`) - 86_400_000);
  const end = new Date(Date.parse(`${plan.to}T00:00:00Z`) + 2 * 86_400_000);
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < REPORT_RUNS; run++) {
    const t = performance.now();
    const result = await db().$queryRaw<unknown[]>`
      SELECT o."id", o."startsAt", o."durationMinutes", a."memberId", a."role", m."birthdate", m."gender"
      FROM "Occasion" o
      JOIN "Activity" ac ON ac."id" = o."activityId"
      JOIN "Attendance" a ON a."occasionId" = o."id" AND a."status" = 'PRESENT'
      JOIN "Member" m ON m."id" = a."memberId"
      WHERE ac."companyId" = ${plan.companyId} AND o."startsAt" >= ${begin} AND o."startsAt" < ${end}
      ORDER BY o."startsAt", o."id"`;
    times.push(performance.now() - t);
    rows = result.length;
  }
  return { ms: Math.min(...times), rows };
}

/** Runs the scenario against the server at `base` (its process tree under `rootPid`) and writes its section. */
export async function benchActivities(options: {
  base: string;
  companyId: string;
  rootPid: number;
  provider: string;
  out: string;
  connections: number;
  activities?: number;
}) {
  const activities = options.activities ?? 500;
  const { provider, connections } = options;
  console.log(`[${provider}] activities: ${activities} x ${OCCASIONS_PER_ACTIVITY} occasions x 20 participants ...`);
  const preparing = performance.now();
  const plan = await prepare(options.companyId, activities);
  const prepareSeconds = (performance.now() - preparing) / 1000;
  const records = plan.occasions.length * (PARTICIPANTS_PER_ACTIVITY + 1);

  console.log(`[${provider}] attendance by plain SQL, ${plan.occasions.length} transactions ...`);
  const sql = await sqlAttendance(plan, connections);
  console.log(`[${provider}] attendance through the API, ${plan.occasions.length} requests ...`);
  const access = { modules: ["activity"], permissions: ["ATTENDANCE.U"] };
  const auth = {
    ...(await bearerOfNewKey(options.base, plan.companyId, "bench attendance", access)),
    "content-type": "application/json",
  };
  let refused = 0;
  const api = await pool(plan.occasions, connections, async (o) => {
    const response = await fetch(`${options.base}/v3/occasions/${o.id}/attendance`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ attendance: o.records.map((r) => ({ member_id: r.member_id, status: "PRESENT" })) }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) refused++;
  });
  const { db } = await import("../lib/db");
  const stored = await db().attendance.count({ where: { occasion: { activity: { companyId: plan.companyId } } } });
  if (refused || stored !== records)
    throw new Error(`attendance: ${refused} requests refused, ${stored} records stored of ${records}`);

  console.log(`[${provider}] the LOK-stöd report over ${plan.from} to ${plan.to} ...`);
  const baseline = await sqlReport(plan);
  const rss = () => serverProcess(options.rootPid)?.rssMb ?? 0;
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  const reportTimes: number[] = [];
  let report: { totals: { occasions: number; qualifying: number; participants_counted: number } } | undefined;
  let bytes = 0;
  try {
    const reader = await bearerOfNewKey(options.base, plan.companyId, "bench report", access);
    for (let run = 0; run < REPORT_RUNS; run++) {
      const t = performance.now();
      const response = await fetch(
        `${options.base}/v3/lok-report?company_id=${plan.companyId}&from=${plan.from}&to=${plan.to}`,
        { headers: reader },
      );
      const text = await response.text();
      reportTimes.push(performance.now() - t);
      if (response.status !== 200) throw new Error(`GET /v3/lok-report: ${response.status} ${text.slice(0, 300)}`);
      bytes = text.length;
      report = JSON.parse(text);
    }
  } finally {
    clearInterval(sampler);
  }
  const totals = report!.totals;
  if (totals.occasions !== plan.occasions.length || totals.qualifying !== plan.occasions.length)
    throw new Error(`the report has ${totals.occasions} occasions, ${totals.qualifying} qualifying`);
  const reportMs = Math.min(...reportTimes);
  const growth = peak - before;
  const apiRatio = api.perSecond / sql.perSecond;
  const reportRatio = reportMs / baseline.ms;

  const fmt = (n: number, digits = 1) => n.toFixed(digits);
  const section =
    `### Activities and attendance (${provider})\n\n` +
    `${machineLines(serverNodeVersion(options.rootPid)).join("\n")}\n\n` +
    `${activities} activities x ${OCCASIONS_PER_ACTIVITY} occasions (Mondays and Thursdays, ${plan.from} to ${plan.to}) x ` +
    `${PARTICIPANTS_PER_ACTIVITY} participants and a leader: ${records} records (prepared in ${fmt(prepareSeconds)} s).\n\n` +
    `| what | value |\n| --- | --- |\n` +
    `| attendance through PUT /v3/occasions/{id}/attendance, ${connections} connections | ${fmt(api.perSecond)} occasions/s (${Math.round(api.perSecond * 21)} records/s), p50 ${fmt(api.p50)} ms, p99 ${fmt(api.p99)} ms, ${fmt(api.seconds)} s in all |\n` +
    `| the same rows by plain SQL (a transaction per occasion, ${connections} at a time, in the bench process) | ${fmt(sql.perSecond)} occasions/s, p50 ${fmt(sql.p50)} ms, ${fmt(sql.seconds)} s in all |\n` +
    `| API / plain SQL | **${fmt(apiRatio, 2)}** |\n` +
    `| GET /v3/lok-report, the half-year (${totals.occasions} occasions, all qualifying; ${fmt(bytes / 1e6, 2)} MB of JSON) | ${fmt(reportMs, 0)} ms (best of ${REPORT_RUNS}: ${reportTimes.map((t) => fmt(t, 0)).join(", ")}) |\n` +
    `| the query that reads what the report reads (${baseline.rows} rows), in-process | ${fmt(baseline.ms, 0)} ms (best of ${REPORT_RUNS}) |\n` +
    `| report / query | **${fmt(reportRatio, 2)}x** |\n` +
    `| server RSS while the report runs, over its RSS before <= ${REPORT_GROWTH_MB} MB | ${fmt(growth, 0)} MB (${fmt(before, 0)} -> ${fmt(peak, 0)} MB): ${growth <= REPORT_GROWTH_MB ? "met" : "**missed**"} |\n\n`;
  const existing = fs.existsSync(options.out) ? fs.readFileSync(options.out, "utf8") : "";
  fs.writeFileSync(options.out, mergeSection(existing, `${provider}-activities`, section));
  console.log(
    `[${provider}] attendance ${fmt(api.perSecond)}/s (SQL ${fmt(sql.perSecond)}/s, ${fmt(apiRatio, 2)}); report ${fmt(reportMs, 0)} ms (query ${fmt(baseline.ms, 0)} ms, ${fmt(reportRatio, 2)}x), RSS +${fmt(growth, 0)} MB`,
  );
}

async function alone() {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "sqlite" },
      activities: { type: "string", default: "500" },
      connections: { type: "string", default: "16" },
      out: { type: "string", default: path.join("data", "bench", "activities.md") },
    },
  });
  const provider = values.db === "postgres" ? "postgres" : "sqlite";
  await runAlone(
    provider,
    "activities",
    {},
    async () => {},
    (stack, companyId) =>
      benchActivities({
        base: stack.base,
        companyId,
        rootPid: stack.root.pid!,
        provider,
        out: path.resolve(values.out),
        connections: Number(values.connections),
        activities: Number(values.activities),
      }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  alone().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
