// Responses that many operations share.
import { ErrorBody, TokenExpiredBody, ValidationErrorBody } from "../../validation/common";
import type { OperationResponse } from "../operations";

export const retryAfterHeader = {
  "Retry-After": { description: "seconds until the budget refills", schema: { type: "integer" } },
};

export const responses = {
  validation: { description: "Missing or invalid fields", schema: ValidationErrorBody },
  unauthorized: {
    description: "Missing, invalid or expired access token (expired: `{\"error\":\"expired\",\"context\":\"user\"}`)",
    schema: TokenExpiredBody.or(ErrorBody),
  },
  forbidden: { description: "The access group lacks the module or permission, or the company is outside its scope", schema: ErrorBody },
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
