// The subscribers of a list as staff and integrators see them: search, pages, a streamed CSV export, subscribing
// and unsubscribing members of the list's organization, and a member's lists.
import "server-only";
import type { z } from "zod";
import { caseVariants, containsText, db, isPostgres, pageWindow, type Prisma } from "@/lib/db";
import { searchWords } from "@/lib/search-text";
import { Conflict, NotFound, UpstreamFailed } from "@/lib/errors";
import type {
  MemberListEntry,
  MemberSubscriptionResult,
  SubscriberView,
  SubscribersPage,
  SubscribersQueryInput,
  SUBSCRIPTION_STATUSES,
} from "../schemas/subscription";
import type { ConfirmationRequestResult, ListMemberMatch } from "../schemas/dashboard";
import { requireModule, requirePermission, visibleMemberUuid } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { memberIdsWithEmailIn, isMemberUnder } from "@/modules/members/services/search";
import { memberInScope } from "@/modules/members/services/members";
import { listInScope } from "./lists";
import { holdPending } from "./confirmations";
import { sendConfirmation } from "./subscription-mail";
import { activateSubscription, deactivateSubscription, subscriptionView } from "./subscriptions";

/** Which of a list's subscribers: the table's search and status, and a selection of members (bulk actions). */
export interface SubscriberFilter {
  status?: string;
  q?: string;
  member_ids?: number[];
}

export function subscriberWhere(listId: number, query: SubscriberFilter): Prisma.SubscriptionWhereInput {
  const words = searchWords(query.q ?? "");
  return {
    listId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.member_ids ? { memberId: { in: query.member_ids } } : {}),
    // Every word in the member's folded names, email and phone (lib/search-text.ts), as the member search asks.
    ...(words.length ? { member: { AND: words.map(searchTextHolds) } } : {}),
  };
}

/**
 * A member filter: "searchText" holds `word` (folded), literally. PostgreSQL compares case-insensitively itself;
 * SQLite's LIKE folds only ASCII, so a letter outside the folding table is tried in each of caseVariants' spellings.
 */
function searchTextHolds(word: string): Prisma.MemberWhereInput {
  const variants = caseVariants(word).map((variant) => ({
    searchText: { ...containsText(variant), ...(isPostgres() ? { mode: "insensitive" as const } : {}) },
  }));
  return variants.length === 1 ? variants[0] : { OR: variants };
}

export const subscriberInclude = {
  member: { select: { uuid: true, email: true, firstname: true, lastname: true, globalOptOutAt: true } },
} as const;
type SubscriberRow = Prisma.SubscriptionGetPayload<{ include: typeof subscriberInclude }>;
type SubscriberDetails = Pick<z.output<typeof SubscriberView>, "consent_at" | "answers">;

/** The list's questions in its order, with their names (the answers' labels). */
export async function listQuestions(listId: number): Promise<{ prop_id: number; name: string }[]> {
  const questions = await db().listQuestion.findMany({
    where: { listId },
    orderBy: [{ position: "asc" }, { propertyId: "asc" }],
    select: { property: { select: { id: true, name: true } } },
  });
  return questions.map(({ property }) => ({ prop_id: property.id, name: property.name }));
}

/**
 * Consent and answers of a batch of subscribers, in two queries whatever the batch's size. Consent: the latest one
 * given through this list, or to the list's current text elsewhere. Answers: the list's questions the member ticked.
 */
export async function subscriberDetails(
  list: { id: number; termId: number | null },
  questions: { prop_id: number; name: string }[],
  memberIds: number[],
): Promise<Map<number, SubscriberDetails>> {
  const ofList =
    list.termId === null ? { sourceListId: list.id } : { OR: [{ sourceListId: list.id }, { termId: list.termId }] };
  const [consents, answered] = await Promise.all([
    memberIds.length
      ? db().memberConsent.groupBy({
          by: ["memberId"],
          where: { memberId: { in: memberIds }, ...ofList },
          _max: { acceptedAt: true },
        })
      : [],
    memberIds.length && questions.length
      ? db().memberProperty.findMany({
          where: { memberId: { in: memberIds }, propertyId: { in: questions.map((q) => q.prop_id) } },
          select: { memberId: true, propertyId: true },
        })
      : [],
  ]);
  const details = new Map<number, SubscriberDetails>(memberIds.map((id) => [id, { consent_at: null, answers: [] }]));
  for (const consent of consents)
    details.get(consent.memberId)!.consent_at = consent._max.acceptedAt?.toISOString() ?? null;
  for (const question of questions) {
    for (const row of answered)
      if (row.propertyId === question.prop_id) details.get(row.memberId)!.answers.push(question);
  }
  return details;
}

export function subscriberView(
  s: SubscriberRow,
  caller: Caller,
  details: SubscriberDetails,
): z.output<typeof SubscriberView> {
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
    ...details,
  };
}

/**
 * Did the person leave on their own: everything (global opt-out) or this list, by anyone but staff (an unsubscribe
 * from before this was recorded counts as their own)? Then only their confirmation by email brings them back.
 */
export function optedOutThemselves(
  member: { globalOptOutAt: Date | null },
  subscription: { status: string; unsubscribedAt: Date | null; unsubscribedVia: string | null } | null,
): boolean {
  // A PENDING row keeps the unsubscribe it follows: waiting for the person's confirmation does not make it staff's.
  const leftOnTheirOwn =
    subscription !== null &&
    subscription.status !== "SUBSCRIBED" &&
    subscription.unsubscribedAt !== null &&
    subscription.unsubscribedVia !== "ADMIN";
  return member.globalOptOutAt !== null || leftOnTheirOwn;
}

