// What the dashboard's company screens read (/admin/api/companies/…) and their server actions answer. Imports nothing
// from the server, so the screens' types are inferred from the same schemas the services are checked against.
import { z } from "zod";
import { companyRegisterFields, FkStatus } from "./company";

/** One row of the dashboard's register: a live company in scope with its parent's name (null if none or deleted). */
export const DashboardRegisterRow = z.object({
  company_id: z.string(),
  name: z.string(),
  org_number: z.string(),
  parent_id: z.string().nullable(),
  parent_name: z.string().nullable(),
  fk_status: FkStatus,
});

/** The company page: register fields, fk_status and the parent (with whether the caller may open it). */
export const CompanyDetail = z.object({
  company_id: z.string(),
  uuid: z.string(),
  name: z.string(),
  shortname: z.string().nullable(),
  org_number: z.string(),
  fk_status: FkStatus,
  parent: z.object({ company_id: z.string(), name: z.string(), in_scope: z.boolean() }).nullable(),
  ...companyRegisterFields,
});

/** One change of fk_status, newest first in the history. */
export const FkHistoryEntry = z.object({
  from: FkStatus,
  to: FkStatus,
  changed_by: z.string(),
  changed_at: z.string(),
});

/** A grant and whether (since when, an ISO instant) it is active on the company: the grants panel. */
export const CompanyGrantRow = z.object({
  grant_id: z.number().int(),
  name: z.string(),
  descr: z.string(),
  activated_at: z.string().nullable(),
});

/** The answer of activating a grant. */
export const ActivatedGrant = z.object({ grant_id: z.number().int(), activated_at: z.string() });

/** What the company's leisure-card record says, without the key itself (never shown back, not even encrypted). */
export const LeisureCardKeyRecord = z.object({
  company_id: z.string(),
  giro_type: z.string().nullable(),
  giro_number: z.string().nullable(),
  updated_at: z.string(),
});
