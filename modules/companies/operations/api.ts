// /v3 company register and leisure-card enrollment.
import {
  CompanyFk,
  CompanyFkList,
  CompanyIdParams,
  CurrentCompany,
  UpdateFkStatusRequest,
  UpdateFkStatusResponse,
  UtforarstatusResponse,
} from "../schemas/company";
import { malformedCompanyId, reason, serverError, unauthorized, validation } from "@/lib/operations/errors";
import { operation, operationsSharing } from "@/lib/operations/operation";

const tags = ["Company"];
const companyOperation = operationsSharing({ auth: "bearer", module: "company", tags });
const companyNotFound = reason("`company not found`: no company has this id, or it was deleted");

export const getCurrentCompany = operation({
  method: "get",
  path: "/company",
  auth: "bearer",
  summary: "Get your own company",
  description:
    "The company that owns the API key the token was issued for. It is the root of what the key can reach: its " +
    "`company_id` is the one to pass where an operation asks for a company, and its sub-companies (clubs) are listed " +
    "by GET /company/hierarchy. Needs no module, so it is a good first call to check a token.",
  tags,
  responses: { 200: { description: "The company", schema: CurrentCompany } },
  errors: { 401: unauthorized, 404: reason("`company not found`: the API key's company has been deleted") },
});

export const listCompanyRegister = companyOperation({
  method: "get",
  path: "/company/fk",
  summary: "List the whole company register",
  description:
    "Every company in the register as its name, organization number and parent, ordered by name, in one answer " +
    "without paging. Use it to match organization numbers against your own records. Unlike the other operations it " +
    "is not limited to your API key's scope, and so it carries no ids or contact data. A company whose parent was " +
    "deleted has `parent: null`.",
  responses: { 200: { description: "Every company in the register", schema: CompanyFkList } },
  errors: { 401: unauthorized, 403: reason("`access group lacks the company module`"), 500: serverError },
});

export const getCompanyFk = companyOperation({
  method: "get",
  path: "/company/{company_id}/fk",
  params: CompanyIdParams,
  summary: "Get a company's leisure-card enrollment",
  description:
    "The company's address and contact person, its leisure-card enrollment status (`fk_status`) and the grants " +
    "(such as Fritidskortet) it has activated. The company must be in your API key's scope. Fields that were never " +
    "filled in are `null`; `company_grants` is `[]` when none is activated.",
  responses: { 200: { description: "The company", schema: CompanyFk } },
  errors: {
    400: malformedCompanyId,
    401: unauthorized,
    403: reason(
      "`company is outside the caller's access scope`: the company exists but your API key cannot reach it; or " +
        "`access group lacks the company module`",
    ),
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
  summary: "Set a company's leisure-card enrollment status",
  description:
    "Moves the company's enrollment to one of `NONE`, `ML_ADDED`, `FK_ADDED`, `ACTIVE` or `REJECTED`; any status may " +
    "follow any other. The company must be in your API key's scope. Only `fk_status` is read from the body. Each " +
    "change is kept in the company's enrollment history (from, to, by whom, when), which the service's operators can " +
    "read; sending the current status again changes nothing and adds no history entry.",
  responses: { 200: { description: "The company id and its new fk_status", schema: UpdateFkStatusResponse } },
  errors: {
    400: {
      ...validation,
      description:
        "A malformed `company_id`, a body that is not a JSON object, or `fk_status` missing or not one of the five " +
        "values. `errors.fk_status` lists the messages, and `reason` is for instance " +
        '`fk_status: must be one of NONE, ML_ADDED, FK_ADDED, ACTIVE, REJECTED; received "FOO"`.',
      example: {
        reason: 'fk_status: must be one of NONE, ML_ADDED, FK_ADDED, ACTIVE, REJECTED; received "FOO"',
        code: "validation_error",
        errors: { fk_status: ['must be one of NONE, ML_ADDED, FK_ADDED, ACTIVE, REJECTED; received "FOO"'] },
        form_errors: [],
      },
    },
    401: unauthorized,
    403: reason(
      "`access group lacks the COMPANY.U permission`, `access group lacks the company module`, or `company is " +
        "outside the caller's access scope`",
    ),
    404: companyNotFound,
    500: serverError,
  },
});

export const getCompanyUtforarstatus = companyOperation({
  method: "get",
  path: "/company/fk/status/{company_id}",
  params: CompanyIdParams,
  summary: "Check a company's approved-provider status",
  description:
    "Asks the leisure-card service (Fritidskortet) whether the company is an approved activity provider " +
    "(`GODKAND`) or not (`EJ_GODKAND`), using the company's organization number and the giro details registered for " +
    "it, and passes the answer on. Any company of the register can be checked, as in GET /company/fk. The answer is " +
    "live, so the call takes as long as the leisure-card service does, up to a time limit. Every failure, including " +
    "an unknown company, is a 500 whose `reason` says what went wrong (listed below); those about the leisure-card " +
    "service are worth retrying later, those about the company's records need its data completed first.",
  responses: { 200: { description: "GODKAND or EJ_GODKAND as reported", schema: UtforarstatusResponse } },
  errors: {
    400: malformedCompanyId,
    401: unauthorized,
    403: reason("`access group lacks the company module`"),
    500: reason(
      "`company not found`; `company has no leisure-card API key record`; `company has no org_number`; " +
        "`leisure-card API key record has no giro details`; `leisure-card API key cannot be decrypted`; " +
        "`leisure-card service did not answer within <n> ms`; `leisure-card service unreachable (<code>)`; " +
        "`leisure-card service answered HTTP <status>`; `leisure-card service rejected the company's credential (HTTP 401)`; " +
        "`leisure-card service gave a malformed answer (...)`",
    ),
  },
});
