// Subscription lists as staff and integrators manage them, scoped to the caller's companies. Reads need the
// subscription_list module; writes also SUBSCRIPTION_LIST.U. Every write is audited in its transaction.
import "server-only";
import type { z } from "zod";
import crypto from "node:crypto";
import { containsText, db, type Prisma } from "@/lib/db";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { sanitizeConsentHtml } from "@/lib/sanitize";
import type { AdminList, CreateListInput, DeletedList, UpdateListInput } from "../schemas/subscription";
import type { DashboardListRow, ListCompanyChoices, ListDeletionImpact, TermPreview } from "../schemas/dashboard";
import {
  assertCompanyInScope,
  assertObjectInScope,
  companiesInScopeWhere,
  inScopeWhere,
  requireModule,
  requirePermission,
} from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { findLiveCompany, liveCompany, listOfLiveCompany } from "@/lib/live-records";
import { termIdAfterUpdate, termView } from "./consent-terms";
import { parseDesign, parseFields } from "./public-lists";
import { effectiveCap } from "./subscriptions";
import { siteUrl } from "./unsubscribe-links";

const adminInclude = {
  term: true,
  questions: { select: { propertyId: true }, orderBy: { position: "asc" } },
} satisfies Prisma.SubscriptionListInclude;
type AdminListRow = Prisma.SubscriptionListGetPayload<{ include: typeof adminInclude }>;

