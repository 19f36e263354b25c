// What an event's payload says, built by the worker when it fans the event out from the ids the service recorded
// (webhook-events.ts): the data as it is then. Each data object is parsed by its event type's schema in
// lib/validation/webhooks.ts, so what is sent is what the OpenAPI document's `webhooks` describe.
import "server-only";
import { db } from "../db";
import { WEBHOOK_PAYLOADS, type WebhookEventType } from "../validation/webhooks";
import type { WebhookEventRefs } from "./webhook-events";

interface StoredEvent {
  type: string;
  companyId: string;
  payload: string;
  createdAt: Date;
}

const schemas = new Map(WEBHOOK_PAYLOADS.map((p) => [p.type as string, p.schema]));

async function memberData(companyId: string, memberId: number) {
  const member = await db().member.findUnique({ where: { id: memberId }, select: { email: true, firstname: true, lastname: true, erasedAt: true } });
  const erased = !member || member.erasedAt !== null;
  return {
    company_id: companyId,
    member_id: memberId,
    email: erased ? null : member.email,
    firstname: erased ? null : member.firstname,
    lastname: erased ? null : member.lastname,
  };
}

async function subscriptionData(companyId: string, refs: { list_id: number; member_id: number }) {
  const [member, list] = await Promise.all([
    memberData(companyId, refs.member_id),
    db().subscriptionList.findUnique({ where: { id: refs.list_id }, select: { name: true } }),
  ]);
  return { company_id: companyId, member_id: refs.member_id, email: member.email, list_id: refs.list_id, list_name: list?.name ?? "" };
}

async function dataOf(type: WebhookEventType, companyId: string, stored: unknown): Promise<Record<string, unknown>> {
  switch (type) {
    case "subscription.created": {
      const refs = stored as WebhookEventRefs[typeof type];
      return { ...(await subscriptionData(companyId, refs)), status: refs.status, source: refs.source };
    }
    case "subscription.confirmed": {
      const refs = stored as WebhookEventRefs[typeof type];
      return { ...(await subscriptionData(companyId, refs)), confirmed_via: refs.confirmed_via };
    }
    case "subscription.unsubscribed": {
      const refs = stored as WebhookEventRefs[typeof type];
      return { ...(await subscriptionData(companyId, refs)), via: refs.via };
    }
    case "member.opted_out": {
      const { company_id, member_id, email } = await memberData(companyId, (stored as WebhookEventRefs[typeof type]).member_id);
      return { company_id, member_id, email };
    }
    case "member.created":
    case "member.updated":
      return memberData(companyId, (stored as WebhookEventRefs[typeof type]).member_id);
    case "member.erased":
      return { company_id: companyId, member_id: (stored as WebhookEventRefs[typeof type]).member_id };
    case "company.fk_status_changed": {
      const refs = stored as WebhookEventRefs[typeof type];
      return { company_id: companyId, from: refs.from, to: refs.to };
    }
    case "sendout.sent": {
      const sendoutId = (stored as WebhookEventRefs[typeof type]).sendout_id;
      const [sendout, byStatus] = await Promise.all([
        db().sendout.findUnique({ where: { id: sendoutId }, select: { subject: true } }),
        db().sendoutRecipient.groupBy({ by: ["status"], where: { sendoutId }, _count: { _all: true } }),
      ]);
      const count = (status?: string) => byStatus.filter((r) => !status || r.status === status).reduce((n, r) => n + r._count._all, 0);
      return { company_id: companyId, sendout_id: sendoutId, subject: sendout?.subject ?? "", recipients: count(), sent: count("SENT"), failed: count("FAILED") };
    }
  }
}

/** The body sent for a stored event: `{type, timestamp, data}` as JSON text, checked against its type's schema. */
export async function payloadOf(event: StoredEvent): Promise<string> {
  const type = event.type as WebhookEventType;
  const schema = schemas.get(type);
  if (!schema) throw new Error(`unknown webhook event type ${event.type}`);
  const body = { type, timestamp: event.createdAt.toISOString(), data: await dataOf(type, event.companyId, JSON.parse(event.payload)) };
  return JSON.stringify(schema.parse(body));
}
