// Suppressed addresses: which addresses get no sendout of an organization, and why (docs/api.md "Bounces and complaints").
//
// The rules, for each event the mail provider reports (modules/sendouts/services/mail-events.ts):
// - a hard bounce or a complaint suppresses the address at once;
// - a soft bounce counts, and the third in a row suppresses; a delivery (the provider's event, or our SMTP server
//   accepting a sendout's message: resetSoftBounces) starts the count again;
// - the recipient row the event is about (named by its Message-ID when the provider quotes it, else the address's
//   latest SENT row) becomes BOUNCED or COMPLAINED.
// Which organizations: every one with a member of that address, and the organization of the row the event is about.
// All organizations send through one provider from one address, and the provider itself stops delivering to an
// address that bounced hard or complained, for every one of them alike; counting it at one organization only would
// let the others keep sending into a refusal (and into the provider's measure of our reputation).
// A suppression ends when staff lift it (a note is required, and audited) or the address owner confirms by email.
import "server-only";
import type { z } from "zod";
import { Conflict, NotFound } from "@/lib/errors";
import { db, pageWindow, type Tx } from "@/lib/db";
import { parseSendoutMessageId } from "@/lib/mail/message-id";
import type { OkResponse } from "@/lib/validation/common";
import { normalizeEmail } from "@/lib/validation/email";
import type { MailEvent } from "../schemas/mail-events";
import {
  LiftSuppressionRequest,
  SUPPRESSIONS_PER_PAGE,
  SuppressAddressRequest,
  SuppressionQuery,
  type SuppressAddressInput,
  type SuppressionPage,
  type SuppressionQueryInput,
  type SuppressionView,
} from "../schemas/suppression";
import { parseInput } from "@/lib/validation/parse";
import {
  assertCompanyInScope,
  assertObjectInScope,
  assertWritableCompany,
  inScopeWhere,
  requireModule,
  requirePermission,
} from "@/modules/access/services/access-checks";
import { recordAudit } from "@/modules/audit/services/audit";
import type { Caller } from "@/modules/access/services/caller";

const SOFT_BOUNCES_TO_SUPPRESS = 3;
const DETAIL_MAX = 500;

type Reason = z.output<typeof SuppressionView>["reason"];

/** The recipient row an event is about: the one its Message-ID names (for this address), else the latest SENT one. */
async function recipientRowOf(tx: Tx, event: MailEvent, email: string) {
  const named = event.messageId ? parseSendoutMessageId(event.messageId) : null;
  const select = { id: true, status: true, sendout: { select: { companyId: true } } } as const;
  if (named) {
    const row = await tx.sendoutRecipient.findFirst({
      where: { id: named.recipientId, sendoutId: named.sendoutId, email },
      select,
    });
    if (row) return row;
  }
  return tx.sendoutRecipient.findFirst({
    where: { email, status: "SENT" },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    select,
  });
}

/** Suppresses the address unless it is already (the first reason stands); whether this suppressed it, and the row id. */
async function suppress(tx: Tx, organizationId: string, email: string, reason: Reason, detail: string, at: Date) {
  const { id } = await tx.suppression.upsert({
    where: { organizationId_email: { organizationId, email } },
    create: { organizationId, email },
    update: {},
  });
  const { count } = await tx.suppression.updateMany({
    where: { id, suppressedAt: null },
    data: { reason, detail: detail.slice(0, DETAIL_MAX), suppressedAt: at },
  });
  return { id, suppressed: count === 1 };
}

async function countSoftBounce(tx: Tx, organizationId: string, email: string, detail: string, at: Date) {
  const row = await tx.suppression.upsert({
    where: { organizationId_email: { organizationId, email } },
    create: { organizationId, email, softBounces: 1 },
    update: { softBounces: { increment: 1 } },
  });
  if (row.softBounces >= SOFT_BOUNCES_TO_SUPPRESS)
    await suppress(tx, organizationId, email, "SOFT_BOUNCES", detail, at);
}

/** Applies one provider event; see the rules above. */
export async function recordMailEvent(event: MailEvent): Promise<void> {
  const email = normalizeEmail(event.email);
  // A time in the future is a provider's clock error; nothing is suppressed later than it is recorded.
  const at = event.occurredAt && event.occurredAt.getTime() < Date.now() ? event.occurredAt : new Date();
  await db().$transaction(async (tx) => {
    const row = event.kind === "delivered" ? null : await recipientRowOf(tx, event, email);
    const members = await tx.member.findMany({ where: { email, erasedAt: null }, select: { organizationId: true } });
    const organizations = new Set(members.map((m) => m.organizationId));
    if (row) organizations.add(row.sendout.companyId);
    for (const organizationId of organizations) {
      if (event.kind === "hard_bounce") await suppress(tx, organizationId, email, "HARD_BOUNCE", event.description, at);
      if (event.kind === "complaint") await suppress(tx, organizationId, email, "COMPLAINT", event.description, at);
      if (event.kind === "soft_bounce") await countSoftBounce(tx, organizationId, email, event.description, at);
      if (event.kind === "delivered") await resetSoftBounces(tx, organizationId, email);
    }
    if (row?.status === "SENT") {
      const status = event.kind === "complaint" ? "COMPLAINED" : "BOUNCED";
      await tx.sendoutRecipient.updateMany({
        where: { id: row.id, status: "SENT" },
        data: { status, error: event.description.slice(0, DETAIL_MAX) },
      });
    }
  });
}

