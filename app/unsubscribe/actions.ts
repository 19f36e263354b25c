"use server";
// Server actions behind the unsubscribe confirmation pages. GET shows the page; only these change state. The policy
// (rate limit per client IP, parsing, error mapping) is the action wrapper's.
import { z } from "zod";
import type { UnsubscribeState } from "@/components/public/form-states";
import { action } from "@/lib/actions/action";
import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { optOutWithToken, undoUnsubscribe, unsubscribeByUuids } from "@/modules/lists/services/subscriptions";

const field = (form: FormData, name: string) => String(form.get(name) ?? "");
const text = z.string().max(200);

const unsubscribe = action(
  { auth: "none", rateLimit: "public_post", input: z.object({ list_uuid: text, member_uuid: text }) },
  ({ list_uuid, member_uuid }) => unsubscribeByUuids(list_uuid, member_uuid),
);

const optOut = action(
  { auth: "none", rateLimit: "public_post", input: z.object({ member_uuid: text, token: text }) },
  ({ member_uuid, token }) => optOutWithToken(member_uuid, token),
);

function stateOf(result: Awaited<ReturnType<typeof unsubscribe>>): UnsubscribeState {
  if (result.ok) return { status: "done" };
  if (result.status === 429) return { status: "tooManyRequests" };
  if (result.status === 403 || result.status === 400) return { status: "invalidLink" };
  throw new Error(result.reason);
}

export async function unsubscribeAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  const state = stateOf(
    await unsubscribe({ list_uuid: field(form, "list_uuid"), member_uuid: field(form, "member_uuid") }),
  );
  // The page says where the person now stands (left, with the undo): drawn anew from the database, as without
  // JavaScript, rather than a "done" under a heading that still asks whether to leave.
  if (state.status === "done") refresh();
  return state;
}

export async function optOutAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  return stateOf(await optOut({ member_uuid: field(form, "member_uuid"), token: field(form, "token") }));
}

const undo = action(
  { auth: "none", rateLimit: "public_post", input: z.object({ list_uuid: text, member_uuid: text }) },
  ({ list_uuid, member_uuid }) => undoUnsubscribe(list_uuid, member_uuid),
);

/** "Subscribe again" under a done unsubscribe: back to the page, which then says how it went. */
export async function undoAction(form: FormData): Promise<void> {
  const listUuid = field(form, "list_uuid");
  const memberUuid = field(form, "member_uuid");
  const result = await undo({ list_uuid: listUuid, member_uuid: memberUuid });
  const lang = field(form, "lang") === "en" ? "en" : "sv";
  // The preference-page token goes along (the page checks it), so the page after the undo still leads there.
  const p = field(form, "p");
  const keep = p && p.length <= 200 ? `&p=${encodeURIComponent(p)}` : "";
  redirect(
    `/unsubscribe/${encodeURIComponent(listUuid)}/${encodeURIComponent(memberUuid)}?lang=${lang}${keep}&undo=${result.ok && result.data ? "done" : "failed"}`,
  );
}
