// What the dashboard's member screens offer to choose from: companies, periods, member types, properties and events
// in the caller's scope, in one read.
import "server-only";
import type { z } from "zod";
import type { CompanyChoice, MemberScreenOptions } from "../schemas/dashboard";
import { requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { companyChoices } from "@/modules/companies/services/directory";
import { listEventsInScope } from "@/modules/events/services/events";
import { listMemberPropertyGroups, listMemberTypes, listPeriods } from "@/modules/companies/services/organization";

export async function memberScreenOptions(caller: Caller): Promise<z.output<typeof MemberScreenOptions>> {
  requireModule(caller, "member");
  const [companies, periods, member_types, property_groups, events] = await Promise.all([
    companyChoices(caller),
    listPeriods(caller, {}),
    listMemberTypes(caller, {}),
    listMemberPropertyGroups(caller, {}),
    caller.modules.has("event") ? listEventsInScope(caller) : Promise.resolve([]),
  ]);
  return {
    companies,
    periods,
    member_types,
    property_groups,
    events,
    personal_number: caller.permissions.has("PERSONAL_NUMBER.U"),
  };
}

/** The companies the event screen can show events of. */
export async function eventCompanyChoices(caller: Caller): Promise<z.output<typeof CompanyChoice>[]> {
  requireModule(caller, "event");
  return companyChoices(caller);
}
