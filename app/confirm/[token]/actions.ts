"use server";
// The button of the double opt-in confirmation page. Opening the page changes nothing; only this POST confirms, so
// mail scanners that follow links confirm nothing. Rate-limited per client IP like the other hosted forms.
import { z } from "zod";
import type { UnsubscribeState } from "@/components/public/form-states";
import { refresh } from "next/cache";
import { action } from "@/lib/actions/action";
import { confirmSubscription } from "@/modules/lists/services/confirmations";

const confirm = action(
  { auth: "none", rateLimit: "public_post", input: z.object({ token: z.string().max(200) }) },
  ({ token }) => confirmSubscription(token),
);

export async function confirmAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  const result = await confirm({ token: String(form.get("token") ?? "") });
  if (!result.ok) {
    if (result.status === 429) return { status: "tooManyRequests" };
    if (result.status === 400) return { status: "invalidLink" };
    throw new Error(result.reason);
  }
  if (result.data === "capReached") return { status: "unavailable" };
  if (result.data === "invalid") return { status: "invalidLink" };
  // The page is drawn anew from the database (as without JavaScript): its heading says "confirmed", not "press the
  // button" above a thank-you.
  refresh();
  return { status: "done" };
}
