"use server";
// Server action behind the hosted subscribe form: a plain form post without JavaScript, a transition with it.
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { CapReached, NotFound, RateLimited, ValidationFailed } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { zodFieldErrors } from "@/lib/http/zod-errors";
import { logger } from "@/lib/logger";
import { subscribeVisitor } from "@/lib/services/subscriptions";
import { SubscribeRequest } from "@/lib/validation/subscription";

export type SubscribeFormState =
  | { status: "idle" }
  | { status: "success"; email: string }
  | {
      status: "error";
      problem: "fields" | "capReached" | "tooManyRequests" | "listGone" | "unexpected";
      fieldErrors: Record<string, string[]>;
      values: Record<string, string>;
    };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export async function subscribeAction(_previous: SubscribeFormState, form: FormData): Promise<SubscribeFormState> {
  const values = Object.fromEntries(
    ["email", "firstname", "lastname", "phone"].map((name) => [name, text(form, name) ?? ""]),
  );
  const failed = (problem: Exclude<SubscribeFormState, { status: "idle" | "success" }>["problem"], fieldErrors = {}) =>
    ({ status: "error", problem, fieldErrors, values }) as const;
  try {
    await consumeRateLimit("public_post", clientIp(await headers(), env().TRUST_PROXY_HOPS));
    const parsed = SubscribeRequest.safeParse({
      email: values.email,
      firstname: values.firstname,
      lastname: values.lastname,
      phone: values.phone,
      answered_prop_ids: form.getAll("answered_prop_ids").map(String),
      terms_accepted: form.get("terms_accepted") === "on",
    });
    if (!parsed.success) return failed("fields", zodFieldErrors(parsed.error));
    await subscribeVisitor(text(form, "list_uuid") ?? "", parsed.data);
    return { status: "success", email: parsed.data.email };
  } catch (error) {
    if (error instanceof ValidationFailed) return failed("fields", error.errors);
    if (error instanceof CapReached) return failed("capReached");
    if (error instanceof RateLimited) return failed("tooManyRequests");
    if (error instanceof NotFound) return failed("listGone");
    logger().error({ err: error }, "subscribe form failed");
    return failed("unexpected");
  }
}
