// Reading members: the one meaning of "a member in a company", the one loader that says whether the caller may touch
// a member, and the views the API and the dashboard show. Changes are in member-changes.ts, lists and search in
// member-search.ts.
import "server-only";
import type { z } from "zod";
import { db, Prisma } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { env } from "@/lib/env";
import { formatPersonalNumber, type Gender } from "../schemas/report-fields";
import type { MembershipStatus, MembershipView, MemberSummary, MemberView } from "../schemas/member";
import { isCompanyInScope, requireModule, visibleMemberUuid } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { liveCompany, liveMember } from "@/lib/live-records";

/** A membership with this status no longer puts its member in the membership's company. */
const LEFT = "EXITED";

/**
 * A member is IN company X when its register company is X (`organizationId`) or it holds a membership in X whose
 * status is not EXITED. This is the one meaning of "in a company": the search's `companies` filter, the dashboard's
 * filters and pickers, and scope (a caller whose scope covers X sees and may change the members in X) all use it,
 * through this SQL condition on the "Member" row aliased `m` or through memberCompanies below.
 *
 * `companies` is a list of company ids (Prisma.join) or a subquery. With `statuses`, only a membership in one of
 * them with one of those statuses counts (the search's rule: statuses apply to the membership).
 */
export function memberInCompanies(companies: Prisma.Sql, statuses?: readonly MembershipStatus[]): Prisma.Sql {
  if (statuses?.length) {
    return Prisma.sql`m."id" IN (SELECT ms."memberId" FROM "Membership" ms WHERE ms."companyId" IN (${companies}) AND ms."status" IN (${Prisma.join(statuses)}))`;
  }
  return Prisma.sql`(m."organizationId" IN (${companies})
    OR m."id" IN (SELECT ms."memberId" FROM "Membership" ms WHERE ms."companyId" IN (${companies}) AND ms."status" <> ${LEFT}))`;
}

/** The live companies the member is in (memberInCompanies' rule for one member): its register company first. */
async function memberCompanies(member: { id: number; organizationId: string }): Promise<string[]> {
  const memberships = await db().membership.findMany({
    where: { memberId: member.id, status: { not: LEFT }, company: liveCompany },
    select: { companyId: true },
    distinct: ["companyId"],
  });
  return [member.organizationId, ...memberships.map((m) => m.companyId).filter((id) => id !== member.organizationId)];
}

/**
 * The live member, if the caller may see it: in a company of the caller's scope (memberInCompanies). 404 `member not
 * found` for a missing, erased or out-of-scope one, exactly as for a missing one.
 */
export async function memberInScope(caller: Caller, id: number) {
  const member = await db().member.findFirst({
    where: { id, ...liveMember },
    select: { id: true, organizationId: true, email: true },
  });
  if (!member) throw new NotFound("member not found");
  if (caller.scope.kind === "all" || (await isCompanyInScope(caller, member.organizationId))) return member;
  for (const companyId of (await memberCompanies(member)).slice(1))
    if (await isCompanyInScope(caller, companyId)) return member;
  throw new NotFound("member not found");
}

const membershipInclude = {
  company: { select: { name: true } },
  period: { select: { name: true } },
  memberType: { select: { name: true } },
} satisfies Prisma.MembershipInclude;

/** A membership as a view needs it (Prisma's include above, or the member list's one joined statement). */
export type MembershipRow = Pick<
  Prisma.MembershipGetPayload<{ include: typeof membershipInclude }>,
  "id" | "companyId" | "periodId" | "memberTypeId" | "status" | "createdAt"
> & {
  company: { name: string };
  period: { name: string };
  memberType: { name: string } | null;
};

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

/** A member row as a summary needs it: the person's columns and its memberships. */
export type MemberSummaryRow = Pick<
  Prisma.MemberGetPayload<object>,
  "id" | "uuid" | "organizationId" | "email" | "firstname" | "lastname" | "phone" | "birthdate" | "createdAt"
> & { memberships: MembershipRow[] };

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
  properties: {
    include: { property: { include: { group: { select: { id: true, name: true } } } } },
    orderBy: { propertyId: "asc" },
  },
  consents: { include: { term: { select: { name: true } } }, orderBy: [{ acceptedAt: "desc" }, { id: "desc" }] },
  subscriptions: { include: { list: { select: { name: true } } }, orderBy: { listId: "asc" } },
} satisfies Prisma.MemberInclude;

type MemberDetailRow = Prisma.MemberGetPayload<{ include: typeof memberDetailInclude }>;

/** A personnummer (12 digits) as stored: encrypted with the service's key. */
export const sealPersonalNumber = (digits: string) => encryptSecret(digits, env().ENCRYPTION_KEY);

/** The personnummer for a caller with PERSONAL_NUMBER.U; null for everyone else. */
function visiblePersonalNumber(caller: Caller, sealed: string | null): string | null {
  if (!sealed || !caller.permissions.has("PERSONAL_NUMBER.U")) return null;
  return formatPersonalNumber(decryptSecret(sealed, env().ENCRYPTION_KEY));
}

function memberView(m: MemberDetailRow, caller: Caller): z.output<typeof MemberView> {
  return {
    ...memberSummaryView(m, caller),
    street: m.street,
    zipcode: m.zipcode,
    post: m.post,
    gender: m.gender as Gender | null,
    disability: m.disability,
    personal_number: visiblePersonalNumber(caller, m.personalNumberEncrypted),
    global_opt_out_at: m.globalOptOutAt?.toISOString() ?? null,
    updated_at: m.updatedAt.toISOString(),
    properties: m.properties.map((p) => ({
      prop_id: p.propertyId,
      name: p.property.name,
      group_id: p.property.group.id,
      group_name: p.property.group.name,
      set_at: p.createdAt.toISOString(),
    })),
    consents: m.consents.map((c) => ({
      term_id: c.termId,
      term_name: c.term.name,
      list_id: c.sourceListId,
      accepted_at: c.acceptedAt.toISOString(),
    })),
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
