// The messages about a person's own subscriptions: the double opt-in confirmation, the welcome message of a list,
// and the confirmation of an erasure request. Each in the one template (lib/mail/layout.tsx) through sendMail, in
// the language of the form or page it came from, with a Message-ID stable per (kind, subscription or member), so a
// resend is recognisably the same message (a confirmation's per request: a new request's link is a new message). Called after the transaction that made the need has committed.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { escapeHtml } from "@/lib/html-escape";
import { fill } from "@/lib/i18n/fill";
import type { Lang } from "@/lib/i18n/lang";
import { subscriptionMailTexts } from "../texts/subscription-mail";
import { logger } from "@/lib/logger";
import { renderEmail } from "@/lib/mail/layout";
import { mailMessageId } from "@/lib/mail/message-id";
import { sendMail } from "@/lib/mail/transport";
import { parsePending, releaseSendClaim, type PendingData } from "./pending-data";
import { confirmationUrl, erasureUrl, listUnsubscribeUrl, preferencesUrl } from "./unsubscribe-links";

function messageId(kind: "confirm" | "welcome" | "erasure", id: number | string): string {
  return mailMessageId(kind, id, env().MAIL_FROM);
}

/** A paragraph of text, a button-like link, a paragraph of text: the body of the confirmation messages. */
function linkBody(before: string, link: { url: string; label: string }, after: string, detailsHtml = ""): string {
  const button =
    "display:inline-block;padding:12px 20px;background:#1e40af;color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none";
  return `<p>${escapeHtml(before)}</p>${detailsHtml}<p><a href="${escapeHtml(link.url)}" style="${button}">${escapeHtml(link.label)}</a></p><p>${escapeHtml(after)}</p>`;
}

async function subscriptionFor(id: number) {
  return db().subscription.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      confirmationNonce: true,
      pendingData: true,
      member: { select: { uuid: true, email: true } },
      list: {
        select: {
          uuid: true,
          name: true,
          imageUrl: true,
          welcomeSubject: true,
          welcomeHtml: true,
          company: { select: { name: true } },
        },
      },
    },
  });
}

/**
 * What the confirmation stores besides the subscription, as lines of the message: its owner confirms what they were
 * shown, and what is stored is exactly that (it is kept with the message's nonce and replaced only with a new one).
 */
function detailsHtml(pending: PendingData, t: ReturnType<typeof subscriptionMailTexts>): string {
  const name = [pending.firstname, pending.lastname].filter(Boolean).join(" ");
  const lines = [
    name && fill(t.confirmName, { value: name }),
    pending.phone && fill(t.confirmPhone, { value: pending.phone }),
    pending.answered_prop_ids.length > 0 && fill(t.confirmAnswers, { value: pending.answered_prop_ids.length }),
    pending.terms_accepted && t.confirmTerms,
  ].filter((line): line is string => Boolean(line));
  if (!lines.length) return "";
  return `<p>${escapeHtml(t.confirmDetails)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
}

/**
 * The confirmation of a PENDING subscription; false when it could not be sent. A failure is logged and releases the
 * resend throttle, so the visitor can ask again at once; the subscription itself stays PENDING.
 */
export async function sendConfirmation(subscriptionId: number, lang: Lang): Promise<boolean> {
  const subscription = await subscriptionFor(subscriptionId);
  const to = subscription?.member.email;
  const nonce = subscription?.confirmationNonce;
  if (subscription?.status !== "PENDING" || !to || !nonce) return false;
  const { list } = subscription;
  const t = subscriptionMailTexts(lang);
  const names = { list: list.name, organization: list.company.name };
  try {
    const { html, text } = await renderEmail({
      lang,
      organization: { name: list.company.name },
      preheader: t.confirmPreheader,
      bodyHtml: linkBody(
        fill(t.confirmBody, names),
        { url: confirmationUrl(subscriptionId, nonce, lang), label: t.confirmLink },
        t.confirmIgnore,
        detailsHtml(parsePending(subscription.pendingData), t),
      ),
      footer: { reason: fill(t.confirmReason, names) },
    });
    await sendMail({
      to,
      subject: fill(t.confirmSubject, names),
      html,
      text,
      messageId: messageId("confirm", `${subscriptionId}.${nonce}`),
      fromName: list.company.name,
      list,
    });
    return true;
  } catch (error) {
    logger().error({ err: error, subscriptionId }, "confirmation message not sent");
    await releaseSendClaim(subscriptionId);
    return false;
  }
}

/** The list's welcome message, when it has one, to a subscription that just became active. A failure is logged. */
export async function sendWelcome(subscriptionId: number, lang: Lang): Promise<void> {
  const subscription = await subscriptionFor(subscriptionId);
  const to = subscription?.member.email;
  const subject = subscription?.list.welcomeSubject;
  if (subscription?.status !== "SUBSCRIBED" || !to || !subject) return;
  const { list, member } = subscription;
  const unsubscribeUrl = listUnsubscribeUrl(list.uuid, member.uuid);
  try {
    const { html, text } = await renderEmail({
      lang,
      organization: { name: list.company.name },
      bodyHtml: list.welcomeHtml ?? "", // sanitized when stored
      footer: {
        unsubscribeUrl,
        preferencesUrl: preferencesUrl(member.uuid),
        reason: fill(subscriptionMailTexts(lang).welcomeReason, { list: list.name }),
      },
    });
    await sendMail({
      to,
      subject,
      html,
      text,
      messageId: messageId("welcome", subscriptionId),
      fromName: list.company.name,
      list,
      listUnsubscribeUrl: unsubscribeUrl,
    });
  } catch (error) {
    logger().error({ err: error, subscriptionId }, "welcome message not sent");
  }
}

/** The link that confirms an erasure asked for on the preference page. Throws when it cannot be sent. */
export async function sendErasureConfirmation(
  member: { uuid: string; email: string; organizationName: string },
  lang: Lang,
): Promise<void> {
  const t = subscriptionMailTexts(lang);
  const names = { organization: member.organizationName };
  const { html, text } = await renderEmail({
    lang,
    organization: { name: member.organizationName },
    bodyHtml: linkBody(
      fill(t.erasureBody, names),
      { url: erasureUrl(member.uuid, lang), label: t.erasureLink },
      t.erasureIgnore,
    ),
    footer: { reason: t.erasureReason },
  });
  await sendMail({
    to: member.email,
    subject: t.erasureSubject,
    html,
    text,
    messageId: messageId("erasure", member.uuid),
    fromName: member.organizationName,
  });
}
