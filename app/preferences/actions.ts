"use server";
// The preference page's forms: plain posts (no JavaScript needed) that change one thing and come back to the page
// with a notice. The erasure link's button is here too. Rate-limited per client IP like the other hosted forms.
import { redirect } from "next/navigation";
import { z } from "zod";
import type { UnsubscribeState } from "@/components/public/form-states";
import { action } from "@/lib/actions/action";
import type { Lang } from "@/lib/i18n/lang";
import { confirmErasure, optOutOfEverything, requestErasure, setListPreference, undoOptOut } from "@/lib/services/preferences";

const Change = z.object({
  token: z.string().max(300),
  op: z.enum(["on", "off", "optOut", "undoOptOut", "erase"]),
  list_id: z.string().regex(/^[0-9]{0,10}$/).transform(Number),
  lang: z.string().transform((v): Lang => (v === "en" ? "en" : "sv")),
});

const change = action({ auth: "none", rateLimit: "public_post", input: Change }, async ({ token, op, list_id, lang }) => {
  if (op === "on" || op === "off") await setListPreference(token, list_id, op === "on");
  else if (op === "optOut") await optOutOfEverything(token);
  else if (op === "undoOptOut") await undoOptOut(token);
  else await requestErasure(token, lang);
  return op === "erase" ? ("eraseSent" as const) : ("saved" as const);
});

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function preferenceAction(form: FormData): Promise<void> {
  const token = field(form, "token");
  const lang = field(form, "lang") === "en" ? "en" : "sv";
  const result = await change({ token, op: field(form, "op") as "on", list_id: field(form, "list_id"), lang });
  const notice = result.ok ? result.data : result.status === 429 && result.reason === "subscription temporarily unavailable" ? "capReached" : "failed";
  redirect(`/preferences/${encodeURIComponent(token)}?lang=${lang}&notice=${notice}`);
}

const erase = action({ auth: "none", rateLimit: "public_post", input: z.object({ token: z.string().max(300) }) }, ({ token }) => confirmErasure(token));

export async function eraseAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  const result = await erase({ token: field(form, "token") });
  if (result.ok) return { status: "done" };
  if (result.status === 429) return { status: "tooManyRequests" };
  if (result.status === 404 || result.status === 400) return { status: "invalidLink" };
  throw new Error(result.reason);
}
