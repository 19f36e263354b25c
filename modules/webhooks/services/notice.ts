// Disabling an endpoint that keeps failing, and telling its owner: the audit log gets an entry (actor
// "system:webhooks") and the dashboard admins whose scope covers the endpoint's company get one message, in Swedish
// and English (the service does not know an admin's language), through the mail delivery. A failed message is logged;
// the endpoint is disabled either way, which the dashboard and GET /v3/webhook/{id} show.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { escapeHtml } from "@/lib/html-escape";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import { LANGUAGES } from "@/lib/i18n/lang";
import { webhookMailTexts } from "../texts/webhook-mail";
import { logger } from "@/lib/logger";
import { renderEmail } from "@/lib/mail/layout";
import { mailMessageId } from "@/lib/mail/message-id";
import { sendMail } from "@/lib/mail/transport";
import { recordAudit } from "@/modules/audit/services/audit";
import { scopeCovers } from "@/modules/access/services/access-checks";
import { callerRights, operatorCaller, type Caller } from "@/modules/access/services/caller";
import { companyWithAncestors } from "@/modules/companies/services/tree";

const system: Caller = { ...operatorCaller(), actor: "system:webhooks", name: "Webhooks" };

/** The active ADMIN users whose access group reaches the company (all companies, the company, or an ancestor with descendants). */
async function adminsOf(companyId: string): Promise<string[]> {
  const chain = companyWithAncestors(companyId);
  const admins = await db().adminUser.findMany({
    where: { role: "ADMIN", disabledAt: null },
    select: { email: true, accessGroup: { include: { companies: true } } },
  });
  const covered = await Promise.all(
    admins.map((a) => scopeCovers(callerRights(a.accessGroup).scope, companyId, () => chain)),
  );
  return admins.filter((_, i) => covered[i]).map((a) => a.email);
}

async function tellAdmins(endpoint: {
  id: number;
  url: string;
  companyId: string;
  failingSince: Date | null;
}): Promise<void> {
  const company = await db().company.findUnique({ where: { id: endpoint.companyId }, select: { name: true } });
  const recipients = await adminsOf(endpoint.companyId);
  if (!company || !recipients.length) return;
  const since = (endpoint.failingSince ?? new Date()).toISOString();
  const [sv, en] = LANGUAGES.map((lang) => {
    const t = webhookMailTexts(lang);
    const values = {
      url: endpoint.url,
      since: formatDate(lang, "dateTime", since),
      company: company.name,
      id: endpoint.id,
    };
    return { subject: fill(t.subject, values), body: fill(t.body, values), reason: fill(t.reason, values) };
  });
  const { html, text } = await renderEmail({
    lang: "sv",
    organization: { name: company.name },
    subject: `${sv.subject} / ${en.subject}`,
    bodyHtml: `<p>${escapeHtml(sv.body)}</p><hr><p lang="en">${escapeHtml(en.body)}</p>`,
    footer: { reason: `${sv.reason} ${en.reason}` },
  });
  for (const to of recipients) {
    try {
      await sendMail({
        to,
        subject: `${sv.subject} / ${en.subject}`,
        html,
        text,
        messageId: mailMessageId("webhook-disabled", `${endpoint.id}-${Date.now()}`, env().MAIL_FROM),
      });
    } catch (error) {
      logger().error({ err: error, endpointId: endpoint.id }, "webhook-disabled message not sent");
    }
  }
}

/** Disables the endpoint (once, if two workers get here together), records it and tells its admins. */
export async function disableFailingEndpoint(endpoint: {
  id: number;
  url: string;
  companyId: string;
  failingSince: Date | null;
}): Promise<void> {
  const reason = "every attempt failed since failing_since, and a delivery used all its retries";
  const disabled = await db().$transaction(async (tx) => {
    const changed = await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id, enabled: true },
      data: { enabled: false, disabledAt: new Date(), disabledReason: reason },
    });
    if (changed.count !== 1) return false;
    await recordAudit(tx, system, {
      action: "webhook_endpoint.disable",
      objectType: "webhook_endpoint",
      objectId: endpoint.id,
      companyId: endpoint.companyId,
      summary: `${endpoint.url}: ${reason}`,
    });
    return true;
  });
  if (!disabled) return;
  logger().warn({ endpointId: endpoint.id }, "webhook endpoint disabled after repeated failures");
  await tellAdmins(endpoint);
}
