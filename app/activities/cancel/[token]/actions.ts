"use server";
// The button of the sign-up's cancel page: the child leaves the activity. Rate-limited per client IP.
import { z } from "zod";
import { refresh } from "next/cache";
import type { UnsubscribeState } from "@/components/public/form-states";
import { action } from "@/lib/actions/action";
import { cancelSignup } from "@/modules/activities/services/signup-cancel";

const cancel = action(
  { auth: "none", rateLimit: "public_post", input: z.object({ token: z.string().max(200) }) },
  ({ token }) => cancelSignup(token),
);

export async function cancelSignupAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  const result = await cancel({ token: String(form.get("token") ?? "") });
  if (!result.ok) {
    if (result.status === 429) return { status: "tooManyRequests" };
    if (result.status === 400) return { status: "invalidLink" };
    throw new Error(result.reason);
  }
  if (result.data === "invalid") return { status: "invalidLink" };
  refresh();
  return { status: "done" };
}
