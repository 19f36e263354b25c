"use server";
// Server action behind the hosted sign-up form: a plain form post without JavaScript, a transition with it. The
// policy (rate limit per client IP, parsing, error mapping) is the action wrapper's; this adapts the form to it.
import { z } from "zod";
import { action } from "@/lib/actions/action";
import type { Lang } from "@/lib/i18n/lang";
import type { SignupFormState } from "@/modules/activities/components/public/signup-form-state";
import { SignupRequest } from "@/modules/activities/schemas/signup";
import { submitSignup } from "@/modules/activities/services/signup";

const signup = action(
  {
    auth: "none",
    rateLimit: "public_post",
    input: SignupRequest.extend({
      company_uuid: z.string().max(100),
      activity_id: z.coerce.number().int().min(1).max(2_147_483_647),
      lang: z.string().transform((v): Lang => (v === "en" ? "en" : "sv")),
    }),
  },
  ({ company_uuid, activity_id, lang, ...input }) => submitSignup(company_uuid, activity_id, input, lang),
);

const TEXT_FIELDS = [
  "child_firstname",
  "child_lastname",
  "child_birthdate",
  "guardian_firstname",
  "guardian_lastname",
  "guardian_email",
  "guardian_phone",
  "relation",
] as const;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function signupAction(_previous: SignupFormState, form: FormData): Promise<SignupFormState> {
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(form, name)]));
  const consent = form.get("consent") === "on" || form.get("consent") === "true";
  const result = await signup({
    ...values,
    consent,
    company_uuid: text(form, "company_uuid"),
    activity_id: text(form, "activity_id"),
    lang: text(form, "lang"),
  } as unknown as z.input<typeof SignupRequest> & { company_uuid: string; activity_id: number; lang: string });
  if (result.ok) return { status: "success", email: result.data.email };
  const problem =
    result.status === 400
      ? "fields"
      : result.status === 429
        ? "tooManyRequests"
        : result.status === 404
          ? "activityGone"
          : "unexpected";
  return { status: "error", problem, fieldErrors: result.fieldErrors, issueKeys: result.issueKeys, values, consent };
}
