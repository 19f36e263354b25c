// Suppressed addresses as staff see and change them (modules/sendouts/services/suppressions.ts). Imports nothing from the server,
// so the dashboard's screen validates with the same schemas.
import { z } from "zod";
import { CompanyId, PAGE_MAX, requiredText } from "@/lib/validation/common";

/** Why an address gets no sendout of the organization. */
const SUPPRESSION_REASONS = ["HARD_BOUNCE", "COMPLAINT", "SOFT_BOUNCES", "MANUAL"] as const;

export const SUPPRESSIONS_PER_PAGE = 50;

/** An address as a bounce, a complaint or staff name it: trimmed; stored lower-cased (lib/validation/email.ts). */
export const EmailAddress = z
  .string({ error: "required" })
  .trim()
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be a valid email address" }));

export const SuppressionView = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    company_name: z.string(),
    email: z.string(),
    reason: z.enum(SUPPRESSION_REASONS),
    /** The provider's description of the bounce or complaint, or the note of whoever suppressed it by hand. */
    detail: z.string(),
    /** Soft bounces in a row so far (three suppress). */
    soft_bounces: z.number().int(),
    suppressed_at: z.string(),
  })
  .meta({ id: "Suppression" });

export const SuppressionPage = z.object({
  suppressions: z.array(SuppressionView),
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const SuppressionQuery = z.object({
  company_id: CompanyId.optional(),
  page: z.number().int().min(1).max(PAGE_MAX).default(1),
});
export type SuppressionQueryInput = z.input<typeof SuppressionQuery>;

/** Lifting a suppression needs a reason on record: the audit log keeps it. */
const note = requiredText(500);

export const LiftSuppressionRequest = z.object({ note });

export const SuppressAddressRequest = z.object({
  company_id: CompanyId,
  email: EmailAddress,
  note,
});
export type SuppressAddressInput = z.input<typeof SuppressAddressRequest>;
