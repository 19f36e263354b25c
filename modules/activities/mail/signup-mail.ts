// The hosted sign-up's messages to the guardian, in the one template (lib/mail/layout.tsx) through sendMail, in the
// language of the form: the double opt-in link, and after the confirmation the outcome (a place or the waitlist) with
// the link that cancels. Sent after the transaction that made the need has committed; the links' tokens exist only
// here and in the message (the database keeps their hashes).
import "server-only";
import { env } from "@/lib/env";
import { escapeHtml } from "@/lib/html-escape";
import { fill } from "@/lib/i18n/fill";
import type { Lang } from "@/lib/i18n/lang";
import { renderEmail } from "@/lib/mail/layout";
import { mailMessageId } from "@/lib/mail/message-id";
import { sendMail } from "@/lib/mail/transport";
import { siteUrl } from "@/modules/lists/services/unsubscribe-links";
import type { ParticipantStatus } from "../schemas/activity";
import type { SignupDetails } from "../schemas/signup";
import { signupMailTexts } from "../texts/signup-mail";

export interface SignupMailContext {
  signupId: number;
  lang: Lang;
  to: string;
  activityName: string;
  organizationName: string;
  details: SignupDetails;
}

const BUTTON =
  "display:inline-block;padding:12px 20px;background:#1e40af;color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none";

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const button = (url: string, label: string) =>
  `<p><a href="${escapeHtml(url)}" style="${BUTTON}">${escapeHtml(label)}</a></p>`;

const signupConfirmUrl = (token: string, lang: Lang) => `${siteUrl()}/activities/confirm/${token}?lang=${lang}`;
const signupCancelUrl = (token: string, lang: Lang) => `${siteUrl()}/activities/cancel/${token}?lang=${lang}`;

function names(context: SignupMailContext) {
  const { details } = context;
  return {
    activity: context.activityName,
    organization: context.organizationName,
    child: `${details.child_firstname} ${details.child_lastname}`,
  };
}

function detailsHtml(context: SignupMailContext): string {
  const t = signupMailTexts(context.lang);
  const { details } = context;
  const lines = [
    fill(t.detailChild, { value: `${details.child_firstname} ${details.child_lastname}` }),
    fill(t.detailBirthdate, { value: details.child_birthdate }),
    fill(t.detailGuardian, {
      value: `${details.guardian_firstname} ${details.guardian_lastname} (${details.relation})`,
    }),
    details.guardian_phone ? fill(t.detailPhone, { value: details.guardian_phone }) : null,
    fill(t.detailConsent, { organization: context.organizationName }),
  ].filter((line): line is string => line !== null);
  return `${paragraph(t.optInDetails)}<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
}

/** The double opt-in: the link that confirms the sign-up. Throws when it cannot be sent. */
export async function sendSignupOptIn(context: SignupMailContext, token: string): Promise<void> {
  const t = signupMailTexts(context.lang);
  const values = names(context);
  const { html, text } = await renderEmail({
    lang: context.lang,
    organization: { name: context.organizationName },
    subject: fill(t.optInSubject, values),
    preheader: t.optInPreheader,
    bodyHtml:
      paragraph(fill(t.optInBody, values)) +
      detailsHtml(context) +
      button(signupConfirmUrl(token, context.lang), t.optInLink) +
      paragraph(t.optInIgnore),
    footer: { reason: fill(t.optInReason, values) },
  });
  await sendMail({
    to: context.to,
    subject: fill(t.optInSubject, values),
    html,
    text,
    messageId: mailMessageId("activity-signup", context.signupId, env().MAIL_FROM),
    fromName: context.organizationName,
  });
}

/** After the confirmation: a place or the waitlist, and the link that cancels. Throws when it cannot be sent. */
export async function sendSignupConfirmed(
  context: SignupMailContext,
  status: ParticipantStatus,
  cancelToken: string,
): Promise<void> {
  const t = signupMailTexts(context.lang);
  const values = names(context);
  const subject = fill(status === "WAITLIST" ? t.waitlistSubject : t.enrolledSubject, values);
  const { html, text } = await renderEmail({
    lang: context.lang,
    organization: { name: context.organizationName },
    subject,
    bodyHtml:
      paragraph(fill(status === "WAITLIST" ? t.waitlistBody : t.enrolledBody, values)) +
      paragraph(fill(status === "WAITLIST" ? t.cancelIntroWaitlist : t.cancelIntro, values)) +
      button(signupCancelUrl(cancelToken, context.lang), fill(t.cancelLink, values)),
    footer: { reason: fill(t.confirmedReason, values) },
  });
  await sendMail({
    to: context.to,
    subject,
    html,
    text,
    messageId: mailMessageId("activity-signup-confirmed", context.signupId, env().MAIL_FROM),
    fromName: context.organizationName,
  });
}
