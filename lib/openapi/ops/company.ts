import {
  CompanyFk,
  CompanyFkList,
  CurrentCompany,
  UpdateFkStatusRequest,
  UpdateFkStatusResponse,
  UtforarstatusResponse,
} from "../../validation/company";
import { CompanyId, ErrorBody } from "../../validation/common";
import type { Operation } from "../operations";
import { responses } from "./shared";

const companyNotFound = { description: "`company not found`: no such company, or it is deleted", schema: ErrorBody };

export const companyOperations: Operation[] = [
  {
    method: "get",
    path: "/company",
    operationId: "getCurrentCompany",
    summary: "The caller's own company",
    description: "The company that owns the calling API key: the root of its access scope. No module is required.",
    tags: ["Company"],
    security: "bearer",
    responses: {
      200: { description: "The company", schema: CurrentCompany },
      401: responses.unauthorized,
      404: { description: "`company not found`: the key's company was deleted", schema: ErrorBody },
    },
  },
  {
    method: "get",
    path: "/company/fk",
    operationId: "listCompanyRegister",
    summary: "The whole company register (minimal form)",
    description:
      "Every non-deleted company as name, org_number and parent, in one response: no pagination, no filtering. " +
      "Needs the `company` module. The list is the whole register, not limited to the caller's company scope. " +
      "Ordered by name. A company whose parent is deleted is listed with `parent: null` (a deleted company does not exist).",
    tags: ["Company"],
    security: "bearer",
    responses: {
      200: { description: "Every non-deleted company", schema: CompanyFkList },
      401: responses.unauthorized,
      403: { description: "The access group lacks the `company` module", schema: ErrorBody },
      500: responses.serverError,
    },
  },
  {
    method: "get",
    path: "/company/{company_id}/fk",
    operationId: "getCompanyFk",
    summary: "One company's enrollment view",
    description:
      "Address, contact data, fk_status and activated grants. Needs the `company` module and the company in the " +
      "caller's scope. Unset fields are `null`; `company_grants` is `[]` when none are activated.",
    tags: ["Company"],
    security: "bearer",
    params: { company_id: CompanyId },
    responses: {
      200: { description: "The company", schema: CompanyFk },
      400: { description: "Malformed company_id (not 36 characters)", schema: responses.validation.schema },
      401: responses.unauthorized,
      403: { description: "The company exists but is outside the caller's scope, or the `company` module is missing", schema: ErrorBody },
      404: companyNotFound,
      500: responses.serverError,
    },
  },
  {
    method: "put",
    path: "/company/{company_id}/fk",
    operationId: "updateCompanyFkStatus",
    summary: "Set a company's fk_status",
    description:
      "Needs the `company` module, the `COMPANY.U` permission and the company in the caller's scope. Only " +
      "`fk_status` is updated; any other body field is ignored. Any value may follow any value. Every change is " +
      "recorded in the company's fk_status history (from, to, who, when; `npm run cli -- company:fk-history`); " +
      "setting the current value again is not a change and records nothing. The 403 body is `{reason}`.",
    tags: ["Company"],
    security: "bearer",
    params: { company_id: CompanyId },
    body: UpdateFkStatusRequest,
    responses: {
      200: { description: "The company id and its new fk_status", schema: UpdateFkStatusResponse },
      400: {
        description:
          "Malformed company_id, a body that is not a JSON object, or `fk_status` missing or not one of the five values: " +
          '`errors.fk_status` lists the messages; reason e.g. `fk_status: must be one of NONE, ML_ADDED, FK_ADDED, ACTIVE, REJECTED; received "FOO"`',
        schema: responses.validation.schema,
      },
      401: responses.unauthorized,
      403: { description: "The access group lacks `COMPANY.U` or the `company` module, or the company is outside the caller's scope", schema: ErrorBody },
      404: companyNotFound,
      500: responses.serverError,
    },
  },
  {
    method: "get",
    path: "/company/fk/status/{company_id}",
    operationId: "getCompanyUtforarstatus",
    summary: "Approved-provider (utförare) status at the leisure-card service",
    description:
      "Asks the external leisure-card service whether the company is an approved provider, with the company's " +
      "org_number and the giro details of its leisure-card API key record, and returns its answer. Needs the " +
      "`company` module only: the contract lists no 403 for this endpoint, so company scope is not enforced here " +
      "(the answer is no more private than the unscoped register list). As the contract says, every failure is a 500 " +
      "with a reason, including a missing or deleted company (`company not found`, not 404). The call is bounded by " +
      "LEISURE_CARD_TIMEOUT_MS.",
    tags: ["Company"],
    security: "bearer",
    params: { company_id: CompanyId },
    responses: {
      200: { description: "GODKAND or EJ_GODKAND as reported", schema: UtforarstatusResponse },
      400: { description: "Malformed company_id (not 36 characters)", schema: responses.validation.schema },
      401: responses.unauthorized,
      403: { description: "The access group lacks the `company` module", schema: ErrorBody },
      500: {
        description:
          "`company not found`; `company has no leisure-card API key record`; `company has no org_number`; " +
          "`leisure-card API key record has no giro details`; `leisure-card API key cannot be decrypted`; " +
          "`leisure-card service did not answer within <n> ms`; `leisure-card service unreachable (<code>)`; " +
          "`leisure-card service answered HTTP <status>`; `leisure-card service rejected the company's credential (HTTP 401)`; " +
          "`leisure-card service gave a malformed answer (...)`",
        schema: ErrorBody,
      },
    },
  },
];
