// Events of a company and their participants. Reads need the event module; writes also EVENT.U. An event is the
// caller's when its company is in the caller's scope (another company's event is 404 `event not found`, like a
// missing one: access.ts assertObjectInScope).
import "server-only";
import type { z } from "zod";
import { db, isUniqueViolation, type Prisma } from "@/lib/db";
import { Conflict, NotFound, ValidationFailed } from "@/lib/errors";
import type { OkResponse } from "@/lib/validation/common";
import {
  formatInZone,
  type CreateEventInput,
  type EventDetail,
  type EventListQueryInput,
  type EventView,
  type UpdateEventInput,
} from "../schemas/event";
import {
  assertCompanyInScope,
  assertObjectInScope,
  assertWritableCompany,
  inScopeWhere,
  requireModule,
  requirePermission,
} from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { eventOfLiveCompany, findLiveCompany } from "@/lib/live-records";
import { memberInScope } from "@/modules/members/services/members";

const eventInclude = { _count: { select: { participants: true } } } satisfies Prisma.EventInclude;
type EventRow = Prisma.EventGetPayload<{ include: typeof eventInclude }>;

function eventView(e: EventRow): z.output<typeof EventView> {
  return {
    id: e.id,
    company_id: e.companyId,
    name: e.name,
    description: e.description,
    location: e.location,
    starts_at: formatInZone(e.startsAt, e.timeZone),
    ends_at: e.endsAt ? formatInZone(e.endsAt, e.timeZone) : null,
    time_zone: e.timeZone,
    capacity: e.capacity,
    participant_count: e._count.participants,
    created_at: e.createdAt.toISOString(),
  };
}

async function eventInScope(caller: Caller, id: number): Promise<EventRow> {
  requireModule(caller, "event");
  const event = await db().event.findFirst({ where: { id, ...eventOfLiveCompany }, include: eventInclude });
  if (!event) throw new NotFound("event not found");
  await assertObjectInScope(caller, event.companyId, "event not found");
  return event;
}

/** GET /v3/events/list?company_id=: the company's events by start time (optionally those not ended before `from`). */
export async function listEvents(caller: Caller, query: EventListQueryInput) {
  requireModule(caller, "event");
  await findLiveCompany(query.company_id);
  await assertCompanyInScope(caller, query.company_id);
  const from = query.from ? new Date(query.from) : undefined;
  const events = await db().event.findMany({
    where: {
      companyId: query.company_id,
      ...(from ? { OR: [{ endsAt: { gte: from } }, { endsAt: null, startsAt: { gte: from } }] } : {}),
    },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    include: eventInclude,
  });
  return events.map(eventView);
}

/** The latest events of every company in the caller's scope (the member search's event filter). */
export async function listEventsInScope(caller: Caller, take = 200) {
  requireModule(caller, "event");
  const events = await db().event.findMany({
    where: { ...eventOfLiveCompany, ...(await inScopeWhere(caller)) },
    orderBy: [{ startsAt: "desc" }, { id: "desc" }],
    include: eventInclude,
    take,
  });
  return events.map(eventView);
}

/** GET /v3/events/{id}: the event with its participants (erased members appear without personal data). */
export async function getEvent(caller: Caller, id: number): Promise<z.output<typeof EventDetail>> {
  const event = await eventInScope(caller, id);
  const participants = await db().eventParticipant.findMany({
    where: { eventId: id },
    orderBy: [{ registeredAt: "asc" }, { memberId: "asc" }],
    include: { member: { select: { firstname: true, lastname: true, email: true } } },
  });
  return {
    ...eventView(event),
    participants: participants.map((p) => ({
      member_id: p.memberId,
      firstname: p.member.firstname,
      lastname: p.member.lastname,
      email: p.member.email,
      registered_at: p.registeredAt.toISOString(),
    })),
  };
}

function eventData(input: UpdateEventInput) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.location !== undefined ? { location: input.location } : {}),
    ...(input.starts_at !== undefined ? { startsAt: input.starts_at } : {}),
    ...(input.ends_at !== undefined ? { endsAt: input.ends_at } : {}),
    ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
  };
}

