"use server";
// The button of the sign-up's confirmation page. Opening the page changes nothing; only this POST confirms.
// Rate-limited per client IP like the other hosted forms.
import { z } from "zod";
import { refresh } from "next/cache";
import type { UnsubscribeState } from "@/components/public/form-states";
import { action } from "@/lib/actions/action";
import { confirmSignup } from "@/modules/activities/services/signup";

const confirm = action(
  { auth: "none", rateLimit: "public_post", input: z.object({ token: z.string().max(200) }) },
  ({ token }) => confirmSignup(token),
);

export async function confirmSignupAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  const result = await confirm({ token: String(form.get("token") ?? "") });
  if (!result.ok) {
    if (result.status === 429) return { status: "tooManyRequests" };
    if (result.status === 400) return { status: "invalidLink" };
    throw new Error(result.reason);
  }
  if (result.data.state !== "confirmed") return { status: "invalidLink" };
  // The page is drawn anew from the database (as without JavaScript): its heading says the outcome.
  refresh();
  return { status: "done" };
}
