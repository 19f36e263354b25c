// Subscription lists: public reads and the admin API, scoped to the caller's companies.
import crypto from "node:crypto";
import { db, type Prisma } from "../db";
import { NotFound, ValidationFailed } from "../errors";
import { sanitizeConsentHtml } from "../sanitize";
import { LIST_FIELDS, type UpdateListInput } from "../validation/subscription";
import { assertCompanyInScope, type Caller } from "./access";
import { findLiveCompany } from "./companies";
import { effectiveCap, setSubscriptionByAdmin, subscriptionView } from "./subscriptions";
import { siteUrl } from "./unsubscribe-links";

type ListField = (typeof LIST_FIELDS)[number];

function parseFields(json: string): ListField[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((f): f is ListField => (LIST_FIELDS as readonly string[]).includes(f)) : [];
  } catch {
    return [];
  }
}

function parseDesign(json: string | null): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

const termView = (term: { id: number; name: string; html: string } | null) =>
  term ? { id: term.id, name: term.name, html: sanitizeConsentHtml(term.html) } : null;

// ------------------------------------------------------------------ public

/** GET /v3/subscription_list/public/{uuid}: an active list of a live company, or 404 `list not found`. */
export async function getPublicListInfo(uuid: string) {
  const list = await db().subscriptionList.findFirst({
    where: { uuid, isActive: true, company: { deletedAt: null } },
    include: {
      term: true,
      questions: { orderBy: [{ position: "asc" }, { propertyId: "asc" }], include: { property: { include: { group: true } } } },
    },
  });
  if (!list) throw new NotFound("list not found");
  return {
    name: list.name,
    description: list.description,
    fields: parseFields(list.fields),
    uuid: list.uuid,
    image_url: list.imageUrl,
    show_image: list.showImage,
    design: parseDesign(list.design),
    term: termView(list.term),
    questions: list.questions.map(({ property }) => ({
      prop_id: property.id,
      name: property.name,
      descr: property.descr,
      group_name: property.group.name,
      group_descr: property.group.descr,
    })),
  };
}

/** GET /v3/subscription_list/public/company/{company_id}: the organization's active lists, without uuids. */
export async function listPublicListsOfCompany(companyId: string) {
  const lists = await db().subscriptionList.findMany({
    where: { companyId, isActive: true, company: { deletedAt: null } },
    orderBy: { id: "asc" },
    select: { id: true, name: true, description: true },
  });
  return lists;
}

/** The list's name for the unsubscribe confirmation page, or null (the page then speaks of "this list"). */
export async function listNameForUnsubscribe(listUuid: string): Promise<string | null> {
  const list = await db().subscriptionList.findUnique({ where: { uuid: listUuid }, select: { name: true } });
  return list?.name ?? null;
}

// ------------------------------------------------------------------ admin

const adminInclude = { term: true, questions: { select: { propertyId: true }, orderBy: { position: "asc" } } } satisfies Prisma.SubscriptionListInclude;
type AdminListRow = Prisma.SubscriptionListGetPayload<{ include: typeof adminInclude }>;

