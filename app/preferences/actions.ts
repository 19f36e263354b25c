"use server";
// The preference page's forms: plain posts (no JavaScript needed) that change one thing and come back to the page
// with a notice. The erasure link's and the address link's buttons are here too. Rate-limited per client IP like the
// other hosted forms.
import { redirect } from "next/navigation";
import { z } from "zod";
import type { UnsubscribeState } from "@/components/public/form-states";
import { action } from "@/lib/actions/action";
import type { Lang } from "@/lib/i18n/lang";
import { confirmAddressChange, requestAddressChange } from "@/modules/members/services/address-change";
import { joinList, saveAnswers, saveName } from "@/modules/lists/services/preference-changes";
import {
  confirmErasure,
  optOutOfEverything,
  requestErasure,
  setListPreference,
  undoOptOut,
} from "@/modules/lists/services/preferences";
import type { PreferenceNotice } from "./notices";

const langOf = (value: string): Lang => (value === "en" ? "en" : "sv");
const text = (max: number) => z.string().max(max);

const Change = z.object({
  token: text(300),
  op: z.enum(["on", "off", "optOut", "undoOptOut", "erase", "join", "answers", "name", "address"]),
  list_id: z
    .string()
    .regex(/^[0-9]{0,10}$/)
    .transform(Number),
  lang: z.string().transform(langOf),
  answered_prop_ids: z
    .array(
      z
        .string()
        .regex(/^[0-9]{1,10}$/)
        .transform(Number),
    )
    .max(200),
  terms_accepted: z.boolean(),
  // Longer than the limits the services check (which answer a field error): what was typed is never a 5xx.
  firstname: text(2000),
  lastname: text(2000),
  email: text(2000),
});

type ChangeInput = z.output<typeof Change>;

async function apply(input: ChangeInput): Promise<PreferenceNotice> {
  const { token, op, list_id, lang } = input;
  switch (op) {
    case "on":
    case "off":
      await setListPreference(token, list_id, op === "on");
      return "saved";
    case "optOut":
      await optOutOfEverything(token);
      return "saved";
    case "undoOptOut":
      await undoOptOut(token);
      return "saved";
    case "erase":
      await requestErasure(token, lang);
      return "eraseSent";
    case "join":
      return (await joinList(
        token,
        { listId: list_id, answered: input.answered_prop_ids, termsAccepted: input.terms_accepted },
        lang,
      )) === "subscribed"
        ? "joined"
        : "confirmationSent";
    case "answers":
      await saveAnswers(token, list_id, input.answered_prop_ids);
      return "saved";
    case "name":
      await saveName(token, { firstname: input.firstname, lastname: input.lastname });
      return "saved";
    case "address":
      await requestAddressChange(token, input.email, lang);
      return "addressSent";
  }
}

const change = action({ auth: "none", rateLimit: "public_post", input: Change }, apply);

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/** A refusal as the notice the page shows: what the person can do about it, never a status code. */
function refusal(op: string, status: number, reason: string, fields: string[]): PreferenceNotice {
  if (status === 429) return reason === "subscription temporarily unavailable" ? "capReached" : "tooMany";
  if (status === 400 && fields.includes("terms_accepted")) return "consentMissing";
  if (status === 400 && op === "name") return "nameTooLong";
  if (status === 400 && op === "address") return reason.includes("already") ? "addressSame" : "addressInvalid";
  return "failed";
}

export async function preferenceAction(form: FormData): Promise<void> {
  const token = field(form, "token");
  const lang = langOf(field(form, "lang"));
  const op = field(form, "op");
  const result = await change({
    token,
    op: op as "on",
    list_id: field(form, "list_id"),
    lang,
    answered_prop_ids: form.getAll("answered_prop_ids").map(String),
    terms_accepted: form.get("terms_accepted") !== null,
    firstname: field(form, "firstname"),
    lastname: field(form, "lastname"),
    email: field(form, "email"),
  });
  const notice = result.ok ? result.data : refusal(op, result.status, result.reason, Object.keys(result.fieldErrors));
  redirect(`/preferences/${encodeURIComponent(token)}?lang=${lang}&notice=${notice}`);
}

/** The one-button pages' outcome: done, a link no longer good, too many tries, or (the address) taken meanwhile. */
function buttonState(result: { ok: true } | { ok: false; status: number; reason: string }): UnsubscribeState {
  if (result.ok) return { status: "done" };
  if (result.status === 429) return { status: "tooManyRequests" };
  if (result.status === 404 || result.status === 400) return { status: "invalidLink" };
  if (result.status === 409) return { status: "unavailable" };
  throw new Error(result.reason);
}

const erase = action({ auth: "none", rateLimit: "public_post", input: z.object({ token: text(300) }) }, ({ token }) =>
  confirmErasure(token),
);

export async function eraseAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  return buttonState(await erase({ token: field(form, "token") }));
}

const moveAddress = action(
  { auth: "none", rateLimit: "public_post", input: z.object({ token: text(300), lang: z.string().transform(langOf) }) },
  ({ token, lang }) => confirmAddressChange(token, lang),
);

export async function addressAction(_previous: UnsubscribeState, form: FormData): Promise<UnsubscribeState> {
  return buttonState(await moveAddress({ token: field(form, "token"), lang: field(form, "lang") }));
}
