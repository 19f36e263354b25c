"use server";
// Server action behind the hosted subscribe form: a plain form post without JavaScript, a transition with it. The
// policy (rate limit per client IP, parsing, error mapping) is the action wrapper's; this adapts the form to it.
import { action } from "@/lib/actions/action";
import { subscribePublicly } from "@/modules/lists/services/public-subscribe";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { z } from "zod";
import type { SubscribeFormState } from "@/components/public/form-states";
import type { Lang } from "@/lib/i18n/lang";

const subscribe = action(
  {
    auth: "none",
    rateLimit: "public_post",
    input: SubscribeRequest.extend({
      list_uuid: z.string().max(100),
      lang: z.string().transform((v): Lang => (v === "en" ? "en" : "sv")),
    }),
  },
  async ({ list_uuid, lang, ...input }) => {
    const { subscription } = await subscribePublicly(list_uuid, input, lang, "hosted_form");
    return { email: input.email, pending: subscription.status === "PENDING" };
  },
);

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Ticked questions' ids: a form sends text, the schema wants numbers (anything but digits fails as not a number). */
const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map((value) => (typeof value === "string" && /^[0-9]{1,10}$/.test(value) ? Number(value) : Number.NaN));

export async function subscribeAction(_previous: SubscribeFormState, form: FormData): Promise<SubscribeFormState> {
  const values = Object.fromEntries(
    ["email", "firstname", "lastname", "phone"].map((name) => [name, text(form, name)]),
  );
  const answered = ids(form, "answered_prop_ids");
  const termsAccepted = form.get("terms_accepted") === "on";
  const result = await subscribe({
    ...values,
    list_uuid: text(form, "list_uuid"),
    lang: text(form, "lang"),
    answered_prop_ids: answered,
    terms_accepted: termsAccepted,
  } as z.input<typeof SubscribeRequest> & { list_uuid: string; lang: string });
  if (result.ok) return { status: "success", ...result.data };
  const problem =
    result.status === 400
      ? "fields"
      : result.status === 429
        ? result.reason === "subscription temporarily unavailable"
          ? "capReached"
          : "tooManyRequests"
        : result.status === 404
          ? "listGone"
          : "unexpected";
  return {
    status: "error",
    problem,
    fieldErrors: result.fieldErrors,
    issueKeys: result.issueKeys,
    values,
    answered: answered.filter((id) => Number.isInteger(id)),
    termsAccepted,
  };
}
