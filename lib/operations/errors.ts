// Refusals that many operations document alike.
import { ErrorBody, TokenExpiredBody, ValidationErrorBody } from "../validation/common";
import type { ResponseDoc } from "./operation";

const retryAfterHeader = {
  "Retry-After": { description: "seconds until the budget refills", schema: { type: "integer" } },
};

/** Every bearer operation can answer it, so the document adds it to each (lib/openapi/document.ts). */
export const invalidToken: ResponseDoc = {
  description: "`invalid token`: the bearer token is malformed or forged, or its API key was revoked or deleted",
  schema: ErrorBody,
};

/** Every operation can answer it, so the document adds it to each. */
export const databaseUnavailable: ResponseDoc = {
  description:
    'The database is unreachable, timed out or locked: `{"reason": "database unavailable"}`. Transient and nothing was ' +
    "written; retry after the Retry-After seconds.",
  schema: ErrorBody,
  headers: { "Retry-After": { description: "seconds to wait before retrying", schema: { type: "integer" } } },
};

export const validation: ResponseDoc = { description: "Missing or invalid fields", schema: ValidationErrorBody };
export const malformedCompanyId: ResponseDoc = { ...validation, description: "Malformed company_id (not 36 characters)" };

export const unauthorized: ResponseDoc = {
  description:
    "No access token (`missing bearer token`: no Authorization header, another scheme or an empty Bearer value), or " +
    "an expired one (`{\"error\":\"expired\",\"context\":\"user\"}`: refresh it)",
  schema: TokenExpiredBody.or(ErrorBody),
};

export const forbidden: ResponseDoc = {
  description:
    "The access group lacks the module or permission, or a company named by id (path, query or body) is outside " +
    "its scope. Lists, members and events of other companies are not 403 but 404, like missing ones.",
  schema: ErrorBody,
};

/** A dashboard data route without a signed-in session. */
/** What any bearer operation that takes input can be refused with. */
export const bearerInputErrors = { 400: validation, 401: unauthorized, 403: forbidden };

export const notSignedIn: ResponseDoc = { description: "`not signed in`: no dashboard session", schema: ErrorBody };

export const serverError: ResponseDoc = { description: "Unexpected server error", schema: ErrorBody };

export const rateLimited = (limit: string): ResponseDoc => ({
  description: `Rate limit exceeded (${limit})`,
  schema: ErrorBody,
  headers: retryAfterHeader,
});

/** A refusal whose body is `{reason}` with the given text. */
export const reason = (description: string): ResponseDoc => ({ description, schema: ErrorBody });
