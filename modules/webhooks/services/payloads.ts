// What an event's payload says, built by the worker when it fans the event out from the ids the service recorded
// (webhook-events.ts): the data as it is then. Each data object is parsed by its event type's schema in
// modules/webhooks/schemas/webhooks.ts, so what is sent is what the OpenAPI document's `webhooks` describe.
import "server-only";
import { db } from "@/lib/db";
import { WEBHOOK_PAYLOADS, type WebhookEventType } from "../schemas/webhooks";
import type { WebhookEventRefs } from "./events";

interface StoredEvent {
  type: string;
  companyId: string;
  payload: string;
  createdAt: Date;
}

const schemas = new Map(WEBHOOK_PAYLOADS.map((p) => [p.type as string, p.schema]));

interface MemberRow {
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  erasedAt: Date | null;
}

/**
 * The members and lists a batch of events names, read in two statements for the whole batch: read per event, they
 * cost a fan-out round one or two statements an event, most of the worker's time.
 */
interface Sources {
  members: Map<number, MemberRow>;
  listNames: Map<number, string>;
}

type AnyRefs = { member_id?: number; list_id?: number };

async function sourcesOf(refs: AnyRefs[]): Promise<Sources> {
  const memberIds = [...new Set(refs.flatMap((r) => (typeof r.member_id === "number" ? [r.member_id] : [])))];
  const listIds = [...new Set(refs.flatMap((r) => (typeof r.list_id === "number" ? [r.list_id] : [])))];
  const [members, lists] = await Promise.all([
    memberIds.length
      ? db().member.findMany({
          where: { id: { in: memberIds } },
          select: { id: true, email: true, firstname: true, lastname: true, erasedAt: true },
        })
      : [],
    listIds.length
      ? db().subscriptionList.findMany({ where: { id: { in: listIds } }, select: { id: true, name: true } })
      : [],
  ]);
  return { members: new Map(members.map((m) => [m.id, m])), listNames: new Map(lists.map((l) => [l.id, l.name])) };
}

function memberData(sources: Sources, companyId: string, memberId: number) {
  const member = sources.members.get(memberId);
  const erased = !member || member.erasedAt !== null;
  return {
    company_id: companyId,
    member_id: memberId,
    email: erased ? null : member.email,
    firstname: erased ? null : member.firstname,
    lastname: erased ? null : member.lastname,
  };
}

function subscriptionData(sources: Sources, companyId: string, refs: { list_id: number; member_id: number }) {
  const { email } = memberData(sources, companyId, refs.member_id);
  return {
    company_id: companyId,
    member_id: refs.member_id,
    email,
    list_id: refs.list_id,
    list_name: sources.listNames.get(refs.list_id) ?? "",
  };
}

async function sendoutData(companyId: string, sendoutId: number) {
  const [sendout, byStatus] = await Promise.all([
    db().sendout.findUnique({ where: { id: sendoutId }, select: { subject: true } }),
    db().sendoutRecipient.groupBy({ by: ["status"], where: { sendoutId }, _count: { _all: true } }),
  ]);
  const count = (status?: string) =>
    byStatus.filter((r) => !status || r.status === status).reduce((n, r) => n + r._count._all, 0);
  return {
    company_id: companyId,
    sendout_id: sendoutId,
    subject: sendout?.subject ?? "",
    recipients: count(),
    sent: count("SENT"),
    failed: count("FAILED"),
  };
}

async function dataOf(
  type: WebhookEventType,
  companyId: string,
  stored: unknown,
  sources: Sources,
): Promise<Record<string, unknown>> {
  switch (type) {
    case "subscription.created": {
      const refs = stored as WebhookEventRefs[typeof type];
      return { ...subscriptionData(sources, companyId, refs), status: refs.status, source: refs.source };
    }
    case "subscription.confirmed": {
      const refs = stored as WebhookEventRefs[typeof type];
      return { ...subscriptionData(sources, companyId, refs), confirmed_via: refs.confirmed_via };
    }
    case "subscription.unsubscribed": {
      const refs = stored as WebhookEventRefs[typeof type];
      return { ...subscriptionData(sources, companyId, refs), via: refs.via };
    }
    case "member.opted_out": {
      const { company_id, member_id, email } = memberData(
        sources,
        companyId,
        (stored as WebhookEventRefs[typeof type]).member_id,
      );
      return { company_id, member_id, email };
    }
    case "member.created":
    case "member.updated":
      return memberData(sources, companyId, (stored as WebhookEventRefs[typeof type]).member_id);
    case "member.erased":
      return { company_id: companyId, member_id: (stored as WebhookEventRefs[typeof type]).member_id };
    case "company.fk_status_changed": {
      const refs = stored as WebhookEventRefs[typeof type];
      return { company_id: companyId, from: refs.from, to: refs.to };
    }
    case "sendout.sent":
      // Rare (one a sendout), and its counts are a query of their own anyway.
      return sendoutData(companyId, (stored as WebhookEventRefs[typeof type]).sendout_id);
    // What happened to an activity is told as it was recorded (a deleted activity has nothing left to read).
    case "activity.created":
    case "activity.updated":
    case "activity.deleted":
    case "activity.participant_changed":
    case "attendance.recorded":
      return { company_id: companyId, ...(stored as WebhookEventRefs[typeof type]) };
  }
}

/** The bodies sent for stored events, in their order: `{type, timestamp, data}` as JSON text, checked against each type's schema. */
export async function payloadsOf(events: StoredEvent[]): Promise<string[]> {
  const refs = events.map((event) => JSON.parse(event.payload) as AnyRefs);
  const sources = await sourcesOf(refs);
  return Promise.all(
    events.map(async (event, i) => {
      const type = event.type as WebhookEventType;
      const schema = schemas.get(type);
      if (!schema) throw new Error(`unknown webhook event type ${event.type}`);
      const body = {
        type,
        timestamp: event.createdAt.toISOString(),
        data: await dataOf(type, event.companyId, refs[i], sources),
      };
      return JSON.stringify(schema.parse(body));
    }),
  );
}
