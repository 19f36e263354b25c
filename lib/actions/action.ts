// The one wrapper every server action goes through, with the policy of lib/http/route.ts: authentication (the
// dashboard session, or none for the hosted pages), a rate limit, module / permission / role checks, zod parsing of
// the input, and typed errors mapped to the spec's outcome with field errors for the form. Next.js itself refuses
// actions whose Origin is not the host. Actions only ever run on POST, so no GET changes state.
import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import { sessionCaller } from "../auth/session";
import { env } from "../env";
import { errorOutcome, Unauthorized, ValidationFailed } from "../errors";
import { clientIp } from "../http/client-ip";
import { consumeRateLimit, type RateLimitName } from "../http/rate-limit";
import { logger } from "../logger";
import { requireAdminRole, requireModule, requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import type { Module, Permission } from "@/modules/access/schemas/access";
import { parseInput } from "../validation/parse";
import type { ActionResult } from "./result";

interface ActionOptions<S extends z.ZodType, A extends "session" | "none"> {
  auth: A;
  input: S;
  module?: Module;
  permission?: Permission;
  /** Only ADMIN users (API keys and admin users management). */
  adminRole?: boolean;
  /** Defaults: dashboard writes per user for session actions; the hosted pages name theirs (per client IP). */
  rateLimit?: RateLimitName;
}

export interface ActionContext<A extends "session" | "none"> {
  caller: A extends "session" ? Caller : null;
  ip: string;
}

export function action<S extends z.ZodType, R, A extends "session" | "none" = "session">(
  options: ActionOptions<S, A>,
  handler: (input: z.output<S>, context: ActionContext<A>) => Promise<R>,
): (input: z.input<S>) => Promise<ActionResult<R>> {
  return async (input) => {
    try {
      const ip = clientIp(await headers(), env().TRUST_PROXY_HOPS);
      let caller: Caller | null = null;
      if (options.auth === "session") {
        caller = await sessionCaller();
        if (!caller) throw new Unauthorized("not signed in");
        await consumeRateLimit(options.rateLimit ?? "dashboard_write", `user:${caller.userId}`);
        if (options.module) requireModule(caller, options.module);
        if (options.permission) requirePermission(caller, options.permission);
        if (options.adminRole) requireAdminRole(caller);
      } else if (options.rateLimit) {
        await consumeRateLimit(options.rateLimit, ip);
      }
      const parsed = parseInput(options.input, input);
      const data = await handler(parsed, { caller, ip } as ActionContext<A>);
      return { ok: true, data };
    } catch (error) {
      return failure(error);
    }
  };
}

function failure(error: unknown): Extract<ActionResult<never>, { ok: false }> {
  const outcome = errorOutcome(error);
  if (!outcome) {
    logger().error({ err: error }, "server action failed");
    return { ok: false, status: 500, reason: "internal server error", fieldErrors: {}, issueKeys: {}, formErrors: [] };
  }
  if (outcome.status === 503) logger().warn({ err: error }, "database unavailable");
  const body = outcome.body as { reason?: string; errors?: Record<string, string[]>; form_errors?: string[] };
  return {
    ok: false,
    status: outcome.status,
    reason: body.reason ?? "expired",
    fieldErrors: body.errors ?? {},
    issueKeys: error instanceof ValidationFailed ? error.issueKeys : {},
    formErrors: body.form_errors ?? [],
  };
}
