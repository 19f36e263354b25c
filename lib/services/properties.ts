// Member properties (prop_id) in groups, per organization; a subscription list's questions are properties.
import { db } from "../db";
import { ValidationFailed } from "../errors";

export async function createPropertyGroup(input: { companyId: string; name: string; descr?: string | null }) {
  if (!input.name.trim()) throw new ValidationFailed({ name: ["required"] });
  return db().propertyGroup.create({ data: { companyId: input.companyId, name: input.name.trim(), descr: input.descr ?? null } });
}

export async function createProperty(input: { groupId: number; name: string; descr?: string }) {
  if (!input.name.trim()) throw new ValidationFailed({ name: ["required"] });
  return db().property.create({ data: { groupId: input.groupId, name: input.name.trim(), descr: input.descr ?? "" } });
}

export async function findOrCreatePropertyGroup(input: { companyId: string; name: string; descr?: string | null }) {
  const company = await db().company.findFirst({ where: { id: input.companyId, deletedAt: null }, select: { id: true } });
  if (!company) throw new ValidationFailed({ company: ["unknown company id"] });
  const existing = await db().propertyGroup.findFirst({ where: { companyId: input.companyId, name: input.name.trim() } });
  return existing ?? createPropertyGroup(input);
}
