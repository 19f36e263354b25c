// Responses that many operations share.
import { ErrorBody, TokenExpiredBody, ValidationErrorBody } from "../../validation/common";
import type { OperationResponse } from "../operations";

export const retryAfterHeader = {
  "Retry-After": { description: "seconds until the budget refills", schema: { type: "integer" } },
};

/** Every bearer operation can answer it, so the document adds it to each (lib/openapi/document.ts). */
export const invalidTokenResponse: OperationResponse = {
  description: "`invalid token`: the bearer token is malformed or forged, or its API key was revoked or deleted",
  schema: ErrorBody,
};

export const responses = {
  validation: { description: "Missing or invalid fields", schema: ValidationErrorBody },
  unauthorized: {
    description:
      "No access token (`missing bearer token`: no Authorization header, another scheme or an empty Bearer value), or " +
      "an expired one (`{\"error\":\"expired\",\"context\":\"user\"}`: refresh it)",
    schema: TokenExpiredBody.or(ErrorBody),
  },

  forbidden: {
    description:
      "The access group lacks the module or permission, or a company named by id (path, query or body) is outside " +
      "its scope. Lists, members and events of other companies are not 403 but 404, like missing ones.",
    schema: ErrorBody,
  },
  serverError: { description: "Unexpected server error", schema: ErrorBody },
  databaseUnavailable: {
    description:
      'The database is unreachable, timed out or locked: `{"reason": "database unavailable"}`. Transient and nothing was ' +
      "written; retry after the Retry-After seconds.",
    schema: ErrorBody,
    headers: { "Retry-After": { description: "seconds to wait before retrying", schema: { type: "integer" } } },
  },
  rateLimited: (limit: string): OperationResponse => ({
    description: `Rate limit exceeded (${limit})`,
    schema: ErrorBody,
    headers: retryAfterHeader,
  }),
} satisfies Record<string, OperationResponse | ((limit: string) => OperationResponse)>;