function adminView(list: AdminListRow) {
  return {
    id: list.id,
    uuid: list.uuid,
    company_id: list.companyId,
    name: list.name,
    description: list.description,
    fields: parseFields(list.fields),
    is_active: list.isActive,
    image_url: list.imageUrl,
    show_image: list.showImage,
    design: parseDesign(list.design),
    term: termView(list.term),
    question_prop_ids: list.questions.map((q) => q.propertyId),
    subscriber_cap: list.subscriberCap,
    effective_subscriber_cap: effectiveCap(list),
    active_subscribers: list.activeCount,
    public_url: `${siteUrl()}/subscribe/${list.uuid}`,
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

async function assertLiveCompanyInScope(caller: Caller, companyId: string): Promise<void> {
  await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
}

/** The list, if it exists and its company is in the caller's scope (404 / 403 otherwise). */
async function listInScope(caller: Caller, id: number): Promise<AdminListRow> {
  const list = await db().subscriptionList.findFirst({ where: { id, company: { deletedAt: null } }, include: adminInclude });
  if (!list) throw new NotFound("list not found");
  await assertCompanyInScope(caller, list.companyId);
  return list;
}

export async function listListsOfCompany(caller: Caller, companyId: string) {
  await assertLiveCompanyInScope(caller, companyId);
  const lists = await db().subscriptionList.findMany({ where: { companyId }, include: adminInclude, orderBy: { id: "asc" } });
  return lists.map(adminView);
}

export async function getList(caller: Caller, id: number) {
  return adminView(await listInScope(caller, id));
}

export async function createList(
  caller: Caller,
  input: { name: string; company_id: string; description?: string | null; fields?: ListField[] },
) {
  await assertLiveCompanyInScope(caller, input.company_id);
  const list = await db().subscriptionList.create({
    data: {
      uuid: crypto.randomUUID(),
      companyId: input.company_id,
      name: input.name,
      description: input.description ?? null,
      fields: JSON.stringify([...new Set(input.fields ?? [])]),
    },
    include: adminInclude,
  });
  return adminView(list);
}

/** Question ids must be properties of the list's own company. */
async function checkQuestionIds(companyId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db().property.findMany({ where: { id: { in: ids }, group: { companyId } }, select: { id: true } });
  const unknown = ids.filter((id) => !found.some((p) => p.id === id));
  if (unknown.length) throw new ValidationFailed({ question_prop_ids: [`unknown property id(s) for this organization: ${unknown.join(", ")}`] });
}

export async function updateList(caller: Caller, id: number, input: UpdateListInput) {
  const list = await listInScope(caller, id);
  const questionIds = input.question_prop_ids ? [...new Set(input.question_prop_ids)] : undefined;
  if (questionIds) await checkQuestionIds(list.companyId, questionIds);
  const data: Prisma.SubscriptionListUncheckedUpdateInput = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.fields !== undefined ? { fields: JSON.stringify([...new Set(input.fields)]) } : {}),
    ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
    ...(input.image_url !== undefined ? { imageUrl: input.image_url } : {}),
    ...(input.show_image !== undefined ? { showImage: input.show_image } : {}),
    ...(input.design !== undefined ? { design: input.design === null ? null : JSON.stringify(input.design) } : {}),
    ...(input.subscriber_cap !== undefined ? { subscriberCap: input.subscriber_cap } : {}),
  };
  const updated = await db().$transaction(async (tx) => {
    // A changed consent text is a new term: consents already given keep pointing at the text that was accepted.
    if (input.term !== undefined) {
      const unchanged = input.term && list.term && list.term.name === input.term.name && list.term.html === input.term.html;
      if (!unchanged) {
        data.termId = input.term
          ? (await tx.term.create({ data: { companyId: list.companyId, name: input.term.name, html: input.term.html } })).id
          : null;
      }
    }
    await tx.subscriptionList.update({ where: { id }, data });
    if (questionIds) {
      await tx.listQuestion.deleteMany({ where: { listId: id } });
      if (questionIds.length) {
        await tx.listQuestion.createMany({ data: questionIds.map((propertyId, position) => ({ listId: id, propertyId, position })) });
      }
    }
    return tx.subscriptionList.findUniqueOrThrow({ where: { id }, include: adminInclude });
  });
  return adminView(updated);
}

/** Deletes the list with its subscriptions; members and their consents stay (the consent's source becomes null). */
export async function deleteList(caller: Caller, id: number) {
  await listInScope(caller, id);
  await db().subscriptionList.delete({ where: { id } });
  return { id, deleted: true as const };
}

export async function listSubscribers(
  caller: Caller,
  id: number,
  query: { page: number; limit: number; status?: "SUBSCRIBED" | "UNSUBSCRIBED" },
) {
  await listInScope(caller, id);
  const where = { listId: id, ...(query.status ? { status: query.status } : {}) };
  const [count, rows] = await Promise.all([
    db().subscription.count({ where }),
    db().subscription.findMany({
      where,
      orderBy: [{ subscribedAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
      include: { member: { select: { uuid: true, email: true, firstname: true, lastname: true } } },
    }),
  ]);
  return {
    subscribers: rows.map((s) => ({
      member_id: s.memberId,
      member_uuid: s.member.uuid,
      email: s.member.email,
      firstname: s.member.firstname,
      lastname: s.member.lastname,
      status: s.status as "SUBSCRIBED" | "UNSUBSCRIBED",
      source: s.source,
      subscribed_at: s.subscribedAt.toISOString(),
      unsubscribed_at: s.unsubscribedAt?.toISOString() ?? null,
    })),
    count,
    page: query.page,
    limit: query.limit,
  };
}

async function memberInScope(caller: Caller, memberId: number) {
  const member = await db().member.findUnique({ where: { id: memberId }, select: { id: true, organizationId: true } });
  if (!member) throw new NotFound("member not found");
  await assertCompanyInScope(caller, member.organizationId);
  return member;
}

/** GET /v3/subscription_list/member/{member_id}: the lists of the member's organization, each with is_subscribed. */
export async function listsForMember(caller: Caller, memberId: number) {
  const member = await memberInScope(caller, memberId);
  const lists = await db().subscriptionList.findMany({
    where: { companyId: member.organizationId },
    orderBy: { id: "asc" },
    select: { id: true, name: true, description: true, isActive: true, subscriptions: { where: { memberId, status: "SUBSCRIBED" }, select: { id: true } } },
  });
  return lists.map((l) => ({ id: l.id, name: l.name, description: l.description, is_active: l.isActive, is_subscribed: l.subscriptions.length > 0 }));
}

/** POST /v3/subscription_list/{id}/(un)subscribe/{member_id}: the member must belong to the list's organization. */
export async function setMemberSubscription(caller: Caller, listId: number, memberId: number, subscribed: boolean) {
  const list = await listInScope(caller, listId);
  const member = await db().member.findFirst({ where: { id: memberId, organizationId: list.companyId }, select: { id: true } });
  if (!member) throw new NotFound("member not found");
  const subscription = await setSubscriptionByAdmin(list.id, member.id, subscribed);
  if (!subscription) return { member_id: member.id, subscription: null };
  return { member_id: member.id, subscription: subscriptionView(subscription) };
}
