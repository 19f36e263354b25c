// An organization's reference data as integrators and the member forms use it: periods, member types and property
// groups (member module). With a company, what a member of that company can use: the company's own entries and its
// parents' (a federation's periods serve its clubs); without, every live company's in the caller's scope.
import "server-only";
import type { z } from "zod";
import { stockholmToday } from "@/lib/calendar";
import { db } from "@/lib/db";
import type { MemberTypeView, OrganizationQueryInput, PeriodView, PropertyGroupView } from "../schemas/organization";
import { assertCompanyInScope, companiesInScopeWhere, requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { companyWithAncestors } from "./tree";
import { findLiveCompany, liveCompany } from "@/lib/live-records";
import { propertyGroupView } from "@/modules/members/services/properties";

async function companiesFor(caller: Caller, query: OrganizationQueryInput) {
  requireModule(caller, "member");
  if (query.company_id) {
    await findLiveCompany(query.company_id);
    await assertCompanyInScope(caller, query.company_id);
    return { id: { in: await companyWithAncestors(query.company_id) }, ...liveCompany };
  }
  return { ...(await companiesInScopeWhere(caller)), ...liveCompany };
}

/** GET /v3/company_period: newest first. */
export async function listPeriods(
  caller: Caller,
  query: OrganizationQueryInput,
): Promise<z.output<typeof PeriodView>[]> {
  const company = await companiesFor(caller, query);
  const periods = await db().period.findMany({ where: { company }, orderBy: [{ startsOn: "desc" }, { id: "desc" }] });
  const today = stockholmToday();
  return periods.map((p) => {
    const start = p.startsOn.toISOString().slice(0, 10);
    const end = p.endsOn.toISOString().slice(0, 10);
    return {
      id: p.id,
      company_id: p.companyId,
      name: p.name,
      start_date: start,
      end_date: end,
      is_current: start <= today && today <= end,
    };
  });
}

/** GET /v3/membertype. */
export async function listMemberTypes(
  caller: Caller,
  query: OrganizationQueryInput,
): Promise<z.output<typeof MemberTypeView>[]> {
  const company = await companiesFor(caller, query);
  const types = await db().memberType.findMany({ where: { company }, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return types.map((t) => ({ id: t.id, company_id: t.companyId, name: t.name }));
}

/** GET /v3/property: property groups with their properties. */
export async function listMemberPropertyGroups(
  caller: Caller,
  query: OrganizationQueryInput,
): Promise<z.output<typeof PropertyGroupView>[]> {
  const company = await companiesFor(caller, query);
  const groups = await db().propertyGroup.findMany({
    where: { company },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    include: { properties: { orderBy: [{ name: "asc" }, { id: "asc" }] } },
  });
  return groups.map(propertyGroupView);
}
