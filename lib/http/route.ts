// The one wrapper every route handler goes through (/v3 with bearer tokens, the dashboard's data routes with the
// session): request id, rate limit, authentication, module and permission checks, zod parsing of params/query/body,
// typed-error mapping to the spec's bodies, and a log line. Server actions have the same policy in lib/actions.
import crypto from "node:crypto";
import type { z } from "zod";
import { env } from "../env";
import { errorOutcome, Unauthorized } from "../errors";
import { logger } from "../logger";
import { requireModule, requirePermission } from "../services/access-checks";
import type { Caller } from "../services/caller";
import type { Module, Permission } from "../validation/access";
import { authenticateBearer } from "../services/tokens";
import { sessionCaller } from "../auth/session";
import { isJsonObject, readRequestBody, refuseNonObjectBody } from "./body";
import { clientIp } from "./client-ip";
import { consumeRateLimit, type RateLimitName } from "./rate-limit";
import { json } from "./responses";
import { parseInput } from "../validation/parse";

type Schema<T> = z.ZodType<T>;
type Auth = "bearer" | "session" | "none";

interface RouteOptions<P, Q, B, A extends Auth> {
  auth: A;
  module?: Module;
  permission?: Permission;
  rateLimit?: { name: RateLimitName; reason?: string };
  params?: Schema<P>;
  query?: Schema<Q>;
  body?: Schema<B>;
  /** Also read an application/x-www-form-urlencoded body (its fields are text), as OAuth clients send one. */
  acceptsForm?: boolean;
}

export interface RouteInput<P, Q, B, A extends Auth> {
  request: Request;
  caller: A extends "none" ? null : Caller;
  params: P;
  query: Q;
  body: B;
  ip: string;
  requestId: string;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined, A extends Auth = "bearer">(
  options: RouteOptions<P, Q, B, A>,
  handler: (input: RouteInput<P, Q, B, A>) => Promise<Response | unknown>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    const started = performance.now();
    const ip = clientIp(request.headers, env().TRUST_PROXY_HOPS);
    const url = new URL(request.url);
    let actor: string | undefined;
    let response: Response;
    try {
      if (options.rateLimit) await consumeRateLimit(options.rateLimit.name, ip, options.rateLimit.reason);
      let caller: Caller | null = null;
      if (options.auth !== "none") {
        caller =
          options.auth === "bearer"
            ? await authenticateBearer(request.headers.get("authorization"))
            : ((await sessionCaller()) ?? throwError(new Unauthorized("not signed in")));
        actor = caller.actor;
        if (options.module) requireModule(caller, options.module);
        if (options.permission) requirePermission(caller, options.permission);
      }
      const params = parseWith(options.params, await context.params);
      const query = parseWith(options.query, Object.fromEntries(url.searchParams));
      const body = options.body ? await parseBody(options.body, request, options.acceptsForm ?? false) : undefined;
      const result = await handler({
        request,
        caller: caller as RouteInput<P, Q, B, A>["caller"],
        params: params as P,
        query: query as Q,
        body: body as B,
        ip,
        requestId,
      });
      response = result instanceof Response ? result : json(result);
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

function parseWith<T>(schema: Schema<T> | undefined, value: unknown): T | undefined {
  return schema ? parseInput(schema, value) : undefined;
}

async function parseBody<B>(schema: Schema<B>, request: Request, acceptsForm: boolean): Promise<B> {
  const value = await readRequestBody(request, { limit: env().MAX_BODY_BYTES, acceptsForm });
  if (!isJsonObject(value)) refuseNonObjectBody(value, () => parseInput(schema, {}));
  return parseInput(schema, value);
}

export function errorResponse(error: unknown, requestId: string): Response {
  const outcome = errorOutcome(error);
  if (outcome?.status === 503) logger().warn({ requestId, err: error }, "database unavailable");
  if (outcome) return json(outcome.body, outcome.status, outcome.headers);
  logger().error({ requestId, err: error }, "unhandled error");
  return json({ reason: "internal server error" }, 500);
}
