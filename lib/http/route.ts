// The one wrapper every route handler goes through (/v3 with bearer tokens, the dashboard's data routes with the
// session): request id, rate limit, authentication, module and permission checks, zod parsing of params/query/body,
// typed-error mapping to the spec's bodies, and a log line. What it checks and parses comes from the operation's entry
// in the operation table (lib/operations); the route file adds only the handler. Server actions have the same policy
// in lib/actions.
import crypto from "node:crypto";
import type { z } from "zod";
import { env } from "../env";
import { errorOutcome, Forbidden, Unauthorized } from "../errors";
import { logger } from "../logger";
import { successStatus, type OperationSpec } from "../operations/operation";
import { requireModule, requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { authenticateBearer } from "@/modules/access/services/tokens";
import { sessionCaller } from "../auth/session";
import { parseBasicCredentials } from "./basic-auth";
import { isJsonObject, readRequestBody, refuseNonObjectBody } from "./body";
import { clientIp } from "./client-ip";
import { consumeRateLimit } from "./rate-limit";
import { json } from "./responses";
import { parseInput } from "../validation/parse";

type Parsed<Spec, Part extends "params" | "query" | "body"> = Spec extends { [K in Part]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What a handler may return as a plain value: the output type of a declared success schema (any, without one). */
type Result<Spec extends OperationSpec> = {
  [Status in keyof Spec["responses"]]: Spec["responses"][Status] extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : unknown;
}[keyof Spec["responses"]];

export interface RouteInput<Spec extends OperationSpec> {
  request: Request;
  caller: Spec["auth"] extends "bearer" | "session" ? Caller : null;
  /** The HTTP Basic client credentials of an operation with auth "basic" (unless credentialsInBody). */
  credentials: Spec["auth"] extends "basic"
    ? Spec extends { credentialsInBody: true }
      ? null
      : { clientId: string; clientSecret: string }
    : null;
  params: Parsed<Spec, "params">;
  query: Parsed<Spec, "query">;
  body: Parsed<Spec, "body">;
  ip: string;
  requestId: string;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function route<const Spec extends OperationSpec>(
  spec: Spec,
  handler: (input: RouteInput<Spec>) => Promise<Response | Result<Spec>>,
) {
  const status = successStatus(spec);
  return async (request: Request, context: RouteContext): Promise<Response> => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    const started = performance.now();
    const ip = clientIp(request.headers, env().TRUST_PROXY_HOPS);
    const url = new URL(request.url);
    let actor: string | undefined;
    let response: Response;
    let bodyValue: Promise<unknown> | undefined;
    const readBody = () =>
      (bodyValue ??= readRequestBody(request, { limit: env().MAX_BODY_BYTES, acceptsForm: spec.acceptsForm ?? false }));
    try {
      const rateLimit = typeof spec.rateLimit === "function" ? spec.rateLimit(await readBody()) : spec.rateLimit;
      if (rateLimit) await consumeRateLimit(rateLimit.name, ip, rateLimit.reason);
      let caller: Caller | null = null;
      if (spec.auth === "bearer" || spec.auth === "session") {
        caller =
          spec.auth === "bearer"
            ? await authenticateBearer(request.headers.get("authorization"))
            : ((await sessionCaller()) ?? throwError(new Unauthorized("not signed in")));
        actor = caller.actor;
        // A leader's account has only its attendance page, which reads no data route: none answers it.
        if (spec.auth === "session" && caller.role === "LEADER") {
          throw new Forbidden("a leader's account reaches only its attendance page");
        }
        if (spec.module) requireModule(caller, spec.module);
        if (spec.permission) requirePermission(caller, spec.permission);
      }
      const credentials =
        spec.auth === "basic" && !spec.credentialsInBody
          ? parseBasicCredentials(request.headers.get("authorization"))
          : null;
      const params = parseWith(spec.params, await context.params);
      const query = parseWith(spec.query, Object.fromEntries(url.searchParams));
      const body = spec.body ? parseBody(spec.body, await readBody()) : undefined;
      const result = await handler({
        request,
        caller,
        credentials,
        params,
        query,
        body,
        ip,
        requestId,
      } as RouteInput<Spec>);
      response = result instanceof Response ? result : json(result, status);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    logger().info(
      {
        requestId,
        method: request.method,
        path: url.pathname,
        status: response.status,
        ms: Math.round(performance.now() - started),
        actor,
      },
      "request",
    );
    return response;
  };
}

function throwError(error: Error): never {
  throw error;
}

function parseWith(schema: z.ZodType | undefined, value: unknown): unknown {
  return schema ? parseInput(schema, value) : undefined;
}

function parseBody(schema: z.ZodType, value: unknown): unknown {
  if (!isJsonObject(value)) refuseNonObjectBody(value, () => parseInput(schema, {}));
  return parseInput(schema, value);
}

function errorResponse(error: unknown, requestId: string): Response {
  const outcome = errorOutcome(error);
  if (outcome?.status === 503) logger().warn({ requestId, err: error }, "database unavailable");
  if (outcome) return json(outcome.body, outcome.status, outcome.headers);
  logger().error({ requestId, err: error }, "unhandled error");
  return json({ reason: "internal server error" }, 500);
}
