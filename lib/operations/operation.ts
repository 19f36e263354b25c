// The shape of one entry in the operation table (./index.ts): everything the route wrapper (lib/http/route.ts), the
// edge's 404/405 (lib/http/edge.ts), the OpenAPI document (lib/openapi/document.ts) and the authorization matrix
// (tests/authorization-matrix-table.ts) need to know about an operation, written once. Imports no server code.
import type { z } from "zod";
import type { RateLimitName } from "../http/rate-limit";
import type { Module, Permission } from "@/modules/access/schemas/access";

type Method = "get" | "post" | "put" | "delete";

/**
 * bearer: an access token of an API key (/v3). basic: HTTP Basic client credentials, read by the wrapper (the token
 * endpoint). session: a signed-in dashboard user (/admin/api). none: anyone.
 */
type Auth = "bearer" | "basic" | "session" | "none";

type RateLimit = { name: RateLimitName; reason?: string };

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  /** The body shown as this answer's example; the schema's own example otherwise (lib/openapi/examples.ts). */
  example?: unknown;
  headers?: Record<string, { description: string; schema: { type: string } }>;
}

type SuccessStatus = 200 | 201 | 303;
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;

export interface OperationSpec {
  method: Method;
  /** Relative to the surface's base (/v3 or /admin/api); `{name}` is a path parameter, a folder `[name]`. */
  path: string;
  auth: Auth;
  /** The module the caller's access group must hold (a 403 otherwise). */
  module?: Module;
  /** The permission the caller's access group must hold (a 403 otherwise). */
  permission?: Permission;
  /**
   * The budget a request spends, checked before anything else. A function of the body (as read, not yet validated)
   * where the body decides it: the token endpoint's refresh grant spends the refresh budget. The body is then read
   * before the limit is checked.
   */
  rateLimit?: RateLimit | ((body: unknown) => RateLimit);
  params?: z.ZodObject;
  /** An object schema (or one piped into further checks); its properties are the query parameters. */
  query?: z.ZodType;
  body?: z.ZodType;
  /** Also read an application/x-www-form-urlencoded body (its fields are text), as OAuth clients send one. */
  acceptsForm?: boolean;
  /**
   * With auth "basic": the client may send its credentials in the body instead (OAuth 2.0 client_secret_post), so the
   * handler reads the Authorization header and the body together; the wrapper does not parse it.
   */
  credentialsInBody?: boolean;
  /**
   * What a success answers. A handler's plain value is sent as JSON with the lowest status here, and must have the
   * type of that status's schema; a handler may also return a Response (a redirect, a CSV, a cached body).
   */
  responses: Partial<Record<SuccessStatus, ResponseDoc>>;
  /** The refusals a client can meet. The document adds 422 to every bearer operation and 503 to every operation. */
  errors?: Partial<Record<ErrorStatus, ResponseDoc>>;
  summary: string;
  description?: string;
  tags: string[];
}

/** Declares one operation; keeps the literal types of its schemas so the route wrapper can type the handler. */
export function operation<const Spec extends OperationSpec>(spec: Spec): Spec {
  return spec;
}

/**
 * Declares a group's operations (a domain's, say): the fields they all share, such as auth, module and tags, are given
 * once here and each entry gives the rest.
 */
export function operationsSharing<const Shared extends Partial<OperationSpec>>(shared: Shared) {
  return <const Spec extends Partial<OperationSpec> & Omit<OperationSpec, keyof Shared>>(spec: Spec) => ({
    ...shared,
    ...spec,
  });
}

/** An operation with its id: the name it is exported under (and the OpenAPI operationId). */
export type Operation = OperationSpec & { operationId: string };

/** The status of a handler's plain (non-Response) value. */
export function successStatus(spec: OperationSpec): number {
  return Math.min(...Object.keys(spec.responses).map(Number));
}

/** The sentence the document puts before an operation's description: what the caller's access group needs. */
export function accessSentence(spec: OperationSpec): string | undefined {
  if (spec.auth !== "bearer" && spec.auth !== "session") return undefined;
  if (!spec.module)
    return spec.permission ? `Needs the \`${spec.permission}\` permission.` : "Needs no module or permission.";
  if (!spec.permission) return `Needs the \`${spec.module}\` module.`;
  return `Needs the \`${spec.module}\` module and the \`${spec.permission}\` permission.`;
}