/** A delivery ends a run of soft bounces (the sendout engine calls this when our SMTP server accepts a message). */
export async function resetSoftBounces(tx: Tx, organizationId: string, email: string): Promise<void> {
  await tx.suppression.updateMany({
    where: { organizationId, email: normalizeEmail(email), softBounces: { gt: 0 } },
    data: { softBounces: 0 },
  });
}

type SuppressionRow = Awaited<ReturnType<typeof findSuppressions>>[number];

function findSuppressions(where: object, window: { skip: number; take: number }) {
  return db().suppression.findMany({
    where,
    orderBy: [{ suppressedAt: "desc" }, { id: "desc" }],
    include: { organization: { select: { name: true } } },
    ...window,
  });
}

function view(row: SuppressionRow): z.output<typeof SuppressionView> {
  return {
    id: row.id,
    company_id: row.organizationId,
    company_name: row.organization.name,
    email: row.email,
    reason: (row.reason ?? "MANUAL") as Reason,
    detail: row.detail,
    soft_bounces: row.softBounces,
    suppressed_at: (row.suppressedAt ?? row.updatedAt).toISOString(),
  };
}

/** The addresses suppressed now in the organizations of the caller's scope (or one of them), newest first. */
export async function listSuppressions(
  caller: Caller,
  input: SuppressionQueryInput,
): Promise<z.output<typeof SuppressionPage>> {
  requireModule(caller, "subscription_list");
  const query = parseInput(SuppressionQuery, input);
  if (query.company_id) await assertCompanyInScope(caller, query.company_id);
  const scope = (await inScopeWhere(caller)).companyId;
  const where = {
    suppressedAt: { not: null },
    ...(query.company_id ? { organizationId: query.company_id } : scope ? { organizationId: scope } : {}),
  };
  const window = { page: query.page, limit: SUPPRESSIONS_PER_PAGE };
  const [count, rows] = await Promise.all([
    db().suppression.count({ where }),
    findSuppressions(where, pageWindow(window)),
  ]);
  return { suppressions: rows.map(view), count, ...window };
}

/** Staff let the organization send to the address again; the note says why, in the audit log. */
export async function liftSuppression(caller: Caller, id: number, note: string): Promise<z.output<typeof OkResponse>> {
  requireModule(caller, "subscription_list");
  const input = parseInput(LiftSuppressionRequest, { note });
  const found = await db().suppression.findUnique({
    where: { id },
    include: { organization: { select: { name: true } } },
  });
  if (!found) throw new NotFound("suppression not found");
  await assertObjectInScope(caller, found.organizationId, "suppression not found");
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  if (!found.suppressedAt) throw new Conflict("the address is not suppressed");
  await db().$transaction(async (tx) => {
    const { count } = await tx.suppression.updateMany({
      where: { id, suppressedAt: { not: null } },
      data: {
        suppressedAt: null,
        reason: null,
        softBounces: 0,
        liftedAt: new Date(),
        liftedBy: caller.actor,
        liftNote: input.note,
      },
    });
    if (count === 0) throw new Conflict("the address is not suppressed");
    await recordAudit(tx, caller, {
      action: "suppression.lift",
      objectType: "suppression",
      objectId: id,
      companyId: found.organizationId,
      summary: `${found.email} (${found.reason}): ${input.note}`,
    });
  });
  return { ok: true };
}

/** Staff stop the organization's sendouts to an address by hand (the person asked, say); the note is the detail. */
export async function suppressAddress(
  caller: Caller,
  input: SuppressAddressInput,
): Promise<z.output<typeof SuppressionView>> {
  const { company_id, email, note } = parseInput(SuppressAddressRequest, input);
  await assertWritableCompany(caller, company_id, "subscription_list", "SUBSCRIPTION_LIST.U");
  const address = normalizeEmail(email);
  await db().$transaction(async (tx) => {
    const { id, suppressed } = await suppress(tx, company_id, address, "MANUAL", note, new Date());
    if (!suppressed) throw new Conflict("the address is already suppressed");
    await recordAudit(tx, caller, {
      action: "suppression.create",
      objectType: "suppression",
      objectId: id,
      companyId: company_id,
      summary: `${address}: ${note}`,
    });
  });
  const [row] = await findSuppressions({ organizationId: company_id, email: address }, { skip: 0, take: 1 });
  return view(row);
}
