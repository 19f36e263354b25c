// Refusals that many operations document alike.
import { ErrorBody, TokenExpiredBody, ValidationErrorBody } from "../validation/common";
import type { ResponseDoc } from "./operation";

const retryAfterHeader = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
};

/** Every bearer operation can answer it, so the document adds it to each (lib/openapi/document.ts). */
export const invalidToken: ResponseDoc = {
  description: "`invalid token`: the bearer token is malformed or forged, or its API key was revoked or deleted",
  schema: ErrorBody,
};

/** Every operation can answer it, so the document adds it to each. */
export const databaseUnavailable: ResponseDoc = {
  description:
    "`database unavailable`: the service cannot reach its database for a moment. Nothing was changed; send the same " +
    "request again after the `Retry-After` seconds.",
  schema: ErrorBody,
  headers: retryAfterHeader,
};

/** Every operation that reads a body can answer it, so the document adds it to each. */
export const payloadTooLarge: ResponseDoc = {
  description:
    "`request body too large (limit <n> bytes)`: the body is larger than the service accepts (1 MiB unless the " +
    "operator changed it). The connection is closed after this answer.",
  schema: ErrorBody,
};

/** Every operation that reads a body can answer it, so the document adds it to each. */
export const unsupportedMediaType: ResponseDoc = {
  description:
    "`unsupported content type: send application/json`: the body is neither JSON (`application/json`, any " +
    "`+json` type, or no Content-Type) nor, where the operation says so, `application/x-www-form-urlencoded`.",
  schema: ErrorBody,
};

/** Every operation that reads a body can answer it (a body that is not JSON), so the document adds it where missing. */
export const validation: ResponseDoc = {
  description:
    "Missing or invalid input: `reason` names the first problem as `<field>: <message>`, `errors` lists every " +
    "field's messages and `form_errors` the problems of the body as a whole (not valid JSON, not an object).",
  schema: ValidationErrorBody,
};
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

/** What any bearer operation that takes input can be refused with. */
export const bearerInputErrors = { 400: validation, 401: unauthorized, 403: forbidden };

/** A dashboard data route without a signed-in session. */
export const notSignedIn: ResponseDoc = { description: "`not signed in`: no dashboard session", schema: ErrorBody };

export const serverError: ResponseDoc = { description: "Unexpected server error", schema: ErrorBody };

export const rateLimited = (limit: string): ResponseDoc => ({
  description: `\`too many requests\`: more than ${limit}. Wait the \`Retry-After\` seconds, then try again.`,
  schema: ErrorBody,
  headers: retryAfterHeader,
});

/**
 * A refusal whose body is `{reason}`. A description that starts with the reason in backticks gives the example:
 * "`member not found`: no such member, …" is shown as `{"reason": "member not found"}`.
 */
export const reason = (description: string): ResponseDoc => {
  const leading = /^`([^`]+)`/.exec(description)?.[1];
  return { description, schema: ErrorBody, ...(leading ? { example: { reason: leading } } : {}) };
};
