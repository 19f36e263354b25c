// The mail inviting an activity's leader: the one template (layout.tsx) with a greeting, what the account is for and
// the link as a button; for a leader who has an account already, a sign-in link instead. Pure: the service passes
// the links.
import { escapeHtml } from "@/lib/html-escape";
import type { Lang } from "@/lib/i18n/lang";
import { renderEmail } from "@/lib/mail/layout";
import { LEADER_INVITATION_TTL_HOURS } from "../schemas/leader";
import { leaderInvitationMessages } from "../texts/leader-invitation";

const buttonStyle =
  "display:inline-block;padding:12px 20px;background:#1e40af;color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none";

export async function renderLeaderInvitationMail(input: {
  lang: Lang;
  name: string;
  activity: string;
  organization: string;
  /** The invitation's link, or null: the leader has an account, the mail links to the sign-in page. */
  url: string | null;
  signInUrl: string;
}) {
  const t = leaderInvitationMessages(input.lang).mail;
  const invite = input.url !== null;
  const subject = invite ? t.subject : t.signInSubject;
  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(input.name))}</p>`,
    `<p>${escapeHtml(invite ? t.body(input.activity) : t.signInBody(input.activity))}</p>`,
    `<p><a href="${escapeHtml(input.url ?? input.signInUrl)}" style="${buttonStyle}">${escapeHtml(invite ? t.link : t.signInLink)}</a></p>`,
    `<p>${escapeHtml(invite ? t.expires(LEADER_INVITATION_TTL_HOURS / 24) : t.forgot)}</p>`,
  ].join("");
  const { html, text } = await renderEmail({
    lang: input.lang,
    organization: { name: input.organization },
    subject,
    preheader: invite ? t.preheader : t.signInPreheader,
    bodyHtml,
    footer: { reason: t.reason },
  });
  return { subject, html, text };
}
