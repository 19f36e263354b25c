// Member properties (prop_id) in groups, per organization; a subscription list's questions are properties.
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { PropertyGroupView } from "@/modules/companies/schemas/organization";
import type { CreatePropertyInput } from "@/modules/lists/schemas/subscription";
import type { CreatedProperty } from "@/modules/lists/schemas/dashboard";
import { assertCompanyInScope, assertWritableCompany, requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { findLiveCompany } from "@/lib/live-records";

/** The company's property groups with their properties (the questions a list can ask). */
export async function listPropertyGroups(
  caller: Caller,
  companyId: string,
): Promise<z.output<typeof PropertyGroupView>[]> {
  requireModule(caller, "subscription_list");
  await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  const groups = await db().propertyGroup.findMany({
    where: { companyId },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    include: { properties: { orderBy: [{ name: "asc" }, { id: "asc" }] } },
  });
  return groups.map(propertyGroupView);
}

type PropertyGroupRow = {
  id: number;
  companyId: string;
  name: string;
  descr: string | null;
  properties: { id: number; name: string; descr: string }[];
};

/** A property group as the API and the dashboard show it. */
export function propertyGroupView(g: PropertyGroupRow): z.output<typeof PropertyGroupView> {
  return {
    id: g.id,
    company_id: g.companyId,
    name: g.name,
    descr: g.descr,
    properties: g.properties.map((p) => ({ prop_id: p.id, name: p.name, descr: p.descr })),
  };
}

/**
 * A new property in the named group of the company, the group created on first use. Staff create properties from
 * the list editor (subscription_list module, SUBSCRIPTION_LIST.U), operators from the CLI.
 */
export async function createProperty(
  caller: Caller,
  input: CreatePropertyInput,
): Promise<z.output<typeof CreatedProperty>> {
  await assertWritableCompany(caller, input.company_id, "subscription_list", "SUBSCRIPTION_LIST.U");
  const groupName = input.group_name.trim();
  // Look the group up before the transaction, so that the transaction starts with a write: SQLite cannot upgrade a
  // transaction that has read to a write lock while another connection writes (SQLITE_BUSY).
  const existing = await db().propertyGroup.findFirst({ where: { companyId: input.company_id, name: groupName } });
  return db().$transaction(async (tx) => {
    const group =
      existing ??
      (await tx.propertyGroup.create({
        data: { companyId: input.company_id, name: groupName, descr: input.group_descr ?? null },
      }));
    const property = await tx.property.create({
      data: { groupId: group.id, name: input.name.trim(), descr: input.descr ?? "" },
    });
    await recordAudit(tx, caller, {
      action: "property.create",
      objectType: "property",
      objectId: property.id,
      companyId: input.company_id,
      summary: `${group.name}: ${property.name}`,
    });
    return {
      prop_id: property.id,
      name: property.name,
      descr: property.descr,
      group_id: group.id,
      group_name: group.name,
    };
  });
}
