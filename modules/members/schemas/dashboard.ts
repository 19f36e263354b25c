// What the dashboard's member and event screens read besides the API's own shapes: the choices they offer. Imports
// nothing from the server.
import { z } from "zod";
import { EventView } from "@/modules/events/schemas/event";
import { MemberTypeView, PeriodView, PropertyGroupView } from "@/modules/companies/schemas/organization";

/** A company a picker offers (the member and event screens). */
export const CompanyChoice = z.object({ company_id: z.string(), name: z.string() });

/** GET /admin/api/members/options: what the member screens offer to choose from, in the caller's scope. */
export const MemberScreenOptions = z.object({
  companies: z.array(CompanyChoice),
  periods: z.array(PeriodView),
  member_types: z.array(MemberTypeView),
  property_groups: z.array(PropertyGroupView),
  events: z.array(EventView),
  /** Whether the caller may read and write personnummer (PERSONAL_NUMBER.U). */
  personal_number: z.boolean(),
});
