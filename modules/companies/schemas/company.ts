// Company shapes (spec 2.2-2.8).
import { z } from "zod";
import { CompanyId, requiredText } from "@/lib/validation/common";

/** GET /v3/company: the caller's own company. The spec does not show this body; these are the fields we return. */
export const CurrentCompany = z
  .object({
    company_id: z.string(),
    uuid: z.string(),
    name: z.string(),
    shortname: z.string().nullable(),
    org_number: z.string(),
    parent_id: z.string().nullable(),
  })
  .meta({ id: "CurrentCompany", description: "The company that owns the calling API key (the root of its scope)." });

// ---------------------------------------------------------------- register and enrollment (spec 2.2-2.8, 3.1)

export const FK_STATUSES = ["NONE", "ML_ADDED", "FK_ADDED", "ACTIVE", "REJECTED"] as const;
export type FkStatusValue = (typeof FK_STATUSES)[number];

export function isFkStatus(value: unknown): value is FkStatusValue {
  return typeof value === "string" && (FK_STATUSES as readonly string[]).includes(value);
}

/** The message names the valid values and echoes (a bounded excerpt of) what was sent, as spec 7.2 asks. */
export function fkStatusMessage(received: unknown): string {
  const shown = received === undefined ? "nothing" : (JSON.stringify(received) ?? String(received)).slice(0, 80);
  return `must be one of ${FK_STATUSES.join(", ")}; received ${shown}`;
}

export const FkStatus = z.enum(FK_STATUSES, { error: (issue) => fkStatusMessage(issue.input) }).meta({
  id: "FkStatus",
  description:
    "Enrollment status: NONE (default), ML_ADDED (added as provider on our side), FK_ADDED (registered at the " +
    "leisure-card service, pending), ACTIVE (enrollment complete), REJECTED.",
});

export const CompanyIdParams = z.object({ company_id: CompanyId });

const ParentCompany = z.object({ org_number: z.string(), name: z.string() }).meta({ id: "ParentCompany" });

export const CompanyFkListItem = z
  .object({ name: z.string(), org_number: z.string(), parent: ParentCompany.nullable() })
  .meta({ id: "CompanyFkListItem", description: "One company of the register: no id, no fk_status, no contact data." });

export const CompanyFkList = z.array(CompanyFkListItem);

const Grant = z
  .object({ id: z.number().int(), uuid: z.string(), name: z.string(), descr: z.string() })
  .meta({ id: "Grant" });

const CompanyGrant = z
  .object({
    id: z.number().int(),
    created_at: z.string().meta({
      description: "When the grant was activated: `YYYY-MM-DDTHH:mm:ss` in the server's local time, no zone designator",
      example: "2026-03-01T14:05:09",
    }),
    grant: Grant,
  })
  .meta({ id: "CompanyGrant" });

/** A company's address and contact fields, as the enrollment view and the dashboard's company page show them. */
export const companyRegisterFields = {
  street: z.string().nullable(),
  co: z.string().nullable().meta({ description: "care-of line" }),
  zipcode: z.string().nullable(),
  post: z.string().nullable().meta({ description: "postal town" }),
  country: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  landline: z.string().nullable(),
  web: z.string().nullable(),
  c_name: z.string().nullable().meta({ description: "contact person name" }),
  c_email: z.string().nullable(),
  c_phone: z.string().nullable(),
};

export const CompanyFk = z
  .object({
    company_id: z.string().meta({ description: "36-character string id" }),
    uuid: z.string(),
    name: z.string(),
    shortname: z.string().nullable(),
    org_number: z.string(),
    fk_status: FkStatus,
    ...companyRegisterFields,
    company_grants: z.array(CompanyGrant),
  })
  .meta({ id: "CompanyFk", description: "One company's enrollment view. Unset fields are null." });

export const UpdateFkStatusRequest = z
  .object(
    { fk_status: FkStatus },
    { error: (issue) => (issue.input === undefined ? "required" : "must be a JSON object") },
  )
  .meta({ id: "UpdateFkStatusRequest", description: "Only fk_status is read; any other field is ignored." });

export const UpdateFkStatusResponse = z
  .object({ company_id: z.string(), fk_status: FkStatus })
  .meta({ id: "UpdateFkStatusResponse" });

const UTFORARE_STATUSES = ["GODKAND", "EJ_GODKAND"] as const;

export const UtforarstatusResponse = z.object({ utforarestatus: z.enum(UTFORARE_STATUSES) }).meta({
  id: "UtforarstatusResponse",
  description: "Approved-provider status as reported by the leisure-card service.",
});

// ---------------------------------------------------------------- dashboard and CLI

export const GIRO_TYPES = ["BANKGIRO", "PLUSGIRO"] as const;

/** The company's credential at the leisure-card service and its giro details (dashboard form and CLI). */
export const LeisureCardKeyRequest = z.object({
  api_key: requiredText(500),
  giro_type: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(GIRO_TYPES, { error: `must be one of ${GIRO_TYPES.join(", ")}` }))
    .nullable()
    .optional(),
  giro_number: z
    .string()
    .trim()
    .max(20, { error: "must be at most 20 characters" })
    .regex(/^[0-9-]*$/, { error: "digits and dashes only" })
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type LeisureCardKeyInput = z.output<typeof LeisureCardKeyRequest>;

const CompanyListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  include_deleted: z.boolean().optional(),
});
export type CompanyListQueryInput = z.output<typeof CompanyListQuery>;

// ---------------------------------------------------------------- dashboard company screens

/** The dashboard register's query: only the search (deleted companies are never shown there). */
export const CompanyRegisterQuery = CompanyListQuery.pick({ q: true });

/** A dashboard route's company in the path. */
export const CompanyPathParams = z.object({ id: CompanyId });

/** The fk_status form, and the server action's input (the form's values plus the company). */
export const FkStatusForm = z.object({ fk_status: FkStatus });
export const ChangeFkStatusInput = FkStatusForm.extend({ company_id: CompanyId });

export const ActivateGrantInput = z.object({ company_id: CompanyId, grant_id: z.number().int().positive() });

export const SetLeisureCardKeyInput = LeisureCardKeyRequest.extend({ company_id: CompanyId });

export const CompanyIdInput = z.object({ company_id: CompanyId });

/**
 * Why an approved-provider check failed, as a stable code the dashboard translates (the API keeps the English
 * reason). The first five are our own preconditions, the rest the leisure-card client's failures.
 */
export const PROVIDER_CHECK_FAILURES = [
  "company_not_found",
  "no_key_record",
  "no_org_number",
  "no_giro_details",
  "key_undecryptable",
  "timeout",
  "unreachable",
  "credential_rejected",
  "http_error",
  "malformed_answer",
  "unknown",
] as const;
export type ProviderCheckFailure = (typeof PROVIDER_CHECK_FAILURES)[number];

/** The outcome of the dashboard's approved-provider check: the status, or why there is none. */
export type ProviderCheckOutcome =
  | { status: (typeof UTFORARE_STATUSES)[number] }
  | { failure: { code: ProviderCheckFailure; detail: string | null; reason: string } };

/** The dashboard's key form: the giro type select's empty choice means none. */
export const LeisureCardKeyForm = LeisureCardKeyRequest.extend({
  giro_type: z.preprocess((v) => (v === "" ? null : v), LeisureCardKeyRequest.shape.giro_type),
});
