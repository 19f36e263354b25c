// One recipient's message of a sendout: merge fields filled in, the organization's layout, the footer links the design
// asks of every list message (the hosted unsubscribe page of the list, the signed global opt-out, the preference
// page), the one-click List-Unsubscribe target, the recipient's list as List-Id, and a Message-ID that is the same every time this row is sent, so a
// resend after a crash folds into one message and a bounce names its row. Links are the author's own: no tracking
// pixels, nothing rewritten.
import "server-only";
import { convert } from "html-to-text";
import { env } from "@/lib/env";
import type { Lang } from "@/lib/i18n/lang";
import { fill } from "@/lib/i18n/fill";
import {
  globalOptOutUrl,
  listUnsubscribeUrl,
  preferencesToken,
  preferencesUrl,
  siteUrl,
} from "@/modules/lists/services/unsubscribe-links";
import { renderEmail } from "@/lib/mail/layout";
import { Marks } from "@/lib/mail/merge-fields";
import { sendoutMessageId } from "@/lib/mail/message-id";
import { sendoutSenderName } from "@/lib/mail/sender";
import { mailTexts } from "@/lib/mail/texts";
import type { OutgoingMail } from "@/lib/mail/transport";

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
  /** The recipient's list: its unsubscribe link, and its List-Id (its name beside the id, when known). */
  list: { uuid: string; name?: string | null };
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

interface Addressee {
  recipient: SendoutMailInput["recipient"];
  /** null: reached through an activity of the sendout, not a list (a service message; see serviceFooter). */
  list: SendoutMailInput["list"] | null;
}

/**
 * `value` computed once per message: each footer link stands in the HTML part and in the text part, and its signed
 * token (an HMAC) was computed for each, twice as many as needed, 2 % of a sendout's CPU.
 */
function oncePerAddressee(value: (addressee: Addressee) => string): (addressee: Addressee) => string {
  let last: Addressee | undefined;
  let cached = "";
  return (addressee) => {
    if (addressee !== last) [last, cached] = [addressee, value(addressee)];
    return cached;
  };
}

/** One recipient's message from a sendout's template (sendoutTemplate); `list` null for an activity's contact. */
export type SendoutMessageFor = (
  recipient: SendoutMailInput["recipient"],
  list: SendoutMailInput["list"] | null,
) => OutgoingMail;

type TemplateInput = Omit<SendoutMailInput, "recipient" | "list"> & {
  /** Whether the sendout goes to activities too: their contacts' messages are made from a second layout. */
  toActivities?: boolean;
};

/** Which footer a layout carries: a list's (its unsubscribe link) or an activity's service message (none). */
type FooterKind = "list" | "service";

/** The layout rendered once with marks where recipients differ, and how to fill it for one of them. */
async function layoutOf(
  { sendout, organization, lang = "sv" }: TemplateInput,
  kind: FooterKind,
): Promise<(addressee: Addressee) => Pick<OutgoingMail, "subject" | "html" | "text">> {
  const marks = new Marks<Addressee>();
  const values = ({ recipient }: Addressee) => ({
    firstname: recipient.firstname,
    lastname: recipient.lastname,
    email: recipient.email,
  });
  const asText = (html: string) => (html ? convert(html, { wordwrap: false }) : "");
  const subject = marks.mergeFields(sendout.subject, values, "text", asText);
  const t = mailTexts(lang);
  const { html, text } = await renderEmail({
    lang,
    organization,
    subject,
    preheader: sendout.preheader ? marks.mergeFields(sendout.preheader, values, "text", asText) : null,
    bodyHtml: marks.mergeFields(sendout.html, values, "html", asText),
    bodyText: sendout.text ? marks.mergeFields(sendout.text, values, "text", asText) : null,
    footer: {
      reason: fill(kind === "list" ? t.listReason : t.activityReason, { organization: organization.name }),
      // An activity's contact subscribed to no list: there is nothing to leave but all mail (the opt-out below).
      unsubscribeUrl:
        kind === "list"
          ? marks.addText(
              oncePerAddressee(({ recipient, list }) => hostedUnsubscribeUrl(list!.uuid, recipient.memberUuid)),
            )
          : undefined,
      optOutUrl: marks.addText(oncePerAddressee(({ recipient }) => globalOptOutUrl(recipient.memberUuid))),
      preferencesUrl: marks.addText(oncePerAddressee(({ recipient }) => preferencesUrl(recipient.memberUuid))),
    },
  });
  return (addressee) => ({
    // A header: a value with a line break must not start a new line.
    subject: marks.fill(subject, "text", addressee).replace(/[\r\n]+/g, " "),
    html: marks.fill(html, "html", addressee),
    text: marks.fill(text, "text", addressee),
  });
}

/**
 * A sendout's messages: the layout rendered once, with marks where recipients differ (lib/mail/message-template.ts),
 * so each recipient's message is two string fills. Workers make one per sendout and keep it; the preview and the test
 * copy go through the same template, so staff see what recipients get.
 *
 * A sendout to activities has a second layout for the contacts it reaches that way: a service message about the
 * activity, without a list's unsubscribe link, List-Unsubscribe or List-Id (they subscribed to no list); the links to
 * opt out of all mail and to the preference page stay, and an opt-out is honoured like a list's recipients'.
 */
export async function sendoutTemplate(input: TemplateInput): Promise<SendoutMessageFor> {
  const { sendout, organization } = input;
  const [forList, forService] = await Promise.all([
    layoutOf(input, "list"),
    input.toActivities ? layoutOf(input, "service") : null,
  ]);
  const from = env().MAIL_FROM;
  const fromName = sendoutSenderName(sendout.fromName, organization.name);
  return (recipient, list) => {
    const addressee = { recipient, list };
    const common = {
      to: recipient.email,
      messageId: sendoutMessageId(sendout.id, recipient.id, from),
      fromName,
      replyTo: sendout.replyTo ?? undefined,
    };
    if (list)
      return {
        ...common,
        ...forList(addressee),
        listUnsubscribeUrl: listUnsubscribeUrl(list.uuid, recipient.memberUuid),
        list,
      };
    if (!forService) throw new Error("a sendout's template made without toActivities has no service message");
    return { ...common, ...forService(addressee) };
  };
}

/**
 * One recipient's message, on its own (a preview, a test copy). `list` null: as an activity's contact gets it (a
 * sendout to activities only has no list to show).
 */
export async function renderSendoutMail({
  recipient,
  list,
  ...message
}: Omit<SendoutMailInput, "list"> & { list: SendoutMailInput["list"] | null }): Promise<OutgoingMail> {
  return (await sendoutTemplate({ ...message, toActivities: list === null }))(recipient, list);
}
