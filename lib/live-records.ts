// The rules for "does this still exist": each has one owner here, as a `where` fragment or a loader that throws.
// A soft-deleted company does not exist for any operation (spec 4.2 rule 5); a public list must be active and belong
// to a live company.
import "server-only";
import { db, Prisma } from "./db";
import { NotFound } from "./errors";

export const liveCompany = { deletedAt: null } satisfies Prisma.CompanyWhereInput;

/** liveCompany for tagged SQL, on the "Company" row named `alias`. */
export const liveCompanySql = (alias: string) => Prisma.sql`${Prisma.raw(`${alias}."deletedAt"`)} IS NULL`;

/** A list the public may see and subscribe to. */
export const activeListOfLiveCompany = {
  isActive: true,
  company: liveCompany,
} satisfies Prisma.SubscriptionListWhereInput;

/** Any list of a live company (admin operations; an inactive list is still managed). */
export const listOfLiveCompany = { company: liveCompany } satisfies Prisma.SubscriptionListWhereInput;

/** A member that exists: not erased (GDPR erasure keeps an anonymous row) and of a live company. */
export const liveMember = { erasedAt: null, organization: liveCompany } satisfies Prisma.MemberWhereInput;

/** An event of a live company. */
export const eventOfLiveCompany = { company: liveCompany } satisfies Prisma.EventWhereInput;

/** The live company, or 404 `company not found`. */
export async function findLiveCompany(companyId: string) {
  const company = await db().company.findFirst({ where: { id: companyId, ...liveCompany } });
  if (!company) throw new NotFound("company not found");
  return company;
}
