// Audit log vocabulary and its browsing filters, shared by the dashboard and the service.
import { z } from "zod";
import { PAGE_MAX, queryInt } from "@/lib/validation/common";

export const AUDIT_OBJECT_TYPES = [
  "company",
  "grant",
  "leisure_card_key",
  "subscription_list",
  "subscription",
  "property",
  "api_key",
  "admin_user",
  "member",
  "event",
  "activity",
  "occasion",
  "sendout",
  "suppression",
  "webhook_endpoint",
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AuditQuery = z.object({
  page: queryInt(1, PAGE_MAX).default(1),
  limit: queryInt(1, 200).default(50),
  object_type: z.enum(AUDIT_OBJECT_TYPES).optional(),
  /** Substring of the actor ("admin:anna@…", "api:ck_…", "cli"). */
  actor: z.string().trim().max(200).optional(),
  /** Prefix of the action, e.g. "subscription_list" or "company.fk_status". */
  action: z.string().trim().max(100).optional(),
  object_id: z.string().trim().max(100).optional(),
});
export type AuditQueryInput = z.output<typeof AuditQuery>;

/** One entry of the audit log as the dashboard shows it (the company's name kept even after it was deleted). */
const AuditEntryView = z.object({
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
});

/** GET /admin/api/audit: one page of entries, newest first, and the number of all that match. */
export const AuditPage = z.object({
  entries: z.array(AuditEntryView),
  /** Exact up to 10,000 entries past the page; beyond that the bound, with count_exact false. */
  count: z.number().int(),
  count_exact: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
