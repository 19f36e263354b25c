// Generated members for the demo and for benchmarks (`npm run cli -- member:generate --members 100000`): realistic
// Swedish people with memberships, properties and event registrations, written in bulk (one multi-row INSERT per
// table and batch) and deterministic for a given seed. An operator's tool beside the demo seed, not a business rule:
// it writes through Prisma in bulk where the member service writes one checked member at a time. Besides the member
// module, MEMBER.U and the company in scope, creating the reference data takes the subscription_list (properties) and
// event modules.
import "server-only";
import crypto from "node:crypto";
import { stockholmToday, yearsBefore } from "../calendar";
import { db, refreshStatistics } from "../db";
import { ValidationFailed } from "../errors";
import { assertWritableCompany, requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { companyIdsInScope } from "@/modules/companies/services/tree";
import { recordAudit } from "@/modules/audit/services/audit";
import { liveCompany } from "../live-records";
import { DEFAULT_EVENT_TIME_ZONE } from "@/modules/events/schemas/event";
import { createEvent } from "@/modules/events/services/events";
import { createMemberType, createPeriod } from "@/modules/members/services/reference";
import { createProperty } from "@/modules/members/services/properties";

/** First names with the gender the generated member is given (the LOK-stöd report's figures by gender). */
const NAMES_BY_GENDER: Record<string, "FEMALE" | "MALE"> = {
  Anna: "FEMALE",
  Erik: "MALE",
  Maria: "FEMALE",
  Lars: "MALE",
  Karin: "FEMALE",
  Anders: "MALE",
  Eva: "FEMALE",
  Johan: "MALE",
  Sara: "FEMALE",
  Per: "MALE",
  Lena: "FEMALE",
  Nils: "MALE",
  Ingrid: "FEMALE",
  Olof: "MALE",
  Elsa: "FEMALE",
  Åsa: "FEMALE",
  Björn: "MALE",
  Märta: "FEMALE",
  Göran: "MALE",
  Linnéa: "FEMALE",
  Oskar: "MALE",
  Maja: "FEMALE",
  Hugo: "MALE",
  Alva: "FEMALE",
  Liam: "MALE",
  Ebba: "FEMALE",
  Noah: "MALE",
  Wilma: "FEMALE",
  Ali: "MALE",
  Amira: "FEMALE",
};
const FIRST_NAMES = Object.keys(NAMES_BY_GENDER);
const LAST_NAMES = [
  "Andersson",
  "Johansson",
  "Karlsson",
  "Nilsson",
  "Eriksson",
  "Larsson",
  "Olsson",
  "Persson",
  "Svensson",
  "Gustafsson",
  "Pettersson",
  "Jonsson",
  "Jansson",
  "Hansson",
  "Bengtsson",
  "Jönsson",
  "Lindberg",
  "Jakobsson",
  "Magnusson",
  "Lindström",
  "Öberg",
  "Åberg",
  "Ek",
  "Holm",
  "Sjöberg",
  "Hussein",
  "Mohammed",
  "Lundqvist",
  "Berg",
  "Strand",
];
const MEMBER_TYPES = ["Senior", "Junior", "Familj", "Stödmedlem"];
const PROPERTIES = {
  Intressen: ["Träning", "Tävling", "Ledarskap", "Ideellt arbete"],
  Kontakt: ["Vill ha SMS", "Vill ha nyhetsbrev"],
};
const EVENTS = ["Årsmöte", "Sommarläger", "Julfest", "Prova-på-dag"];
const BATCH = 1000;

/** mulberry32: a small seeded PRNG, so the same seed gives the same organization. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

function asciiLocal(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z]/g, "");
}

export interface GenerateMembersInput {
  /** The organization the members belong to; memberships go to it or its live sub-companies. */
  company_id: string;
  members: number;
  seed?: number;
}

/** The organization's reference data, created on first use: this and last year's periods, member types, properties, events. */
async function referenceData(caller: Caller, companyId: string) {
  const year = Number(stockholmToday().slice(0, 4));
  const periods = await db().period.findMany({ where: { companyId }, orderBy: { startsOn: "desc" }, take: 2 });
  if (periods.length < 2) {
    for (const y of [year - 1, year])
      await createPeriod(caller, {
        company_id: companyId,
        name: String(y),
        start_date: `${y}-01-01`,
        end_date: `${y}-12-31`,
      });
  }
  let types = await db().memberType.findMany({ where: { companyId }, select: { id: true } });
  if (types.length === 0) {
    for (const name of MEMBER_TYPES) await createMemberType(caller, { company_id: companyId, name });
    types = await db().memberType.findMany({ where: { companyId }, select: { id: true } });
  }
  let props = await db().property.findMany({ where: { group: { companyId } }, select: { id: true } });
  if (props.length === 0) {
    for (const [group, names] of Object.entries(PROPERTIES))
      for (const name of names) await createProperty(caller, { company_id: companyId, group_name: group, name });
    props = await db().property.findMany({ where: { group: { companyId } }, select: { id: true } });
  }
  let events = await db().event.findMany({ where: { companyId }, select: { id: true } });
  if (events.length === 0) {
    for (const [i, name] of EVENTS.entries()) {
      const month = String(i * 3 + 3).padStart(2, "0");
      await createEvent(caller, {
        company_id: companyId,
        name,
        location: "Klubbhuset",
        starts_at: new Date(`${year}-${month}-15T16:00:00Z`),
        ends_at: new Date(`${year}-${month}-15T19:00:00Z`),
        time_zone: DEFAULT_EVENT_TIME_ZONE,
        capacity: null,
      });
    }
    events = await db().event.findMany({ where: { companyId }, select: { id: true } });
  }
  const [current, previous] = await db().period.findMany({
    where: { companyId },
    orderBy: { startsOn: "desc" },
    take: 2,
    select: { id: true },
  });
  return {
    current: current.id,
    previous: previous.id,
    typeIds: types.map((t) => t.id),
    propIds: props.map((p) => p.id),
    eventIds: events.map((e) => e.id),
  };
}

