// Staff password reset by mail (docs/dashboard.md "Admin dashboard": reset and two-factor). Asking always answers the same,
// whether the address has an account or not, and is rate-limited per address and per client address; the link
// carries a random token of which only its SHA-256 is stored, works once and for PASSWORD_RESET_TTL_MINUTES, and
// only the newest link of a user works. Setting the new password ends every session of the user and is audited.
import "server-only";
import { hash } from "@node-rs/argon2";
import { randomToken, sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ValidationFailed } from "@/lib/errors";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { shellMessages } from "@/lib/i18n/admin/shell";
import type { Lang } from "@/lib/i18n/lang";
import { logger } from "@/lib/logger";
import { mailMessageId } from "@/lib/mail/message-id";
import { renderPasswordResetMail } from "../mail/staff-password-reset";
import { sendMail } from "@/lib/mail/transport";
import { normalizeEmail } from "@/lib/validation/email";
import { PASSWORD_RESET_TTL_MINUTES } from "../schemas/staff-auth";
import { endAdminSessionsOf } from "./admin-sessions";
import { recordAudit } from "@/modules/audit/services/audit";
import { adminUserCaller } from "./caller";
import { siteUrl } from "@/modules/lists/services/unsubscribe-links";

const tokenHashOf = (token: string) => sha256Hex(token);

/**
 * Asks for a reset link. Throws RateLimited beyond the limits (counted for unknown addresses too, so the answer says
 * nothing of the account); otherwise the caller answers the same whatever happens next. The mail is made and sent in
 * `delivered`, which the caller need not wait for: an unknown address then costs the answer no less time than a
 * known one. It never rejects (a failure is logged).
 */
export async function requestStaffPasswordReset(input: {
  email: string;
  lang: Lang;
  ip: string;
}): Promise<{ delivered: Promise<void> }> {
  const email = normalizeEmail(input.email);
  await consumeRateLimit("password_reset_ip", input.ip);
  await consumeRateLimit("password_reset_account", email);
  const delivered = sendResetLink(email, input.lang).catch((error: unknown) => {
    logger().error({ err: error }, "password reset mail not sent");
  });
  return { delivered };
}

async function sendResetLink(email: string, lang: Lang): Promise<void> {
  const user = await db().adminUser.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, disabledAt: true },
  });
  if (!user || user.disabledAt) return;
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  const [, reset] = await db().$transaction([
    db().adminPasswordReset.deleteMany({ where: { adminUserId: user.id } }),
    db().adminPasswordReset.create({
      data: { adminUserId: user.id, tokenHash: tokenHashOf(token), expiresAt },
      select: { id: true },
    }),
  ]);
  const url = `${siteUrl()}/admin/reset-password?token=${encodeURIComponent(token)}`;
  const mail = await renderPasswordResetMail({ lang, name: user.name, url, product: shellMessages(lang).product });
  await sendMail({ to: user.email, ...mail, messageId: mailMessageId("password-reset", reset.id, env().MAIL_FROM) });
}

async function usableReset(token: string) {
  const reset = await db().adminPasswordReset.findUnique({
    where: { tokenHash: tokenHashOf(token) },
    include: { adminUser: { include: { accessGroup: { include: { companies: true } } } } },
  });
  if (!reset || reset.usedAt || reset.expiresAt <= new Date() || reset.adminUser.disabledAt) return null;
  return reset;
}

/** Whether the link still works (the reset page shows its form or says it does not). Changes nothing. */
export async function passwordResetLinkWorks(token: string): Promise<boolean> {
  return (await usableReset(token)) !== null;
}

const LINK_INVALID = () => new ValidationFailed({ token: ["the link is no longer valid"] });

/** Sets the new password through a link; the link is used up, every session of the user ends. */
export async function resetStaffPassword(input: { token: string; password: string }): Promise<void> {
  const reset = await usableReset(input.token);
  if (!reset) throw LINK_INVALID();
  const user = reset.adminUser;
  const passwordHash = await hash(input.password);
  await db().$transaction(async (tx) => {
    const now = new Date();
    // Claimed atomically: of two submissions of one link, one wins.
    const claimed = await tx.adminPasswordReset.updateMany({
      where: { id: reset.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw LINK_INVALID();
    await tx.adminUser.update({ where: { id: user.id }, data: { passwordHash } });
    await endAdminSessionsOf(tx, user.id);
    await recordAudit(tx, adminUserCaller(user, user.accessGroup), {
      action: "admin_user.password_reset",
      objectType: "admin_user",
      objectId: user.id,
      companyId: user.accessGroup.companies[0]?.companyId ?? null,
      summary: `${user.email}: new password through a reset link; every session ended`,
    });
  });
}
