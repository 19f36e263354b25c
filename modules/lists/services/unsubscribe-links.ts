// Links that sendouts carry: the per-list unsubscribe link (also the RFC 8058 List-Unsubscribe one-click target) and
// the global opt-out link with a signed token. The token is an HMAC over purpose, member and expiry, so it works for
// that member, for that purpose, until it expires, and cannot be made without LINK_SIGNING_SECRET.
import "server-only";
import { constantTimeEqual, hmacSha256 } from "@/lib/crypto";
import { env } from "@/lib/env";
import { db } from "@/lib/db";
import { requireModule, requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { memberInScope } from "@/modules/members/services/members";

// Each signed link names its purpose, so a token made for one (the global opt-out) opens nothing else (the
// preference page). Add a purpose here rather than a second signing scheme.
type LinkPurpose = "global-opt-out" | "preferences" | "confirm-subscription" | "confirm-erasure";

const DAY = 24 * 3600;
/** How long a double opt-in confirmation link works; a PENDING subscription expires with it (docs/api.md "Double opt-in"). */
export const CONFIRMATION_TTL_DAYS = 7;

function signature(purpose: LinkPurpose, subject: string, expiresAt: number): string {
  return hmacSha256(env().LINK_SIGNING_SECRET, `${purpose}|${subject}|${expiresAt}`);
}

function signedToken(
  purpose: LinkPurpose,
  subject: string,
  now: number,
  ttlSeconds = env().OPT_OUT_LINK_TTL_DAYS * DAY,
): string {
  const expiresAt = Math.floor(now / 1000) + ttlSeconds;
  return `${expiresAt}.${signature(purpose, subject, expiresAt)}`;
}

function isValidSignedToken(purpose: LinkPurpose, subject: string, token: string, now: number): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  const valid = constantTimeEqual(match[2], signature(purpose, subject, expiresAt));
  return valid && expiresAt * 1000 > now;
}

export function globalOptOutToken(memberUuid: string, now = Date.now()): string {
  return signedToken("global-opt-out", memberUuid, now);
}

export function isValidGlobalOptOutToken(memberUuid: string, token: string, now = Date.now()): boolean {
  return isValidSignedToken("global-opt-out", memberUuid, token, now);
}

/**
 * The preference page's path segment: `<member uuid>.<expiry>.<signature>`. Whoever holds it sees and changes that
 * member's lists, so it travels only in mail to the member's own address.
 */
export function preferencesToken(memberUuid: string, now = Date.now()): string {
  return `${memberUuid}.${signedToken("preferences", memberUuid, now)}`;
}

/** The member uuid a preference-page token was made for, or null when it is forged, altered or expired. */
export function memberUuidOfPreferencesToken(token: string, now = Date.now()): string | null {
  return subjectOfToken("preferences", /^[0-9a-f-]{36}$/, token, now);
}

/** `<subject>.<expiry>.<signature>`'s subject when it matches `shape` and the signature holds for `purpose`. */
function subjectOfToken(purpose: LinkPurpose, shape: RegExp, token: string, now: number): string | null {
  const dot = token.indexOf(".");
  if (dot < 0) return null;
  const subject = token.slice(0, dot);
  return shape.test(subject) && isValidSignedToken(purpose, subject, token.slice(dot + 1), now) ? subject : null;
}

/**
 * The path segment of /confirm/<token>: a PENDING subscription's id and the nonce of the one confirmation message it
 * went out in (`<id>_<nonce>`), valid for CONFIRMATION_TTL_DAYS. The row is reused by later requests; the nonce ties
 * the link to the request (and the data) it was sent for.
 */
export function confirmationToken(subscriptionId: number, nonce: string, now = Date.now()): string {
  const subject = `${subscriptionId}_${nonce}`;
  return `${subject}.${signedToken("confirm-subscription", subject, now, CONFIRMATION_TTL_DAYS * DAY)}`;
}

export function confirmationOfToken(token: string, now = Date.now()): { subscriptionId: number; nonce: string } | null {
  const subject = subjectOfToken("confirm-subscription", /^[1-9][0-9]{0,9}_[A-Za-z0-9_-]{16,64}$/, token, now);
  if (subject === null) return null;
  const split = subject.indexOf("_");
  return { subscriptionId: Number(subject.slice(0, split)), nonce: subject.slice(split + 1) };
}

/** The erasure confirmation link's token: a member uuid, valid for a day (the request is fresh in the person's mind). */
export function erasureToken(memberUuid: string, now = Date.now()): string {
  return `${memberUuid}.${signedToken("confirm-erasure", memberUuid, now, DAY)}`;
}

export function memberUuidOfErasureToken(token: string, now = Date.now()): string | null {
  return subjectOfToken("confirm-erasure", /^[0-9a-f-]{36}$/, token, now);
}

export function siteUrl(): string {
  return (env().SITE_URL ?? `http://localhost:${env().PORT}`).replace(/\/$/, "");
}

export function listUnsubscribeUrl(listUuid: string, memberUuid: string): string {
  return `${siteUrl()}/v3/subscription_list/unsubscribe/${listUuid}/${memberUuid}`;
}

export function preferencesUrl(memberUuid: string): string {
  return `${siteUrl()}/preferences/${preferencesToken(memberUuid)}`;
}

export function confirmationUrl(subscriptionId: number, nonce: string, lang: string): string {
  return `${siteUrl()}/confirm/${confirmationToken(subscriptionId, nonce)}?lang=${lang}`;
}

export function erasureUrl(memberUuid: string, lang: string): string {
  return `${siteUrl()}/preferences/erase/${erasureToken(memberUuid)}?lang=${lang}`;
}

export function globalOptOutUrl(memberUuid: string): string {
  return `${siteUrl()}/v3/subscription_list/unsubscribe/all/${memberUuid}?token=${globalOptOutToken(memberUuid)}`;
}

/** The links a sendout puts in a member's message, per list the member is subscribed to, plus the global opt-out. */
export async function sendoutLinksForMember(caller: Caller, memberId: number) {
  requireModule(caller, "subscription_list");
  // The links unsubscribe the member: only for those who may do that themselves (access-checks visibleMemberUuid).
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  await memberInScope(caller, memberId);
  const member = await db().member.findUniqueOrThrow({
    where: { id: memberId },
    select: {
      uuid: true,
      email: true,
      subscriptions: { where: { status: "SUBSCRIBED" }, select: { list: { select: { uuid: true, name: true } } } },
    },
  });
  return {
    member_id: memberId,
    email: member.email,
    global_opt_out_url: globalOptOutUrl(member.uuid),
    lists: member.subscriptions.map(({ list }) => ({
      list_uuid: list.uuid,
      name: list.name,
      unsubscribe_url: listUnsubscribeUrl(list.uuid, member.uuid),
      // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" to the List-Unsubscribe URL.
      headers: {
        "List-Unsubscribe": `<${listUnsubscribeUrl(list.uuid, member.uuid)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    })),
  };
}
