// Refusals that many operations document alike.
import { ErrorBody, TokenExpiredBody, ValidationErrorBody } from "../validation/common";
import type { ResponseDoc } from "./operation";

/**
 * A refusal whose body is `{reason}`. A description that starts with the reason in backticks gives the example:
 * "`member not found`: no such member, …" is shown as `{"reason": "member not found"}`.
 */
export function reason(description: string): ResponseDoc {
  const leading = /^`([^`]+)`/.exec(description)?.[1];
  return { description, schema: ErrorBody, ...(leading ? { example: { reason: leading } } : {}) };
}

const retryAfterHeader = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
};

/** Every bearer operation can answer it, so the document adds it to each (lib/openapi/document.ts). */
export const invalidToken: ResponseDoc = reason(
  "`invalid token`: the access token is malformed or was not issued by this service, or its API key was revoked or " +
    "deleted. Get a new token from the client credentials; refreshing will not help.",
);

/** Every operation can answer it, so the document adds it to each. */
export const databaseUnavailable: ResponseDoc = {
  ...reason(
    "`database unavailable`: the service cannot reach its database for a moment. Nothing was changed; send the same " +
      "request again after the `Retry-After` seconds.",
  ),
  headers: retryAfterHeader,
};

/** Every operation that reads a body can answer it, so the document adds it to each. */
export const payloadTooLarge: ResponseDoc = {
  ...reason(
    "`request body too large (limit <n> bytes)`: the body is larger than the service accepts (1 MiB unless the " +
      "operator changed it). The connection is closed after this answer.",
  ),
  example: { reason: "request body too large (limit 1048576 bytes)" },
};

/** Every operation that reads a body can answer it, so the document adds it to each. */
export const unsupportedMediaType: ResponseDoc = reason(
  "`unsupported content type: send application/json`: the body is neither JSON (`application/json`, any `+json` " +
    "type, or no Content-Type) nor, where the operation takes one, a form (`application/x-www-form-urlencoded`).",
);

/** Every operation that reads a body can answer it (a body that is not JSON), so the document adds it where missing. */
export const validation: ResponseDoc = {
  description:
    "Missing or invalid input: `reason` names the first problem as `<field>: <message>`, `errors` lists every " +
    "field's messages and `form_errors` the problems of the body as a whole (not valid JSON, not an object).",
  schema: ValidationErrorBody,
};
export const malformedCompanyId: ResponseDoc = {
  ...validation,
  description: "`company_id: must be 36 characters`: the company id in the path is malformed.",
  example: {
    reason: "company_id: must be 36 characters",
    code: "validation_error",
    errors: { company_id: ["must be 36 characters"] },
    form_errors: [],
  },
};

export const unauthorized: ResponseDoc = {
  description:
    "`missing bearer token`: no `Authorization: Bearer` header was sent. Or the access token has expired: the body is " +
    'then `{"error": "expired", "context": "user"}`; get a new one with the refresh token.',
  schema: TokenExpiredBody.or(ErrorBody),
  example: { reason: "missing bearer token" },
};

export const forbidden: ResponseDoc = reason(
  "`access group lacks the <module> module` or `access group lacks the <permission> permission`: the API key's " +
    "access group does not allow this; `company is outside the caller's access scope`: a company named by id (in " +
    "the path, query or body) is not in the key's scope. Members, lists, events and sendouts of other companies " +
    "answer 404 instead, exactly like missing ones.",
);

/** What any bearer operation that takes input can be refused with. */
export const bearerInputErrors = { 400: validation, 401: unauthorized, 403: forbidden };

/** A dashboard data route without a signed-in session. */
export const notSignedIn: ResponseDoc = reason("`not signed in`: no dashboard session");

export const serverError: ResponseDoc = reason("`internal server error`: an unexpected failure; nothing was changed");

export const rateLimited = (limit: string): ResponseDoc => ({
  ...reason(`\`too many requests\`: more than ${limit}. Wait the \`Retry-After\` seconds, then try again.`),
  headers: retryAfterHeader,
});
