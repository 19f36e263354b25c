// The messages of a change of address (address-change.ts), in the one template (lib/mail/layout.tsx) as the
// subscription messages are sent (subscription-mail.ts): the link to the new address, the notice to the old one, and
// the word to a new address that is already taken. Called after the transaction that made the need has committed.
import "server-only";
import { env } from "@/lib/env";
import { escapeHtml } from "@/lib/html-escape";
import { addressChangeMailTexts } from "../texts/address-change-mail";
import { fill } from "@/lib/i18n/fill";
import type { Lang } from "@/lib/i18n/lang";
import { renderEmail } from "@/lib/mail/layout";
import { mailMessageId } from "@/lib/mail/message-id";
import { sendMail } from "@/lib/mail/transport";

/** Paragraphs of text with, after the first, a button-like link: the body of these messages. */
function body(first: string, link: { url: string; label: string } | null, ...rest: string[]): string {
  const button =
    "display:inline-block;padding:12px 20px;background:#1e40af;color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none";
  const linkHtml = link
    ? `<p><a href="${escapeHtml(link.url)}" style="${button}">${escapeHtml(link.label)}</a></p>`
    : "";
  return `<p>${escapeHtml(first)}</p>${linkHtml}${rest.map((text) => `<p>${escapeHtml(text)}</p>`).join("")}`;
}

interface Message {
  to: string;
  organization: string;
  lang: Lang;
  subject: string;
  bodyHtml: string;
  reason: string;
  /** Stable per change and kind: a resend is recognisably the same message. */
  id: string;
}

async function send(message: Message): Promise<void> {
  const { html, text } = await renderEmail({
    lang: message.lang,
    organization: { name: message.organization },
    bodyHtml: message.bodyHtml,
    footer: { reason: message.reason },
  });
  await sendMail({
    to: message.to,
    subject: message.subject,
    html,
    text,
    messageId: mailMessageId("address", message.id, env().MAIL_FROM),
    fromName: message.organization,
  });
}

/** The link that changes the address, to the new address. Throws when it cannot be sent. */
export async function sendAddressChangeLink(
  change: { id: number; newEmail: string; organization: string; url: string },
  lang: Lang,
): Promise<void> {
  const t = addressChangeMailTexts(lang);
  const names = { organization: change.organization, email: change.newEmail };
  await send({
    to: change.newEmail,
    organization: change.organization,
    lang,
    subject: t.linkSubject,
    bodyHtml: body(fill(t.linkBody, names), { url: change.url, label: t.linkButton }, t.linkIgnore),
    reason: fill(t.linkReason, names),
    id: `link-${change.id}`,
  });
}

/** The notice to the old address that the address changed, and to which. Throws when it cannot be sent. */
export async function sendAddressChangedNotice(
  change: { id: number; oldEmail: string; newEmail: string; organization: string },
  lang: Lang,
): Promise<void> {
  const t = addressChangeMailTexts(lang);
  const names = { organization: change.organization, email: change.newEmail };
  await send({
    to: change.oldEmail,
    organization: change.organization,
    lang,
    subject: t.changedSubject,
    bodyHtml: body(fill(t.changedBody, names), null, fill(t.changedHelp, names)),
    reason: t.changedReason,
    id: `changed-${change.id}`,
  });
}

/** To a new address that already belongs to another member there: nothing changed (the asker is not told). */
export async function sendAddressTakenNotice(
  change: { newEmail: string; organization: string; memberUuid: string },
  lang: Lang,
): Promise<void> {
  const t = addressChangeMailTexts(lang);
  const names = { organization: change.organization, email: change.newEmail };
  await send({
    to: change.newEmail,
    organization: change.organization,
    lang,
    subject: t.takenSubject,
    bodyHtml: body(fill(t.takenBody, names), null),
    reason: fill(t.takenReason, names),
    id: `taken-${change.memberUuid}-${Date.now()}`,
  });
}
