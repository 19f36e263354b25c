// A change of address from the preference page. The page's link proves the old address; the new one is proved by
// a link mailed to it: signed (HMAC over purpose, change and new address, with LINK_SIGNING_SECRET, as the other
// signed links), expiring after a day, and single-use (its EmailChange row is claimed once). The address changes only
// when that link's page is confirmed (a mail scanner opening the link changes nothing), and the old address is told.
import "server-only";
import { z } from "zod";
import { constantTimeEqual, hmacSha256 } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Conflict, NotFound, RateLimited, UpstreamFailed, ValidationFailed } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import { logger } from "@/lib/logger";
import { normalizeEmail } from "@/lib/validation/email";
import { sendAddressChangedNotice, sendAddressChangeLink, sendAddressTakenNotice } from "./address-change-mail";
import { recordSelfAudit } from "@/modules/audit/services/audit";
import { liveMember } from "@/lib/live-records";
import { memberOfToken } from "@/modules/lists/services/preference-member";
import { siteUrl } from "@/modules/lists/services/unsubscribe-links";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";

const DAY_MS = 24 * 3600 * 1000;
/** At most this many changes asked for per member and hour: each one mails an address the person typed. */
const ADDRESS_CHANGES_PER_HOUR = 3;

const NewAddress = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be a valid email address" }));

function signature(id: number, newEmail: string, expiresAt: number): string {
  return hmacSha256(env().LINK_SIGNING_SECRET, `change-address|${id}|${newEmail}|${expiresAt}`);
}

/** The path segment of /preferences/address/<token>: `<change id>.<expiry>.<signature>`. */
export function addressChangeToken(change: { id: number; newEmail: string; expiresAt: Date }): string {
  const expiresAt = Math.floor(change.expiresAt.getTime() / 1000);
  return `${change.id}.${expiresAt}.${signature(change.id, change.newEmail, expiresAt)}`;
}

