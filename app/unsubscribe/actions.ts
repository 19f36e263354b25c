"use server";
// Server actions behind the unsubscribe confirmation pages. GET shows the page; only these change state.
import { headers } from "next/headers";
import { env } from "@/lib/env";
import { Forbidden, RateLimited } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { optOutWithToken, unsubscribeByUuids } from "@/lib/services/subscriptions";

export type UnsubscribeState = { status: "idle" | "done" | "invalidLink" | "tooManyRequests" };

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

async function limited(): Promise<boolean> {
  try {
    await consumeRateLimit("public_post", clientIp(await headers(), env().TRUST_PROXY_HOPS));
    return false;
  } catch (error) {
    if (error instanceof RateLimited) return true;
    throw error;
  }
}

export async function unsubscribeAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  if (await limited()) return { status: "tooManyRequests" };
  await unsubscribeByUuids(field(form, "list_uuid"), field(form, "member_uuid"));
  return { status: "done" };
}

export async function optOutAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  if (await limited()) return { status: "tooManyRequests" };
  try {
    await optOutWithToken(field(form, "member_uuid"), field(form, "token"));
    return { status: "done" };
  } catch (error) {
    if (error instanceof Forbidden) return { status: "invalidLink" };
    throw error;
  }
}
