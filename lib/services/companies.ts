// Company register: the caller's own company; later the register, the enrollment view and fk_status.
import { db } from "../db";
import { NotFound } from "../errors";
import type { Caller } from "./access";

export async function getOwnCompany(caller: Caller) {
  const company = await db().company.findFirst({ where: { id: caller.companyId, deletedAt: null } });
  if (!company) throw new NotFound("company not found");
  return {
    company_id: company.id,
    uuid: company.uuid,
    name: company.name,
    shortname: company.shortname,
    org_number: company.orgNumber,
    parent_id: company.parentId,
  };
}
