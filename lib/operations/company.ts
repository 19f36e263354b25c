// /v3 company register and leisure-card enrollment (spec 4.2).
import {
  CompanyFk,
  CompanyFkList,
  CompanyIdParams,
  CurrentCompany,
  UpdateFkStatusRequest,
  UpdateFkStatusResponse,
  UtforarstatusResponse,
} from "../validation/company";
import { malformedCompanyId, reason, serverError, unauthorized, validation } from "./errors";
import { operation, operationsSharing } from "./operation";

const tags = ["Company"];
const companyOperation = operationsSharing({ auth: "bearer", module: "company", tags });
const companyNotFound = reason("`company not found`: no such company, or it is deleted");

export const getCurrentCompany = operation({
  method: "get",
  path: "/company",
  auth: "bearer",
  summary: "The caller's own company",
  description: "The company that owns the calling API key: the root of its access scope.",
  tags,
  responses: { 200: { description: "The company", schema: CurrentCompany } },
  errors: { 401: unauthorized, 404: reason("`company not found`: the key's company was deleted") },
});

export const listCompanyRegister = companyOperation({
  method: "get",
  path: "/company/fk",
  summary: "The whole company register (minimal form)",
  description:
    "Every non-deleted company as name, org_number and parent, in one response: no pagination, no filtering. " +
    "The list is the whole register, not limited to the caller's company scope. " +
    "Ordered by name. A company whose parent is deleted is listed with `parent: null` (a deleted company does not exist).",
  responses: { 200: { description: "Every non-deleted company", schema: CompanyFkList } },
  errors: { 401: unauthorized, 403: reason("The access group lacks the `company` module"), 500: serverError },
});

export const getCompanyFk = companyOperation({
  method: "get",
  path: "/company/{company_id}/fk",
  params: CompanyIdParams,
  summary: "One company's enrollment view",
  description:
    "Address, contact data, fk_status and activated grants. The company must be in the caller's scope. Unset fields " +
    "are `null`; `company_grants` is `[]` when none are activated.",
  responses: { 200: { description: "The company", schema: CompanyFk } },
  errors: {
    400: malformedCompanyId,
    401: unauthorized,
    403: reason("The company exists but is outside the caller's scope, or the `company` module is missing"),
    404: companyNotFound,
    500: serverError,
  },
});

export const updateCompanyFkStatus = companyOperation({
  method: "put",
  path: "/company/{company_id}/fk",
  permission: "COMPANY.U",
  params: CompanyIdParams,
  body: UpdateFkStatusRequest,
  summary: "Set a company's fk_status",
  description:
    "The company must be in the caller's scope. Only `fk_status` is updated; any other body field is ignored. Any " +
    "value may follow any value. Every change is recorded in the company's fk_status history (from, to, who, when; " +
    "`npm run cli -- company:fk-history`); setting the current value again is not a change and records nothing. The " +
    "403 body is `{reason}`.",
  responses: { 200: { description: "The company id and its new fk_status", schema: UpdateFkStatusResponse } },
  errors: {
    400: {
      ...validation,
      description:
        "Malformed company_id, a body that is not a JSON object, or `fk_status` missing or not one of the five values: " +
        '`errors.fk_status` lists the messages; reason e.g. `fk_status: must be one of NONE, ML_ADDED, FK_ADDED, ACTIVE, REJECTED; received "FOO"`',
    },
    401: unauthorized,
    403: reason("The access group lacks `COMPANY.U` or the `company` module, or the company is outside the caller's scope"),
    404: companyNotFound,
    500: serverError,
  },
});

export const getCompanyUtforarstatus = companyOperation({
  method: "get",
  path: "/company/fk/status/{company_id}",
  params: CompanyIdParams,
  summary: "Approved-provider (utförare) status at the leisure-card service",
  description:
    "Asks the external leisure-card service whether the company is an approved provider, with the company's " +
    "org_number and the giro details of its leisure-card API key record, and returns its answer. The contract lists " +
    "no 403 for this endpoint beyond the module, so company scope is not enforced here (the answer is no more private " +
    "than the unscoped register list). As the contract says, every failure is a 500 with a reason, including a " +
    "missing or deleted company (`company not found`, not 404). The call is bounded by LEISURE_CARD_TIMEOUT_MS.",
  responses: { 200: { description: "GODKAND or EJ_GODKAND as reported", schema: UtforarstatusResponse } },
  errors: {
    400: malformedCompanyId,
    401: unauthorized,
    403: reason("The access group lacks the `company` module"),
    500: reason(
      "`company not found`; `company has no leisure-card API key record`; `company has no org_number`; " +
        "`leisure-card API key record has no giro details`; `leisure-card API key cannot be decrypted`; " +
        "`leisure-card service did not answer within <n> ms`; `leisure-card service unreachable (<code>)`; " +
        "`leisure-card service answered HTTP <status>`; `leisure-card service rejected the company's credential (HTTP 401)`; " +
        "`leisure-card service gave a malformed answer (...)`",
    ),
  },
});