/**
 * Adds `members` generated members to the organization, in batches of 1000 (each batch one transaction), and
 * returns how many rows of each kind were written.
 */
export async function generateMembers(caller: Caller, input: GenerateMembersInput) {
  requireModule(caller, "member");
  if (!Number.isSafeInteger(input.members) || input.members < 1 || input.members > 1_000_000) {
    throw new ValidationFailed({ members: ["must be a whole number from 1 to 1000000"] });
  }
  await assertWritableCompany(caller, input.company_id, "member", "MEMBER.U");
  const ref = await referenceData(caller, input.company_id);
  const tree = await companyIdsInScope({
    ...caller,
    scope: { kind: "companies", companyIds: [input.company_id], includeDescendants: true },
  });
  const companies = (
    await db().company.findMany({
      where: { id: { in: tree ?? [input.company_id] }, ...liveCompany },
      select: { id: true },
      orderBy: { id: "asc" },
    })
  ).map((c) => c.id);
  const rnd = random(input.seed ?? 1);
  const today = stockholmToday();
  const now = Date.now();
  const counts = { members: 0, memberships: 0, properties: 0, participations: 0 };
  const runId = crypto.randomBytes(3).toString("hex");
  for (let start = 0; start < input.members; start += BATCH) {
    const size = Math.min(BATCH, input.members - start);
    const people = Array.from({ length: size }, (_, i) => {
      const firstname = rnd.pick(FIRST_NAMES);
      const lastname = rnd.pick(LAST_NAMES);
      const n = start + i;
      return {
        uuid: crypto.randomUUID(),
        organizationId: input.company_id,
        firstname,
        lastname,
        gender: NAMES_BY_GENDER[firstname],
        email: rnd.next() < 0.9 ? `${asciiLocal(firstname)}.${asciiLocal(lastname)}.${runId}${n}@example.se` : null,
        phone:
          rnd.next() < 0.6 ? `07${rnd.int(0, 9)}-${rnd.int(100, 999)} ${rnd.int(10, 99)} ${rnd.int(10, 99)}` : null,
        birthdate: `${yearsBefore(today, rnd.int(6, 80)).slice(0, 5)}${String(rnd.int(1, 12)).padStart(2, "0")}-${String(rnd.int(1, 28)).padStart(2, "0")}`,
        createdAt: new Date(now - rnd.int(0, 3 * 365 * 24 * 3600) * 1000),
      };
    });
    await db().$transaction(
      async (tx) => {
        const rows = await tx.member.createManyAndReturn({ data: people, select: { id: true } });
        const memberships: {
          memberId: number;
          companyId: string;
          periodId: number;
          memberTypeId: number;
          status: string;
        }[] = [];
        const properties: { memberId: number; propertyId: number }[] = [];
        const participations: { memberId: number; eventId: number }[] = [];
        for (const { id } of rows) {
          const companyId = rnd.pick(companies);
          const roll = rnd.next();
          const status = roll < 0.8 ? "MEMBER" : roll < 0.85 ? "PENDING_EXIT" : "EXITED";
          memberships.push({
            memberId: id,
            companyId,
            periodId: ref.current,
            memberTypeId: rnd.pick(ref.typeIds),
            status,
          });
          if (rnd.next() < 0.3)
            memberships.push({
              memberId: id,
              companyId,
              periodId: ref.previous,
              memberTypeId: rnd.pick(ref.typeIds),
              status: "MEMBER",
            });
          for (const propertyId of new Set([rnd.pick(ref.propIds), rnd.pick(ref.propIds)].slice(0, rnd.int(0, 2))))
            properties.push({ memberId: id, propertyId });
          if (rnd.next() < 0.1) participations.push({ memberId: id, eventId: rnd.pick(ref.eventIds) });
        }
        await tx.membership.createMany({ data: memberships });
        if (properties.length) await tx.memberProperty.createMany({ data: properties });
        if (participations.length) await tx.eventParticipant.createMany({ data: participations });
        counts.members += rows.length;
        counts.memberships += memberships.length;
        counts.properties += properties.length;
        counts.participations += participations.length;
        // A batch took over Prisma's default 5 s on a loaded 2-core machine (the bench on PostgreSQL).
      },
      { timeout: 60_000 },
    );
  }
  await refreshStatistics(["Member", "Membership", "MemberProperty", "EventParticipant"]);
  await db().$transaction((tx) =>
    recordAudit(tx, caller, {
      action: "member.create",
      objectType: "member",
      objectId: `generated:${runId}`,
      companyId: input.company_id,
      summary: `${counts.members} generated members`,
    }),
  );
  return { company_id: input.company_id, ...counts };
}
