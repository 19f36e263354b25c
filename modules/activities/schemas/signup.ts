// The hosted sign-up form of an activity (/activities/<company uuid>/<activity id>): a guardian signs a child up.
// Only what the club needs to take the child in and reach the guardian is asked; every text is bounded.
import { z } from "zod";
import { requiredText } from "@/lib/validation/common";
import { singleLine } from "@/lib/validation/text";
import { stockholmToday } from "@/lib/calendar";
import { LocalDate } from "./activity";

/** The limits of the form's fields: the schema below and the form's maxlength. */
export const SIGNUP_MAX_LENGTH = {
  child_firstname: 100,
  child_lastname: 100,
  guardian_firstname: 100,
  guardian_lastname: 100,
  guardian_email: 254,
  guardian_phone: 40,
  relation: 60,
} as const;

const name = (max: number) => singleLine(requiredText(max));

/** The consent text the guardian agrees to: its key is stored with the consent, so a new wording gets a new key. */
export const SIGNUP_CONSENT_KEY = "activity-signup-v1";

export const SignupRequest = z.object({
  child_firstname: name(SIGNUP_MAX_LENGTH.child_firstname),
  child_lastname: name(SIGNUP_MAX_LENGTH.child_lastname),
  child_birthdate: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .pipe(LocalDate)
    .refine((d) => d <= stockholmToday() && d >= "1900-01-01", { error: "must be a past date" }),
  guardian_firstname: name(SIGNUP_MAX_LENGTH.guardian_firstname),
  guardian_lastname: name(SIGNUP_MAX_LENGTH.guardian_lastname),
  guardian_email: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(SIGNUP_MAX_LENGTH.guardian_email, { error: `must be at most ${SIGNUP_MAX_LENGTH.guardian_email} characters` })
    .pipe(z.email({ error: "must be a valid email address" })),
  guardian_phone: singleLine(
    z
      .string({ error: "must be a string" })
      .trim()
      .max(SIGNUP_MAX_LENGTH.guardian_phone, {
        error: `must be at most ${SIGNUP_MAX_LENGTH.guardian_phone} characters`,
      }),
  )
    .optional()
    .transform((v) => (v ? v : undefined)),
  relation: name(SIGNUP_MAX_LENGTH.relation),
  consent: z.literal(true, { error: "consent_required" }),
});
export type SignupInput = z.output<typeof SignupRequest>;

/** What a pending sign-up keeps of the form until the guardian confirms (ActivitySignup.details). */
export const SignupDetails = SignupRequest.omit({ consent: true });
export type SignupDetails = z.output<typeof SignupDetails>;
