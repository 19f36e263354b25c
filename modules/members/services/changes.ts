// Changing members: create, update and the GDPR erasure behind DELETE. Writes need the member module and MEMBER.U,
// and every write is audited in its transaction. Audit summaries name members by id, never by personal data.
import "server-only";
import type { z } from "zod";
import crypto from "node:crypto";
import { db, isUniqueViolation, type Tx } from "@/lib/db";
import { ValidationFailed, type FieldErrors } from "@/lib/errors";
import type { CreateMemberInput, ErasedMember, MembershipInputValues, UpdateMemberInput } from "../schemas/member";
import {
  assertWritableCompany,
  inScopeWhere,
  isCompanyInScope,
  requireModule,
  requirePermission,
} from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { companyWithAncestors } from "@/modules/companies/services/tree";
import { recordAudit } from "@/modules/audit/services/audit";
import { liveCompany } from "@/lib/live-records";
import { memberInScope, memberRecord, sealPersonalNumber } from "./members";
import { grantRecordsKeptUntil } from "./report-retention";
import { deactivateSubscription } from "@/modules/lists/services/subscriptions";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";

const EMAIL_TAKEN = "already used by another member of the organization";

async function assertEmailFree(organizationId: string, email: string | null | undefined, exceptId?: number) {
  if (!email) return;
  const taken = await db().member.findFirst({
    where: { organizationId, email, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw new ValidationFailed({ email: [EMAIL_TAKEN] });
}

/**
 * Memberships must be in the member's company or a company below it, inside the caller's scope, each company and
 * period once; the period and member type must belong to the membership's company or a company above it.
 */
async function checkMemberships(caller: Caller, organizationId: string, memberships: MembershipInputValues[]) {
  const errors: FieldErrors = {};
  const chains = new Map<string, string[]>();
  for (const companyId of new Set(memberships.map((m) => m.company_id))) {
    const live = await db().company.count({ where: { id: companyId, ...liveCompany } });
    chains.set(companyId, live ? await companyWithAncestors(companyId) : []);
  }
  const periodIds = [...new Set(memberships.map((m) => m.period_id))];
  const typeIds = [...new Set(memberships.flatMap((m) => (m.member_type_id ? [m.member_type_id] : [])))];
  const [periods, types] = await Promise.all([
    db().period.findMany({ where: { id: { in: periodIds } }, select: { id: true, companyId: true } }),
    db().memberType.findMany({ where: { id: { in: typeIds } }, select: { id: true, companyId: true } }),
  ]);
  const periodCompany = new Map(periods.map((p) => [p.id, p.companyId]));
  const typeCompany = new Map(types.map((t) => [t.id, t.companyId]));
  const seen = new Set<string>();
  for (const [index, m] of memberships.entries()) {
    const chain = chains.get(m.company_id) ?? [];
    const at = `memberships.${index}`;
    if (!chain.includes(organizationId))
      errors[`${at}.company_id`] = ["must be the member's company or a company below it"];
    else if (!(await isCompanyInScope(caller, m.company_id)))
      errors[`${at}.company_id`] = ["company is outside your access scope"];
    if (!chain.includes(periodCompany.get(m.period_id) ?? ""))
      errors[`${at}.period_id`] = ["no such period for this company"];
    if (m.member_type_id && !chain.includes(typeCompany.get(m.member_type_id) ?? ""))
      errors[`${at}.member_type_id`] = ["no such member type for this company"];
    const key = `${m.company_id}:${m.period_id}`;
    if (seen.has(key)) errors[`${at}.period_id`] = ["this company and period are listed twice"];
    seen.add(key);
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
}

/** Properties must be of a property group of the member's company or a company above it. */
async function checkProperties(organizationId: string, propIds: number[]) {
  const ids = [...new Set(propIds)];
  const chain = await companyWithAncestors(organizationId);
  const found = await db().property.count({ where: { id: { in: ids }, group: { companyId: { in: chain } } } });
  if (found !== ids.length) throw new ValidationFailed({ prop_ids: ["unknown property for this member's company"] });
  return ids;
}

const personalFields = ["email", "firstname", "lastname", "phone", "birthdate", "street", "zipcode", "post"] as const;
/** What an erased member keeps while their attendance backs grant reports: what the report and its lists read. */
const reportFields = new Set<string>(["firstname", "lastname", "birthdate"]);

/**
 * The columns a create or update writes. The personnummer needs PERSONAL_NUMBER.U (403 without it, even to clear it)
 * and is stored encrypted.
 */
function personalData(caller: Caller, input: UpdateMemberInput) {
  const data: Partial<Record<(typeof personalFields)[number] | "gender", string | null>> & {
    disability?: boolean | null;
    personalNumberEncrypted?: string | null;
  } = {};
  for (const field of personalFields) if (input[field] !== undefined) data[field] = input[field];
  if (input.gender !== undefined) data.gender = input.gender;
  if (input.disability !== undefined) data.disability = input.disability;
  if (input.personal_number !== undefined) {
    requirePermission(caller, "PERSONAL_NUMBER.U");
    data.personalNumberEncrypted = input.personal_number && sealPersonalNumber(input.personal_number);
  }
  return data;
}

/**
 * Makes the member's memberships in `replaceable` companies (inScopeWhere of the caller; {}: every company) the given
 * set. Memberships in companies outside the caller's scope are not the caller's to remove, so they stay.
 */
async function writeMemberships(
  tx: Tx,
  memberId: number,
  memberships: MembershipInputValues[],
  replaceable: { companyId?: { in: string[] } } = {},
) {
  await tx.membership.deleteMany({
    where: {
      memberId,
      ...replaceable,
      NOT: { OR: memberships.map((m) => ({ companyId: m.company_id, periodId: m.period_id })) },
    },
  });
  for (const m of memberships) {
    const data = { memberTypeId: m.member_type_id ?? null, status: m.status };
    await tx.membership.upsert({
      where: { memberId_companyId_periodId: { memberId, companyId: m.company_id, periodId: m.period_id } },
      create: { memberId, companyId: m.company_id, periodId: m.period_id, ...data },
      update: data,
    });
  }
}

async function writeProperties(tx: Tx, memberId: number, propIds: number[]) {
  await tx.memberProperty.deleteMany({ where: { memberId, propertyId: { notIn: propIds } } });
  const existing = await tx.memberProperty.findMany({ where: { memberId }, select: { propertyId: true } });
  const have = new Set(existing.map((p) => p.propertyId));
  const missing = propIds.filter((id) => !have.has(id));
  if (missing.length)
    await tx.memberProperty.createMany({ data: missing.map((propertyId) => ({ memberId, propertyId })) });
}

/** A race lost to another write of the same email ends as the same 400 the check before it gives. */
async function emailRaceAsValidation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationFailed({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

/** POST /v3/member. */
export async function createMember(caller: Caller, input: CreateMemberInput) {
  await assertWritableCompany(caller, input.company_id, "member", "MEMBER.U");
  await assertEmailFree(input.company_id, input.email);
  if (input.memberships?.length) await checkMemberships(caller, input.company_id, input.memberships);
  const propIds = input.prop_ids?.length ? await checkProperties(input.company_id, input.prop_ids) : [];
  const id = await emailRaceAsValidation(() =>
    db().$transaction(async (tx) => {
      const member = await tx.member.create({
        data: { uuid: crypto.randomUUID(), organizationId: input.company_id, ...personalData(caller, input) },
      });
      if (input.memberships?.length) await writeMemberships(tx, member.id, input.memberships);
      if (propIds.length)
        await tx.memberProperty.createMany({
          data: propIds.map((propertyId) => ({ memberId: member.id, propertyId })),
        });
      await emitWebhookEvent(tx, "member.created", { companyId: input.company_id }, { member_id: member.id });
      await recordAudit(tx, caller, {
        action: "member.create",
        objectType: "member",
        objectId: member.id,
        companyId: input.company_id,
        summary: `member ${member.id}`,
      });
      return member.id;
    }),
  );
  return memberRecord(id, caller);
}

/** PUT /v3/member/{id}: fields left out are unchanged; memberships and prop_ids, when given, replace the sets. */
export async function updateMember(caller: Caller, id: number, input: UpdateMemberInput) {
  requireModule(caller, "member");
  const member = await memberInScope(caller, id);
  requirePermission(caller, "MEMBER.U");
  if (input.email !== undefined) await assertEmailFree(member.organizationId, input.email, id);
  if (input.memberships?.length) await checkMemberships(caller, member.organizationId, input.memberships);
  const propIds = input.prop_ids?.length
    ? await checkProperties(member.organizationId, input.prop_ids)
    : input.prop_ids;
  const replaceable = input.memberships ? await inScopeWhere(caller) : {};
  const changed = Object.keys(input).filter((k) => input[k as keyof UpdateMemberInput] !== undefined);
  await emailRaceAsValidation(() =>
    db().$transaction(async (tx) => {
      await tx.member.update({ where: { id }, data: personalData(caller, input) });
      if (input.memberships) await writeMemberships(tx, id, input.memberships, replaceable);
      if (propIds) await writeProperties(tx, id, propIds);
      await emitWebhookEvent(tx, "member.updated", { companyId: member.organizationId }, { member_id: id });
      await recordAudit(tx, caller, {
        action: "member.update",
        objectType: "member",
        objectId: id,
        companyId: member.organizationId,
        summary: `member ${id}: ${changed.join(", ")}`,
      });
    }),
  );
  return memberRecord(id, caller);
}

/**
 * DELETE /v3/member/{id}: GDPR erasure. Every personal field is cleared and the member's properties, consents and
 * subscriptions (freeing their list slots) are deleted; its email is scrubbed from audit summaries. The row stays,
 * marked erased and invisible to every operation, so memberships and event participations remain as anonymous
 * history (member counts per period and event). The same email may later sign up as a new member.
 */
export async function eraseMember(caller: Caller, id: number): Promise<z.output<typeof ErasedMember>> {
  requireModule(caller, "member");
  const member = await memberInScope(caller, id);
  requirePermission(caller, "MEMBER.U");
  const subscribed = await db().subscription.findMany({
    where: { memberId: id, status: "SUBSCRIBED" },
    select: { listId: true },
    orderBy: { listId: "asc" },
  });
  const erasedAt = new Date();
  await db().$transaction(async (tx) => {
    // The member's row first: every writer locks member, then subscription, then list (subscriptions.ts), so a
    // subscribe with this email meanwhile waits here instead of deadlocking against the slots freed below.
    const retainedUntil = await grantRecordsKeptUntil(tx, id, erasedAt);
    const cleared = Object.fromEntries(
      personalFields.filter((f) => !(retainedUntil && reportFields.has(f))).map((f) => [f, null]),
    );
    const report = retainedUntil ? {} : { gender: null, disability: null };
    await tx.member.update({
      where: { id },
      data: {
        ...cleared,
        ...report,
        personalNumberEncrypted: null,
        reportRetainedUntil: retainedUntil,
        erasedAt,
        globalOptOutAt: erasedAt,
      },
    });
    for (const { listId } of subscribed) await deactivateSubscription(tx, listId, id);
    await tx.subscription.deleteMany({ where: { memberId: id } });
    await tx.memberConsent.deleteMany({ where: { memberId: id } });
    await tx.memberProperty.deleteMany({ where: { memberId: id } });
    if (member.email) {
      await tx.$executeRaw`UPDATE "AuditEntry" SET "summary" = REPLACE("summary", ${member.email}, '[erased member]')
        WHERE "objectType" IN ('subscription', 'member') AND "companyId" = ${member.organizationId}`;
    }
    await emitWebhookEvent(tx, "member.erased", { companyId: member.organizationId }, { member_id: id });
    await recordAudit(tx, caller, {
      action: "member.erase",
      objectType: "member",
      objectId: id,
      companyId: member.organizationId,
      summary: `member ${id}`,
    });
  });
  return { id, erased_at: erasedAt.toISOString() };
}
