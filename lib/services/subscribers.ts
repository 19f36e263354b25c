// The subscribers of a list as staff and integrators see them: search, pages, a streamed CSV export, subscribing
// and unsubscribing members of the list's organization, and a member's lists.
import "server-only";
import type { z } from "zod";
import { containsText, db, pageWindow, type Prisma } from "../db";
import { Conflict, NotFound, UpstreamFailed } from "../errors";
import type {
  MemberListEntry,
  MemberSubscriptionResult,
  SubscriberView,
  SubscribersPage,
  SubscribersQueryInput,
  SUBSCRIPTION_STATUSES,
} from "../validation/subscription";
import type { ConfirmationRequestResult, ListMemberMatch } from "../validation/subscription-dashboard";
import { requireModule, requirePermission, visibleMemberUuid } from "./access-checks";
import type { Caller } from "./caller";
import { recordAudit } from "./audit";
import { liveMember } from "./live-records";
import { memberInScope } from "./members";
import { listInScope } from "./subscription-lists";
import { holdPending } from "./confirmations";
import { sendConfirmation } from "./subscription-mail";
import { activateSubscription, deactivateSubscription, subscriptionView } from "./subscriptions";

function subscriberWhere(listId: number, query: { status?: string; q?: string }): Prisma.SubscriptionWhereInput {
  const q = query.q?.trim().toLowerCase();
  return {
    listId,
    ...(query.status ? { status: query.status } : {}),
    // Emails are stored lower-cased; names are matched as typed (SQLite's LIKE is case-insensitive for ASCII anyway).
    ...(q ? { member: { OR: [{ email: containsText(q) }, { firstname: containsText(query.q!.trim()) }, { lastname: containsText(query.q!.trim()) }] } } : {}),
  };
}

const subscriberInclude = { member: { select: { uuid: true, email: true, firstname: true, lastname: true, globalOptOutAt: true } } } as const;
type SubscriberRow = Prisma.SubscriptionGetPayload<{ include: typeof subscriberInclude }>;

function subscriberView(s: SubscriberRow, caller: Caller): z.output<typeof SubscriberView> {
  return {
    member_id: s.memberId,
    member_uuid: visibleMemberUuid(caller, s.member.uuid),
    email: s.member.email,
    firstname: s.member.firstname,
    lastname: s.member.lastname,
    status: s.status as (typeof SUBSCRIPTION_STATUSES)[number],
    source: s.source,
    subscribed_at: s.subscribedAt.toISOString(),
    unsubscribed_at: s.unsubscribedAt?.toISOString() ?? null,
    opted_out_themselves: optedOutThemselves(s.member, s),
  };
}

/**
 * Did the person leave on their own: everything (global opt-out) or this list, by anyone but staff (an unsubscribe
 * from before this was recorded counts as their own)? Then only their confirmation by email brings them back.
 */
function optedOutThemselves(member: { globalOptOutAt: Date | null }, subscription: { status: string; unsubscribedAt: Date | null; unsubscribedVia: string | null } | null): boolean {
  // A PENDING row keeps the unsubscribe it follows: waiting for the person's confirmation does not make it staff's.
  const leftOnTheirOwn = subscription !== null && subscription.status !== "SUBSCRIBED" && subscription.unsubscribedAt !== null && subscription.unsubscribedVia !== "ADMIN";
  return member.globalOptOutAt !== null || leftOnTheirOwn;
}

/** The answer to staff re-subscribing someone who opted out themselves (the dashboard offers a confirmation instead). */
const OPTED_OUT_THEMSELVES = "the member opted out themselves: send a confirmation instead";

/** GET /v3/subscription_list/{id}/subscribers: a page, newest first, optionally by status and a search text. */
export async function listSubscribers(caller: Caller, id: number, query: SubscribersQueryInput): Promise<z.output<typeof SubscribersPage>> {
  await listInScope(caller, id);
  const where = subscriberWhere(id, query);
  const [count, rows] = await Promise.all([
    db().subscription.count({ where }),
    db().subscription.findMany({
      where,
      orderBy: [{ subscribedAt: "desc" }, { id: "desc" }],
      ...pageWindow(query),
      include: subscriberInclude,
    }),
  ]);
  return { subscribers: rows.map((row) => subscriberView(row, caller)), count, page: query.page, limit: query.limit };
}

const CSV_BATCH = 1000;
const CSV_COLUMNS = ["email", "firstname", "lastname", "status", "source", "subscribed_at", "unsubscribed_at", "member_uuid"] as const;

/**
 * One CSV cell, never read as a formula (OWASP's CSV injection guidance): a leading = + - @ tab or CR is defused
 * with `'`, and a cell holding any separator a spreadsheet may split on is quoted. The file is comma-separated, but
 * Swedish Excel splits on `;` (and a paste on tab), and `x;=cmd|…` unquoted began a cell there with `=`; spreadsheets
 * honour quotes whatever they split on, so quoting keeps the whole value one cell, starting with its own defused
 * first character. Quoting only where needed leaves ordinary values as they were.
 */