/** POST /v3/events. */
export async function createEvent(caller: Caller, input: CreateEventInput) {
  await assertWritableCompany(caller, input.company_id, "event", "EVENT.U");
  const event = await db().$transaction(async (tx) => {
    const created = await tx.event.create({
      data: {
        companyId: input.company_id,
        name: input.name,
        description: input.description ?? null,
        location: input.location ?? null,
        startsAt: input.starts_at,
        endsAt: input.ends_at,
        timeZone: input.time_zone,
        capacity: input.capacity ?? null,
      },
      include: eventInclude,
    });
    await recordAudit(tx, caller, {
      action: "event.create",
      objectType: "event",
      objectId: created.id,
      companyId: created.companyId,
      summary: created.name,
    });
    return created;
  });
  return eventView(event);
}

/** PUT /v3/events/{id}: the end must stay after the start, and the capacity at or above the participants registered. */
export async function updateEvent(caller: Caller, id: number, input: UpdateEventInput) {
  const current = await eventInScope(caller, id);
  requirePermission(caller, "EVENT.U");
  const startsAt = input.starts_at ?? current.startsAt;
  const endsAt = input.ends_at ?? current.endsAt;
  if (endsAt && endsAt <= startsAt) throw new ValidationFailed({ ends_at: ["must be after starts_at"] });
  if (input.capacity && input.capacity < current._count.participants) {
    throw new ValidationFailed({
      capacity: [`must be at least the ${current._count.participants} registered participants`],
    });
  }
  const event = await db().$transaction(async (tx) => {
    const updated = await tx.event.update({ where: { id }, data: eventData(input), include: eventInclude });
    await recordAudit(tx, caller, {
      action: "event.update",
      objectType: "event",
      objectId: id,
      companyId: updated.companyId,
      summary: updated.name,
    });
    return updated;
  });
  return eventView(event);
}

/** DELETE /v3/events/{id}: the event and its participant registrations. */
export async function deleteEvent(caller: Caller, id: number): Promise<z.output<typeof OkResponse>> {
  const event = await eventInScope(caller, id);
  requirePermission(caller, "EVENT.U");
  await db().$transaction(async (tx) => {
    await tx.event.delete({ where: { id } });
    await recordAudit(tx, caller, {
      action: "event.delete",
      objectType: "event",
      objectId: id,
      companyId: event.companyId,
      summary: event.name,
    });
  });
  return { ok: true as const };
}

/**
 * POST /v3/events/{id}/participants: registers a member (of a company in the caller's scope). The event row is
 * locked first, so concurrent registrations cannot pass the capacity together; a full event is 409 `event is full`.
 * Registering a registered member changes nothing.
 */
export async function registerParticipant(caller: Caller, id: number, memberId: number) {
  const event = await eventInScope(caller, id);
  requirePermission(caller, "EVENT.U");
  await memberInScope(caller, memberId).catch((error) => {
    if (error instanceof NotFound) throw new ValidationFailed({ member_id: ["member not found"] });
    throw error;
  });
  try {
    await db().$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE "Event" SET "id" = "id" WHERE "id" = ${id}`; // a no-op write: takes the row lock
      if (await tx.eventParticipant.findUnique({ where: { eventId_memberId: { eventId: id, memberId } } })) return;
      const fresh = await tx.event.findUniqueOrThrow({
        where: { id },
        select: { capacity: true, _count: { select: { participants: true } } },
      });
      if (fresh.capacity !== null && fresh._count.participants >= fresh.capacity) throw new Conflict("event is full");
      await tx.eventParticipant.create({ data: { eventId: id, memberId } });
      await recordAudit(tx, caller, {
        action: "event.register",
        objectType: "event",
        objectId: id,
        companyId: event.companyId,
        summary: `member ${memberId}`,
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // a concurrent registration of the same member won
  }
  return getEvent(caller, id);
}

/** DELETE /v3/events/{id}/participants/{member_id}. Unregistering someone not registered changes nothing. */
export async function unregisterParticipant(caller: Caller, id: number, memberId: number) {
  const event = await eventInScope(caller, id);
  requirePermission(caller, "EVENT.U");
  await db().$transaction(async (tx) => {
    const removed = await tx.eventParticipant.deleteMany({ where: { eventId: id, memberId } });
    if (removed.count) {
      await recordAudit(tx, caller, {
        action: "event.unregister",
        objectType: "event",
        objectId: id,
        companyId: event.companyId,
        summary: `member ${memberId}`,
      });
    }
  });
  return getEvent(caller, id);
}
