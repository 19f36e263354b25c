// Operator-side company register changes (CLI, demo seed): create companies in the tree.
import crypto from "node:crypto";
import { db } from "../db";
import { ValidationFailed } from "../errors";

export interface NewCompany {
  name: string;
  orgNumber: string;
  parentId?: string | null;
  shortname?: string | null;
  street?: string | null;
  zipcode?: string | null;
  post?: string | null;
  country?: string | null;
  email?: string | null;
  phone?: string | null;
  web?: string | null;
  cName?: string | null;
  cEmail?: string | null;
  cPhone?: string | null;
}

export async function createCompany(input: NewCompany) {
  if (!input.name.trim()) throw new ValidationFailed({ name: ["required"] });
  if (!input.orgNumber.trim()) throw new ValidationFailed({ orgNumber: ["required"] });
  if (input.parentId) {
    const parent = await db().company.findFirst({ where: { id: input.parentId, deletedAt: null } });
    if (!parent) throw new ValidationFailed({ parentId: ["unknown parent company"] });
  }
  return db().company.create({
    data: { ...input, id: crypto.randomUUID(), uuid: crypto.randomUUID(), name: input.name.trim() },
  });
}

export async function countCompanies(): Promise<number> {
  return db().company.count();
}
