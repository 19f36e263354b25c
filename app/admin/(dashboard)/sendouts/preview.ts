// The composer's preview: the saved sendout through the message renderer the workers use (renderSendoutMail), with a
// sample recipient, answered as a page of its own. Its policy is the message's, not the dashboard's: inline styles
// (every email is made of them) and https images, no scripts at all, a sandbox that gives the page no origin, and
// framed only by this site. A srcdoc frame would inherit the dashboard's nonce policy and lose every style.
import "server-only";
import { renderSendoutMail } from "@/modules/sendouts/mail/sendout-message";
import type { Caller } from "@/modules/access/services/caller";
import { findLiveCompany } from "@/lib/live-records";
import { getSendout } from "@/modules/sendouts/services/sendouts";

/** Nobody real: the merge fields show a name, and the footer's links lead to no one's subscriptions. */
const SAMPLE = {
  recipient: {
    id: 0,
    email: "anna.andersson@example.se",
    memberUuid: "00000000-0000-4000-8000-000000000000",
    firstname: "Anna",
    lastname: "Andersson",
  },
  list: { uuid: "00000000-0000-4000-8000-000000000000" },
};

const PREVIEW_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src https: data:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "sandbox",
].join("; ");

export async function sendoutPreviewResponse(caller: Caller, id: number): Promise<Response> {
  const sendout = await getSendout(caller, id);
  const company = await findLiveCompany(sendout.company_id);
  const mail = await renderSendoutMail({
    sendout: {
      id: sendout.id,
      subject: sendout.subject,
      preheader: sendout.preheader,
      html: sendout.html,
      text: sendout.text,
      fromName: sendout.from_name,
      replyTo: sendout.reply_to,
    },
    organization: { name: company.name },
    recipient: SAMPLE.recipient,
    // A sendout to activities only is shown as their contacts get it: a service message without a list's links.
    list: sendout.list_ids.length ? SAMPLE.list : null,
  });
  return new Response(mail.html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": PREVIEW_POLICY,
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "referrer-policy": "no-referrer",
    },
  });
}
