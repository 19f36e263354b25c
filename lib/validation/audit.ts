// Audit log vocabulary and its browsing filters, shared by the dashboard and the service.
import { z } from "zod";
import { PAGE_MAX, queryInt } from "./common";

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
