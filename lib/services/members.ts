// Reading members: the one loader that says whether the caller may touch a member, and the views the API and the
// dashboard show. A member belongs to one company (Member.organizationId); the caller sees it when that company is
// in its scope. Changes are in member-changes.ts, lists and search in member-search.ts.
import "server-only";
import type { z } from "zod";
import { db, type Prisma } from "../db";
import { NotFound } from "../errors";
import type { MembershipStatus, MembershipView, MemberSummary, MemberView } from "../validation/member";
import { assertObjectInScope, requireModule, visibleMemberUuid } from "./access-checks";
import type { Caller } from "./caller";
import { liveMember } from "./live-records";

/** The live member, if the caller may see it: 404 `member not found` for a missing, erased or out-of-scope one. */
export async function memberInScope(caller: Caller, id: number) {
  const member = await db().member.findFirst({ where: { id, ...liveMember }, select: { id: true, organizationId: true, email: true } });
  if (!member) throw new NotFound("member not found");
  await assertObjectInScope(caller, member.organizationId, "member not found");
  return member;
}

const membershipInclude = {
  company: { select: { name: true } },
  period: { select: { name: true } },
  memberType: { select: { name: true } },
} satisfies Prisma.MembershipInclude;

type MembershipRow = Prisma.MembershipGetPayload<{ include: typeof membershipInclude }>;

function membershipView(m: MembershipRow): z.output<typeof MembershipView> {
  return {
    id: m.id,
    company_id: m.companyId,
    company_name: m.company.name,
    period_id: m.periodId,
    period_name: m.period.name,
    member_type_id: m.memberTypeId,
    member_type_name: m.memberType?.name ?? null,
    status: m.status as MembershipStatus,
    created_at: m.createdAt.toISOString(),
  };
}

/** What a row of the member list and search carries: the person and its memberships (newest first). */
export const memberSummaryInclude = {
  memberships: { include: membershipInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
} satisfies Prisma.MemberInclude;

type MemberSummaryRow = Prisma.MemberGetPayload<{ include: typeof memberSummaryInclude }>;

export function memberSummaryView(m: MemberSummaryRow, caller: Caller): z.output<typeof MemberSummary> {
  return {
    id: m.id,
    uuid: visibleMemberUuid(caller, m.uuid),
    company_id: m.organizationId,
    email: m.email,
    firstname: m.firstname,
    lastname: m.lastname,
    phone: m.phone,
    birthdate: m.birthdate,
    created_at: m.createdAt.toISOString(),
    memberships: m.memberships.map(membershipView),
  };
}

const memberDetailInclude = {
  ...memberSummaryInclude,
  properties: { include: { property: { include: { group: { select: { id: true, name: true } } } } }, orderBy: { propertyId: "asc" } },
  consents: { include: { term: { select: { name: true } } }, orderBy: [{ acceptedAt: "desc" }, { id: "desc" }] },
  subscriptions: { include: { list: { select: { name: true } } }, orderBy: { listId: "asc" } },
} satisfies Prisma.MemberInclude;

type MemberDetailRow = Prisma.MemberGetPayload<{ include: typeof memberDetailInclude }>;

function memberView(m: MemberDetailRow, caller: Caller): z.output<typeof MemberView> {
  return {
    ...memberSummaryView(m, caller),
    street: m.street,
    zipcode: m.zipcode,
    post: m.post,
    global_opt_out_at: m.globalOptOutAt?.toISOString() ?? null,
    updated_at: m.updatedAt.toISOString(),
    properties: m.properties.map((p) => ({
      prop_id: p.propertyId,
      name: p.property.name,
      group_id: p.property.group.id,
      group_name: p.property.group.name,
      set_at: p.createdAt.toISOString(),
    })),
    consents: m.consents.map((c) => ({ term_id: c.termId, term_name: c.term.name, list_id: c.sourceListId, accepted_at: c.acceptedAt.toISOString() })),
    subscriptions: m.subscriptions.map((s) => ({
      list_id: s.listId,
      list_name: s.list.name,
      status: s.status as "SUBSCRIBED" | "UNSUBSCRIBED",
      source: s.source,
      subscribed_at: s.subscribedAt.toISOString(),
      unsubscribed_at: s.unsubscribedAt?.toISOString() ?? null,
    })),
  };
}

/** The full member record (GET /v3/member/{id} and the dashboard's member page), read after the scope check. */
export async function memberRecord(id: number, caller: Caller) {
  return memberView(await db().member.findUniqueOrThrow({ where: { id }, include: memberDetailInclude }), caller);
}

/** GET /v3/member/{id}. */
export async function getMember(caller: Caller, id: number) {
  requireModule(caller, "member");
  await memberInScope(caller, id);
  return memberRecord(id, caller);
}
