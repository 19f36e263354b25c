// The password reset mail to a staff member: the one template (layout.tsx) with a greeting, what happened, the link
// as a button, and what to do when it was not them. Pure (no settings, no database): the service passes the link.
import { escapeHtml } from "@/lib/html-escape";
import { accountMessages } from "../texts/account";
import type { Lang } from "@/lib/i18n/lang";
import { renderEmail } from "@/lib/mail/layout";

const buttonStyle =
  "display:inline-block;padding:12px 20px;background:#1e40af;color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none";

export async function renderPasswordResetMail(input: { lang: Lang; name: string; url: string; product: string }) {
  const t = accountMessages(input.lang).mail;
  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(input.name))}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${escapeHtml(input.url)}" style="${buttonStyle}">${escapeHtml(t.link)}</a></p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
  ].join("");
  const { html, text } = await renderEmail({
    lang: input.lang,
    organization: { name: input.product },
    subject: t.subject,
    preheader: t.preheader,
    bodyHtml,
    footer: { reason: t.reason },
  });
  return { subject: t.subject, html, text };
}