function adminView(list: AdminListRow): z.output<typeof AdminList> {
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
    double_opt_in: list.doubleOptIn,
    consent_required: list.consentRequired,
    welcome_subject: list.welcomeSubject,
    welcome_html: list.welcomeHtml,
    public_url: `${siteUrl()}/subscribe/${list.uuid}`,
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

/** The list, if it exists under a live company in the caller's scope; otherwise 404 `list not found`. */
export async function listInScope(caller: Caller, id: number): Promise<AdminListRow> {
  requireModule(caller, "subscription_list");
  const list = await db().subscriptionList.findFirst({ where: { id, ...listOfLiveCompany }, include: adminInclude });
  if (!list) throw new NotFound("list not found");
  await assertObjectInScope(caller, list.companyId, "list not found");
  return list;
}

async function writableCompany(caller: Caller, companyId: string): Promise<void> {
  requireModule(caller, "subscription_list");
  await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
}

/** GET /v3/subscription_list?company_id=: one organization's lists. */
export async function listListsOfCompany(caller: Caller, companyId: string) {
  requireModule(caller, "subscription_list");
  await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  const lists = await db().subscriptionList.findMany({
    where: { companyId },
    include: adminInclude,
    orderBy: { id: "asc" },
  });
  return lists.map(adminView);
}

/** Every list of every live company in the caller's scope, with its company's name (the dashboard's table). */
export async function listListsInScope(caller: Caller): Promise<z.output<typeof DashboardListRow>[]> {
  requireModule(caller, "subscription_list");
  const lists = await db().subscriptionList.findMany({
    where: { ...listOfLiveCompany, ...(await inScopeWhere(caller)) },
    include: { ...adminInclude, company: { select: { name: true } } },
    orderBy: [{ company: { name: "asc" } }, { name: "asc" }, { id: "asc" }],
  });
  return lists.map((list) => ({ ...adminView(list), company_name: list.company.name }));
}

/** How many companies the dashboard's "new list" dialog offers at once; a search narrows the choice. */
const LIST_COMPANY_CHOICES = 50;

/**
 * The live companies in the caller's scope that a new list can belong to, by name, optionally matching a search on
 * name or org number (the dashboard's "new list" dialog). Needs only the subscription_list module, not company.
 */
export async function listCompaniesForLists(caller: Caller, q?: string): Promise<z.output<typeof ListCompanyChoices>> {
  requireModule(caller, "subscription_list");
  const search = q?.trim();
  const companies = await db().company.findMany({
    where: {
      ...liveCompany,
      ...(await companiesInScopeWhere(caller)),
      ...(search ? { OR: [{ name: containsText(search) }, { orgNumber: containsText(search) }] } : {}),
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: LIST_COMPANY_CHOICES + 1,
    select: { id: true, name: true, orgNumber: true },
  });
  return {
    companies: companies
      .slice(0, LIST_COMPANY_CHOICES)
      .map((c) => ({ company_id: c.id, name: c.name, org_number: c.orgNumber })),
    more: companies.length > LIST_COMPANY_CHOICES,
  };
}

export async function getList(caller: Caller, id: number) {
  return adminView(await listInScope(caller, id));
}

/** The mail settings of a create or update body as columns; the welcome HTML is sanitized like a consent text. */
function mailSettings(
  input: Pick<UpdateListInput, "double_opt_in" | "consent_required" | "welcome_subject" | "welcome_html">,
) {
  return {
    ...(input.double_opt_in !== undefined ? { doubleOptIn: input.double_opt_in } : {}),
    ...(input.consent_required !== undefined ? { consentRequired: input.consent_required } : {}),
    ...(input.welcome_subject !== undefined ? { welcomeSubject: input.welcome_subject || null } : {}),
    ...(input.welcome_html !== undefined
      ? { welcomeHtml: input.welcome_html === null ? null : sanitizeConsentHtml(input.welcome_html) }
      : {}),
  };
}

/**
 * POST /v3/subscription_list. double_opt_in stays false unless sent (the dashboard's form sends true by default).
 * consent_required is true unless sent: staff who write a consent text expect the form to ask for it (lists made
 * before the setting existed keep false, their behaviour then).
 */
export async function createList(caller: Caller, input: CreateListInput) {
  await writableCompany(caller, input.company_id);
  const list = await db().$transaction(async (tx) => {
    const created = await tx.subscriptionList.create({
      data: {
        uuid: crypto.randomUUID(),
        companyId: input.company_id,
        name: input.name,
        description: input.description ?? null,
        fields: JSON.stringify([...new Set(input.fields ?? [])]),
        consentRequired: true,
        ...mailSettings(input),
      },
      include: adminInclude,
    });
    await recordAudit(tx, caller, {
      action: "subscription_list.create",
      objectType: "subscription_list",
      objectId: created.id,
      companyId: created.companyId,
      summary: created.name,
    });
    return created;
  });
  return adminView(list);
}

/** Question ids must be properties of the list's own company. */
async function checkQuestionIds(companyId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db().property.findMany({
    where: { id: { in: ids }, group: { companyId } },
    select: { id: true },
  });
  const unknown = ids.filter((id) => !found.some((p) => p.id === id));
  if (unknown.length)
    throw new ValidationFailed({
      question_prop_ids: [`unknown property id(s) for this organization: ${unknown.join(", ")}`],
    });
}

export async function updateList(caller: Caller, id: number, input: UpdateListInput) {
  const list = await listInScope(caller, id);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
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
    ...mailSettings(input),
  };
  const updated = await db().$transaction(async (tx) => {
    if (input.term !== undefined) data.termId = await termIdAfterUpdate(tx, list.companyId, list.term, input.term);
    await tx.subscriptionList.update({ where: { id }, data });
    if (questionIds) {
      await tx.listQuestion.deleteMany({ where: { listId: id } });
      if (questionIds.length) {
        await tx.listQuestion.createMany({
          data: questionIds.map((propertyId, position) => ({ listId: id, propertyId, position })),
        });
      }
    }
    const changed = Object.keys(input).filter((k) => input[k as keyof UpdateListInput] !== undefined);
    await recordAudit(tx, caller, {
      action: "subscription_list.update",
      objectType: "subscription_list",
      objectId: id,
      companyId: list.companyId,
      summary: `changed ${changed.join(", ")}`,
    });
    return tx.subscriptionList.findUniqueOrThrow({ where: { id }, include: adminInclude });
  });
  return adminView(updated);
}

/** What deleting the list loses: its subscriptions (active and ended). Members and their consents stay. */
export async function listDeletionImpact(caller: Caller, id: number): Promise<z.output<typeof ListDeletionImpact>> {
  const list = await listInScope(caller, id);
  const subscriptions = await db().subscription.count({ where: { listId: id } });
  return { id, name: list.name, active_subscribers: list.activeCount, subscriptions };
}

/** Deletes the list with its subscriptions; members and their consents stay (the consent's source becomes null). */
export async function deleteList(caller: Caller, id: number): Promise<z.output<typeof DeletedList>> {
  const list = await listInScope(caller, id);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  await db().$transaction(async (tx) => {
    await tx.subscriptionList.delete({ where: { id } });
    await recordAudit(tx, caller, {
      action: "subscription_list.delete",
      objectType: "subscription_list",
      objectId: id,
      companyId: list.companyId,
      summary: `${list.name} (${list.activeCount} active subscribers)`,
    });
  });
  return { id, deleted: true as const };
}

/** The consent text as the public page would show it: the same sanitizer, for the editor's live preview. */
export function previewConsentHtml(caller: Caller, html: string): z.output<typeof TermPreview> {
  requireModule(caller, "subscription_list");
  return { html: sanitizeConsentHtml(html) };
}
