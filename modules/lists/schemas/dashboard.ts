// What the dashboard's list screens read (/admin/api/lists/…) and their server actions answer, besides the API's own
// shapes. Imports nothing from the server.
import { z } from "zod";
import { AdminList } from "./subscription";

/** A row of the lists table: the list and its company's name. */
export const DashboardListRow = AdminList.extend({ company_name: z.string() });

/** The companies a new list can belong to (at most a page of them; `more` when a search would narrow the choice). */
export const ListCompanyChoices = z.object({
  companies: z.array(z.object({ company_id: z.string(), name: z.string(), org_number: z.string() })),
  more: z.boolean(),
});

/** What deleting a list loses: its subscriptions (active and ended). */
export const ListDeletionImpact = z.object({
  id: z.number().int(),
  name: z.string(),
  active_subscribers: z.number().int(),
  subscriptions: z.number().int(),
});

/** A member of the list's organization found by email or name, to subscribe from the dashboard. */
export const ListMemberMatch = z.object({
  member_id: z.number().int(),
  email: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  is_subscribed: z.boolean(),
});

/** A property created from the list editor, with its group. */
export const CreatedProperty = z.object({
  prop_id: z.number().int(),
  name: z.string(),
  descr: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
});

/** The consent text as the public page would show it (the editor's preview). */
export const TermPreview = z.object({ html: z.string() });

/** Staff asked the member to confirm a subscription by email (a person who opted out themselves). */
export const ConfirmationRequestResult = z.object({ member_id: z.number().int(), confirmation_sent: z.boolean() });