function csvCell(value: string | null): string {
  if (value === null) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The list's subscribers as CSV lines, read in batches by id (keyset pagination), so memory stays flat whatever the
 * list's size. Scope is checked before the first line.
 */
export async function subscribersCsv(caller: Caller, id: number, query: { status?: string; q?: string }) {
  const list = await listInScope(caller, id);
  const where = subscriberWhere(id, query);
  async function* lines(): AsyncGenerator<string> {
    yield `${CSV_COLUMNS.join(",")}\r\n`;
    let after = 0;
    for (;;) {
      const rows = await db().subscription.findMany({ where: { ...where, id: { gt: after } }, orderBy: { id: "asc" }, take: CSV_BATCH, include: subscriberInclude });
      if (rows.length === 0) return;
      yield rows.map((row) => `${CSV_COLUMNS.map((c) => csvCell(subscriberView(row, caller)[c])).join(",")}\r\n`).join("");
      after = rows[rows.length - 1].id;
    }
  }
  return { filename: `subscribers-${list.id}-${new Date().toISOString().slice(0, 10)}.csv`, lines: lines() };
}

/** Members of the list's organization matching an email or name, to subscribe from the dashboard. */
export async function findMembersForList(caller: Caller, listId: number, q: string): Promise<z.output<typeof ListMemberMatch>[]> {
  const list = await listInScope(caller, listId);
  const text = q.trim();
  if (text.length < 2) return [];
  const members = await db().member.findMany({
    where: { organizationId: list.companyId, ...liveMember, OR: [{ email: containsText(text.toLowerCase()) }, { firstname: containsText(text) }, { lastname: containsText(text) }] },
    orderBy: { email: "asc" },
    take: 10,
    select: { id: true, email: true, firstname: true, lastname: true, subscriptions: { where: { listId, status: "SUBSCRIBED" }, select: { id: true } } },
  });
  return members.map((m) => ({ member_id: m.id, email: m.email, firstname: m.firstname, lastname: m.lastname, is_subscribed: m.subscriptions.length > 0 }));
}

/** GET /v3/subscription_list/member/{member_id}: the lists of the member's organization, each with is_subscribed. */
export async function listsForMember(caller: Caller, memberId: number): Promise<z.output<typeof MemberListEntry>[]> {
  requireModule(caller, "subscription_list");
  const member = await memberInScope(caller, memberId);
  const lists = await db().subscriptionList.findMany({
    where: { companyId: member.organizationId },
    orderBy: { id: "asc" },
    select: { id: true, name: true, description: true, isActive: true, subscriptions: { where: { memberId, status: "SUBSCRIBED" }, select: { id: true } } },
  });
  return lists.map((l) => ({ id: l.id, name: l.name, description: l.description, is_active: l.isActive, is_subscribed: l.subscriptions.length > 0 }));
}

/**
 * POST /v3/subscription_list/{id}/(un)subscribe/{member_id}: the member must belong to the list's organization.
 * The cap guards the public form only: staff may subscribe beyond it. In the dashboard (an admin user) staff cannot
 * re-subscribe someone who opted out themselves (409): consent is theirs to give again, by email. API keys keep
 * the contract's transition (spec 3.2: authenticated is the only condition).
 */
export async function setMemberSubscription(caller: Caller, listId: number, memberId: number, subscribed: boolean): Promise<z.output<typeof MemberSubscriptionResult>> {
  const list = await listInScope(caller, listId);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  const member = await db().member.findFirst({ where: { id: memberId, organizationId: list.companyId, ...liveMember }, select: { id: true, email: true, globalOptOutAt: true } });
  if (!member) throw new NotFound("member not found");
  if (subscribed && caller.kind === "admin_user") {
    const current = await db().subscription.findUnique({ where: { listId_memberId: { listId, memberId } }, select: { status: true, unsubscribedAt: true, unsubscribedVia: true } });
    if (optedOutThemselves(member, current)) throw new Conflict(OPTED_OUT_THEMSELVES);
  }
  const subscription = await db().$transaction(async (tx) => {
    const changed = subscribed
      ? await activateSubscription(tx, listId, memberId, "ADMIN", false, caller.kind === "api_key" ? "API" : "ADMIN")
      : (await deactivateSubscription(tx, listId, memberId, "ADMIN"), await tx.subscription.findUnique({ where: { listId_memberId: { listId, memberId } } }));
    await recordAudit(tx, caller, {
      action: subscribed ? "subscription.subscribe" : "subscription.unsubscribe",
      objectType: "subscription",
      objectId: `${listId}:${memberId}`,
      companyId: list.companyId,
      summary: `${member.email ?? `member ${member.id}`} on ${list.name}`,
    });
    return changed;
  });
  return { member_id: member.id, subscription: subscription ? subscriptionView(subscription) : null };
}

/**
 * The dashboard's offer for someone who opted out themselves: their subscription waits PENDING and a confirmation
 * goes to their address (at most one per 10 minutes); only their click subscribes them. In Swedish: what the
 * person last chose is unknown here, and the organization's lists are Swedish first.
 */
export async function requestConfirmationByStaff(caller: Caller, listId: number, memberId: number): Promise<z.output<typeof ConfirmationRequestResult>> {
  const list = await listInScope(caller, listId);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  const member = await db().member.findFirst({ where: { id: memberId, organizationId: list.companyId, ...liveMember, email: { not: null } }, select: { id: true, email: true } });
  if (!member) throw new NotFound("member not found");
  const held = await db().$transaction(async (tx) => {
    const result = await holdPending(tx, listId, memberId, { answered_prop_ids: [], terms_accepted: false, lang: "sv" }, new Date());
    await recordAudit(tx, caller, {
      action: "subscription.request_confirmation",
      objectType: "subscription",
      objectId: `${listId}:${memberId}`,
      companyId: list.companyId,
      summary: `${member.email} on ${list.name}`,
    });
    return result;
  });
  // Staff should know when the mail server refused: the visitor's form hides it, this screen must not.
  if (held.send && !(await sendConfirmation(held.subscription.id, "sv"))) throw new UpstreamFailed("the confirmation could not be sent", "mail");
  return { member_id: member.id, confirmation_sent: held.send };
}
