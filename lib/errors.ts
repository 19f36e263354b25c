// Typed service errors. Services throw these; lib/http/route.ts maps each to the spec's status and body.
import { isDatabaseUnavailable } from "./database-errors";

export type FieldErrors = Record<string, string[]>;

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400 with the ValidationError body: reason "<field>: <message>", code, errors, form_errors. */
export class ValidationFailed extends ServiceError {
  /** Stable keys of schema problems per field (lib/validation/issues.ts), for forms to translate. */
  issueKeys: Record<string, string[]> = {};

  constructor(
    readonly errors: FieldErrors,
    readonly formErrors: string[] = [],
    reason?: string,
  ) {
    super(400, reason ?? firstReason(errors, formErrors));
  }
}

function firstReason(errors: FieldErrors, formErrors: string[]): string {
  const [field, messages] = Object.entries(errors)[0] ?? [];
  if (field && messages?.length) return `${field}: ${messages[0]}`;
  return formErrors[0] ?? "invalid request";
}

export class Unauthorized extends ServiceError {
  constructor(reason = "unauthorized") {
    super(401, reason);
  }
}

/**
 * 422 `invalid token`: a bearer token that is malformed, forged, or of a revoked or deleted API key (the spec's general
 * status table). A missing token is 401 (Unauthorized), an expired one 401 (AccessTokenExpired).
 */
export class InvalidToken extends ServiceError {
  constructor() {
    super(422, "invalid token");
  }
}

/** 401 with {"error":"expired","context":"user"}: the access token has expired. */
export class AccessTokenExpired extends ServiceError {
  constructor() {
    super(401, "expired");
  }
}

export class Forbidden extends ServiceError {
  constructor(reason = "forbidden") {
    super(403, reason);
  }
}

export class NotFound extends ServiceError {
  constructor(reason = "not found") {
    super(404, reason);
  }
}

/** 413: the request body is larger than MAX_BODY_BYTES. */
export class PayloadTooLarge extends ServiceError {
  constructor(reason: string) {
    super(413, reason);
  }
}

/** The client closed the connection before its body arrived: 400, which nobody receives, logged as such. */
export class ClientAborted extends ServiceError {
  constructor() {
    super(400, "request aborted by the client");
  }
}

/** 415: a body in a media type the endpoint does not read (JSON, and forms where an endpoint says so). */
export class UnsupportedMediaType extends ServiceError {
  constructor(reason: string) {
    super(415, reason);
  }
}

/**
 * A refused OAuth 2.0 request to the token endpoint (a grant_type in the body): `{reason, error}`, the reason for
 * people and the RFC 6749 section 5.2 code (`invalid_grant`, …) OAuth client libraries read. 400, or 401 for
 * `invalid_client`.
 */
export class OAuthRequestRefused extends ServiceError {
  constructor(
    readonly code: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope",
    reason: string,
  ) {
    super(code === "invalid_client" ? 401 : 400, reason);
  }
}

export class Conflict extends ServiceError {
  constructor(reason: string) {
    super(409, reason);
  }
}

export class RateLimited extends ServiceError {
  constructor(
    readonly retryAfterSeconds: number,
    reason = "too many requests",
  ) {
    super(429, reason);
  }
}

/** 429 without Retry-After: a list's subscriber cap is reached (it frees up only when someone unsubscribes). */
export class CapReached extends ServiceError {
  constructor() {
    super(429, "subscription temporarily unavailable");
  }
}

/**
 * A failure the caller should see as 500 with a reason (e.g. the external leisure-card service failed). The code and
 * detail (an HTTP status, a time limit) let a screen say it in its own language; the API answers only the reason.
 */
export class UpstreamFailed extends ServiceError {
  constructor(
    reason: string,
    readonly code = "unknown",
    readonly detail: string | null = null,
  ) {
    super(500, reason);
  }
}

/**
 * A database outage (unreachable, timed out or locked: lib/database-errors.ts decides) is 503 with this Retry-After.
 * Transient, and nothing was written: every write is one transaction, rolled back by the database.
 */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What a typed error means at any edge (HTTP, server action, CLI): the spec's status, body and headers. */
export interface ErrorOutcome {
  status: number;
  body:
    | { reason: string }
    | { reason: string; error: OAuthRequestRefused["code"] }
    | { error: "expired"; context: "user" }
    | { reason: string; code: "validation_error"; errors: FieldErrors; form_errors: string[] };
  headers: Record<string, string>;
}

/**
 * The outcome of a typed service error, or of a database outage (503), or null for anything else (a bug: the edge
 * logs it and answers 500).
 */
export function errorOutcome(error: unknown): ErrorOutcome | null {
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { reason: "database unavailable" },
      headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (error instanceof AccessTokenExpired)
    return { status: 401, body: { error: "expired", context: "user" }, headers: {} };
  if (error instanceof RateLimited) {
    return {
      status: 429,
      body: { reason: error.message },
      headers: { "retry-after": String(error.retryAfterSeconds) },
    };
  }
  if (error instanceof ValidationFailed) {
    return {
      status: 400,
      body: { reason: error.message, code: "validation_error", errors: error.errors, form_errors: error.formErrors },
      headers: {},
    };
  }
  if (error instanceof OAuthRequestRefused)
    return { status: error.status, body: { reason: error.message, error: error.code }, headers: {} };
  if (error instanceof ServiceError) return { status: error.status, body: { reason: error.message }, headers: {} };
  return null;
}
