// One recipient's message of a sendout: merge fields filled in, the organization's layout, the footer links the design
// asks of every list message (the hosted unsubscribe page of the list, the signed global opt-out, the preference
// page), the one-click List-Unsubscribe target, and a Message-ID that is the same every time this row is sent, so a
// resend after a crash folds into one message and a bounce names its row. Links are the author's own: no tracking
// pixels, nothing rewritten.
import "server-only";
import { env } from "../env";
import type { Lang } from "../i18n/lang";
import { fill } from "../i18n/fill";
import { globalOptOutUrl, listUnsubscribeUrl, preferencesToken, preferencesUrl, siteUrl } from "../services/unsubscribe-links";
import { renderEmail } from "./layout";
import { applyMergeFields, applyMergeFieldsToHeader } from "./merge-fields";
import { sendoutMessageId } from "./message-id";
import { mailTexts } from "./texts";
import type { OutgoingMail } from "./transport";

export interface SendoutMailInput {
  sendout: {
    id: number;
    subject: string;
    preheader: string | null;
    html: string;
    text: string | null;
    fromName: string | null;
    replyTo: string | null;
  };
  organization: { name: string; logoUrl?: string | null };
  recipient: { id: number; email: string; memberUuid: string; firstname: string | null; lastname: string | null };
  list: { uuid: string };
  lang?: Lang;
}

/**
 * The hosted page that asks before leaving the list (app/unsubscribe/[list_uuid]/[member_uuid]), with the member's
 * preference-page token as `p`, so the page can offer the preference page too (a bare uuid must not open it).
 */
function hostedUnsubscribeUrl(listUuid: string, memberUuid: string): string {
  const page = `${siteUrl()}/unsubscribe/${encodeURIComponent(listUuid)}/${encodeURIComponent(memberUuid)}`;
  return `${page}?p=${encodeURIComponent(preferencesToken(memberUuid))}`;
}

export async function renderSendoutMail({ sendout, organization, recipient, list, lang = "sv" }: SendoutMailInput): Promise<OutgoingMail> {
  const values = { firstname: recipient.firstname, lastname: recipient.lastname, email: recipient.email };
  const subject = applyMergeFieldsToHeader(sendout.subject, values);
  const { html, text } = await renderEmail({
    lang,
    organization,
    subject,
    preheader: sendout.preheader ? applyMergeFields(sendout.preheader, values, "text") : null,
    bodyHtml: applyMergeFields(sendout.html, values, "html"),
    bodyText: sendout.text ? applyMergeFields(sendout.text, values, "text") : null,
    footer: {
      reason: fill(mailTexts(lang).listReason, { organization: organization.name }),
      unsubscribeUrl: hostedUnsubscribeUrl(list.uuid, recipient.memberUuid),
      optOutUrl: globalOptOutUrl(recipient.memberUuid),
      preferencesUrl: preferencesUrl(recipient.memberUuid),
    },
  });
  return {
    to: recipient.email,
    subject,
    html,
    text,
    messageId: sendoutMessageId(sendout.id, recipient.id, env().MAIL_FROM),
    fromName: sendout.fromName ?? undefined,
    replyTo: sendout.replyTo ?? undefined,
    listUnsubscribeUrl: listUnsubscribeUrl(list.uuid, recipient.memberUuid),
  };
}