/** The answer to staff re-subscribing someone who opted out themselves (the dashboard offers a confirmation instead). */
const OPTED_OUT_THEMSELVES = "the member opted out themselves: send a confirmation instead";

/** GET /v3/subscription_list/{id}/subscribers: a page, newest first, optionally by status and a search text. */
export async function listSubscribers(
  caller: Caller,
  id: number,
  query: SubscribersQueryInput,
): Promise<z.output<typeof SubscribersPage>> {
  const list = await listInScope(caller, id);
  const where = subscriberWhere(id, query);
  const [count, rows, questions] = await Promise.all([
    db().subscription.count({ where }),
    db().subscription.findMany({
      where,
      orderBy: [{ subscribedAt: "desc" }, { id: "desc" }],
      ...pageWindow(query),
      include: subscriberInclude,
    }),
    listQuestions(id),
  ]);
  const details = await subscriberDetails(
    list,
    questions,
    rows.map((row) => row.memberId),
  );
  return {
    subscribers: rows.map((row) => subscriberView(row, caller, details.get(row.memberId)!)),
    count,
    page: query.page,
    limit: query.limit,
  };
}

/** Members in the list's company or below it, with an email, matching an email or name: to subscribe from the dashboard. */
export async function findMembersForList(
  caller: Caller,
  listId: number,
  q: string,
): Promise<z.output<typeof ListMemberMatch>[]> {
  const list = await listInScope(caller, listId);
  const text = q.trim();
  if (text.length < 2) return [];
  const ids = await memberIdsWithEmailIn(list.companyId, text, 10);
  const members = await db().member.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      email: true,
      firstname: true,
      lastname: true,
      subscriptions: { where: { listId, status: "SUBSCRIBED" }, select: { id: true } },
    },
  });
  const byId = new Map(members.map((m) => [m.id, m]));
  return ids
    .map((id) => byId.get(id)!)
    .map((m) => ({
      member_id: m.id,
      email: m.email,
      firstname: m.firstname,
      lastname: m.lastname,
      is_subscribed: m.subscriptions.length > 0,
    }));
}

/** GET /v3/subscription_list/member/{member_id}: the lists of the member's organization, each with is_subscribed. */
export async function listsForMember(caller: Caller, memberId: number): Promise<z.output<typeof MemberListEntry>[]> {
  requireModule(caller, "subscription_list");
  const member = await memberInScope(caller, memberId);
  const lists = await db().subscriptionList.findMany({
    where: { companyId: member.organizationId },
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      description: true,
      isActive: true,
      subscriptions: { where: { memberId, status: "SUBSCRIBED" }, select: { id: true } },
    },
  });
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    description: l.description,
    is_active: l.isActive,
    is_subscribed: l.subscriptions.length > 0,
  }));
}

/**
 * POST /v3/subscription_list/{id}/(un)subscribe/{member_id}: the member must be in the list's company or one below it
 * (memberInCompanies: its register company or a membership that is not EXITED).
 * The cap guards the public form only: staff may subscribe beyond it. In the dashboard (an admin user) staff cannot
 * re-subscribe someone who opted out themselves (409): consent is theirs to give again, by email. API keys keep
 * the contract's transition (spec 3.2: authenticated is the only condition).
 */
export async function setMemberSubscription(
  caller: Caller,
  listId: number,
  memberId: number,
  subscribed: boolean,
): Promise<z.output<typeof MemberSubscriptionResult>> {
  const list = await listInScope(caller, listId);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  const member = (await isMemberUnder(list.companyId, memberId))
    ? await db().member.findUnique({ where: { id: memberId }, select: { id: true, email: true, globalOptOutAt: true } })
    : null;
  if (!member) throw new NotFound("member not found");
  if (subscribed && caller.kind === "admin_user") {
    const current = await db().subscription.findUnique({
      where: { listId_memberId: { listId, memberId } },
      select: { status: true, unsubscribedAt: true, unsubscribedVia: true },
    });
    if (optedOutThemselves(member, current)) throw new Conflict(OPTED_OUT_THEMSELVES);
  }
  const subscription = await db().$transaction(async (tx) => {
    const changed = subscribed
      ? await activateSubscription(tx, listId, memberId, "ADMIN", {
          enforceCap: false,
          confirmedVia: caller.kind === "api_key" ? "API" : "ADMIN",
        })
      : (await deactivateSubscription(tx, listId, memberId, "ADMIN"),
        await tx.subscription.findUnique({ where: { listId_memberId: { listId, memberId } } }));
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
export async function requestConfirmationByStaff(
  caller: Caller,
  listId: number,
  memberId: number,
): Promise<z.output<typeof ConfirmationRequestResult>> {
  const list = await listInScope(caller, listId);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  const member = (await isMemberUnder(list.companyId, memberId))
    ? await db().member.findFirst({ where: { id: memberId, email: { not: null } }, select: { id: true, email: true } })
    : null;
  if (!member) throw new NotFound("member not found");
  const held = await db().$transaction(async (tx) => {
    const result = await holdPending(
      tx,
      listId,
      memberId,
      { answered_prop_ids: [], terms_accepted: false, lang: "sv" },
      new Date(),
    );
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
  if (held.send && !(await sendConfirmation(held.subscription.id, "sv")))
    throw new UpstreamFailed("the confirmation could not be sent", "mail");
  return { member_id: member.id, confirmation_sent: held.send };
}
