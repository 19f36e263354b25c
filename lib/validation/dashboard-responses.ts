// What the dashboard's data routes answer (app/admin/api), for the views that have no other schema. The operation
// table names them (lib/operations/dashboard.ts), so the route wrapper checks the services against them at compile
// time, and the screens can infer their types from them. Imports nothing from the server.
import { z } from "zod";
import { FK_STATUSES } from "./company";
import { AdminList } from "./subscription";

const dayCounts = z.object({ date: z.string(), subscribed: z.number().int(), unsubscribed: z.number().int() });

/** The overview: each count is null when the caller's access group lacks its module. */
export const DashboardOverview = z.object({
  lists: z.number().int().nullable(),
  active_subscribers: z.number().int().nullable(),
  companies_by_fk_status: z.array(z.object({ status: z.enum(FK_STATUSES), count: z.number().int() })).nullable(),
  per_day: z.array(dayCounts).nullable(),
});

export const AuditPage = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      actor: z.string(),
      actor_kind: z.string(),
      action: z.string(),
      object_type: z.string(),
      object_id: z.string(),
      company_id: z.string().nullable(),
      company_name: z.string().nullable(),
      summary: z.string(),
      created_at: z.string(),
    }),
  ),
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const CompanyChoice = z.object({ company_id: z.string(), name: z.string() });

/** A row of the list table: the list with its company's name. */
export const DashboardListRow = AdminList.extend({ company_name: z.string() });

/** The "new list" dialog's companies; `more` when the search matched more than it shows. */
export const ListCompanyChoices = z.object({
  companies: z.array(z.object({ company_id: z.string(), name: z.string(), org_number: z.string() })),
  more: z.boolean(),
});

export const ListDeletionImpact = z.object({
  id: z.number().int(),
  name: z.string(),
  active_subscribers: z.number().int(),
  subscriptions: z.number().int(),
});

/** A member of the list's organization found by email or name, to subscribe from the list's page. */
export const ListMemberMatch = z.object({
  member_id: z.number().int(),
  email: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  is_subscribed: z.boolean(),
});