/** The change a token names (signature good, link unexpired), with its member, or null. */
async function changeOf(token: string, now: Date) {
  const match = /^([1-9][0-9]{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match || Number(match[2]) * 1000 <= now.getTime()) return null;
  const change = await db().emailChange.findUnique({
    where: { id: Number(match[1]) },
    include: {
      member: {
        select: {
          id: true,
          uuid: true,
          email: true,
          organizationId: true,
          erasedAt: true,
          organization: { select: { name: true, deletedAt: true } },
        },
      },
    },
  });
  if (!change || !constantTimeEqual(match[3], signature(change.id, change.newEmail, Number(match[2])))) return null;
  const live = change.member.erasedAt === null && change.member.organization.deletedAt === null;
  return live ? change : null;
}

/** The change a token names while it can still be used: unused, unexpired, its member still with the old address. */
async function openChange(token: string, now: Date) {
  const change = await changeOf(token, now);
  return change && change.usedAt === null && change.expiresAt > now && change.member.email === change.oldEmail
    ? change
    : null;
}

/**
 * Asks for a change to `typed` (400 when it is no address or the current one, 429 past ADDRESS_CHANGES_PER_HOUR).
 * When another member of the organization has that address, nothing is asked for and its owner is told instead: the
 * page answers the same either way, so it never reveals who is registered. A previous unused request ends.
 */
export async function requestAddressChange(token: string, typed: string, lang: Lang): Promise<{ email: string }> {
  const member = await memberOfToken(token);
  const parsed = NewAddress.safeParse(typed);
  if (!parsed.success) throw new ValidationFailed({ email: [parsed.error.issues[0].message] });
  const newEmail = normalizeEmail(parsed.data);
  if (!member.email) throw new NotFound("invalid link");
  if (newEmail === member.email) throw new ValidationFailed({ email: ["is your address already"] });
  const now = new Date();
  const recent = await db().emailChange.count({
    where: { memberId: member.id, createdAt: { gt: new Date(now.getTime() - 3600 * 1000) } },
  });
  if (recent >= ADDRESS_CHANGES_PER_HOUR) throw new RateLimited(3600, "too many address changes");
  const organization = member.organization.name;
  const change = await db().$transaction(async (tx) => {
    // The previous request's link stops working (its row stays an hour, counted by the limit above); rows past
    // both are removed, anyone's: expired or ended an hour ago, used a day ago.
    await tx.emailChange.updateMany({
      where: { memberId: member.id, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    await tx.emailChange.deleteMany({
      where: { expiresAt: { lte: now }, createdAt: { lt: new Date(now.getTime() - 3600 * 1000) } },
    });
    const row = await tx.emailChange.create({
      data: {
        memberId: member.id,
        oldEmail: member.email!,
        newEmail,
        createdAt: now,
        expiresAt: new Date(now.getTime() + DAY_MS),
      },
    });
    await recordSelfAudit(tx, member.uuid, {
      action: "member.email_change_request",
      objectType: "member",
      objectId: member.id,
      companyId: member.organizationId,
      summary: `member ${member.id}`,
    });
    return row;
  });
  const taken = await db().member.findFirst({
    where: { organizationId: member.organizationId, email: newEmail, id: { not: member.id } },
    select: { id: true },
  });
  try {
    if (taken) await sendAddressTakenNotice({ newEmail, organization, memberUuid: member.uuid }, lang);
    else
      await sendAddressChangeLink(
        {
          id: change.id,
          newEmail,
          organization,
          url: `${siteUrl()}/preferences/address/${addressChangeToken(change)}?lang=${lang}`,
        },
        lang,
      );
  } catch (error) {
    logger().error({ err: error, memberId: member.id }, "address change message not sent");
    throw new UpstreamFailed("the message could not be sent", "mail");
  }
  return { email: newEmail };
}

/**
 * What the link's page shows: the change waiting for its button ("open"), the change this link made ("done": a page
 * without JavaScript comes back rendered anew after the button), or null when the link is no longer good.
 */
export async function addressChangeOf(
  token: string,
): Promise<{ state: "open" | "done"; newEmail: string; organization: string } | null> {
  const now = new Date();
  const change = await changeOf(token, now);
  if (!change) return null;
  const names = { newEmail: change.newEmail, organization: change.member.organization.name };
  if (change.usedAt !== null) return change.member.email === change.newEmail ? { state: "done", ...names } : null;
  return (await openChange(token, now)) ? { state: "open", ...names } : null;
}

/**
 * The link page's button: the address becomes the new one, once (the row is claimed in the transaction that writes
 * it), audited as the member's own change, member.updated emitted; then the old address gets its notice (a failure
 * is logged: the change stands). 404 `invalid link` for a used, expired or altered link; 409 when the address was
 * taken by another member meanwhile.
 */
export async function confirmAddressChange(token: string, lang: Lang): Promise<{ email: string }> {
  const now = new Date();
  const change = await openChange(token, now);
  if (!change) throw new NotFound("invalid link");
  const { member } = change;
  await db().$transaction(async (tx) => {
    const claimed = await tx.emailChange.updateMany({ where: { id: change.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) throw new NotFound("invalid link");
    if (
      await tx.member.findFirst({
        where: { organizationId: member.organizationId, email: change.newEmail },
        select: { id: true },
      })
    )
      throw new Conflict("the address is taken");
    const moved = await tx.member.updateMany({
      where: { id: member.id, email: change.oldEmail, ...liveMember },
      data: { email: change.newEmail },
    });
    if (moved.count !== 1) throw new NotFound("invalid link");
    await emitWebhookEvent(tx, "member.updated", { companyId: member.organizationId }, { member_id: member.id });
    await recordSelfAudit(tx, member.uuid, {
      action: "member.update",
      objectType: "member",
      objectId: member.id,
      companyId: member.organizationId,
      summary: `member ${member.id}: email`,
    });
  });
  await sendAddressChangedNotice(
    { id: change.id, oldEmail: change.oldEmail, newEmail: change.newEmail, organization: member.organization.name },
    lang,
  ).catch((error: unknown) => logger().error({ err: error, memberId: member.id }, "address changed notice not sent"));
  return { email: change.newEmail };
}
