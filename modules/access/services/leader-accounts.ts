// Dashboard accounts of activities' leaders (role LEADER, caller.ts). Staff invite a leader by mail: the link carries
// a random token of which only its SHA-256 is stored, works once and for LEADER_INVITATION_TTL_HOURS, and only the
// newest link for an address works. Following it, the leader chooses a password and becomes a LEADER user linked to
// the member. A leader who has an account already gets a sign-in link instead. Both are audited.
import "server-only";
import { hash } from "@node-rs/argon2";
import { randomToken, sha256Hex } from "@/lib/crypto";
import { db, isUniqueViolation, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { Forbidden, ValidationFailed } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import { mailMessageId } from "@/lib/mail/message-id";
import { sendMail } from "@/lib/mail/transport";
import { normalizeEmail } from "@/lib/validation/email";
import { recordAudit } from "@/modules/audit/services/audit";
import { siteUrl } from "@/modules/lists/services/unsubscribe-links";
import { renderLeaderInvitationMail } from "../mail/leader-invitation";
import { LEADER_ROLE } from "../schemas/access";
import { LEADER_INVITATION_TTL_HOURS } from "../schemas/leader";
import { requireAdminRole } from "./access-checks";
import { createAccessGroup } from "./access-groups";
import { adminUserCaller, type Caller } from "./caller";

const tokenHashOf = (token: string) => sha256Hex(token);

export interface LeaderInvitationInput {
  memberId: number;
  /** The activity's company: the leader's access group names it (the users screen shows whose leader it is). */
  companyId: string;
  email: string;
  name: string;
  activityName: string;
  organizationName: string;
  lang: Lang;
}

/**
 * Invites a leader, or sends one who has a LEADER account a sign-in link (linking the account to the member when it
 * had none). An address of a staff account, or of another member's leader account, is refused: an invitation never
 * changes what an existing account reaches. The caller's right to invite for the activity is checked by the caller
 * (modules/activities/services/leader-invitations.ts); managing users needs the ADMIN role, checked here too.
 */
export async function inviteLeader(
  caller: Caller,
  input: LeaderInvitationInput,
): Promise<{ sent: "invitation" | "sign_in" }> {
  requireAdminRole(caller);
  const email = normalizeEmail(input.email);
  const existing = await db().adminUser.findUnique({
    where: { email },
    select: { id: true, role: true, memberId: true },
  });
  if (existing && existing.role !== LEADER_ROLE) {
    throw new ValidationFailed({ email: ["a staff account uses that email"] });
  }
  if (existing && existing.memberId !== null && existing.memberId !== input.memberId) {
    throw new ValidationFailed({ email: ["another leader's account uses that email"] });
  }
  const signInUrl = `${siteUrl()}/admin/login`;
  if (existing) {
    await db().$transaction(async (tx) => {
      if (existing.memberId === null) {
        await tx.adminUser.update({ where: { id: existing.id }, data: { memberId: input.memberId } });
      }
      await recordAudit(tx, caller, {
        action: "leader.invite",
        objectType: "admin_user",
        objectId: existing.id,
        companyId: input.companyId,
        summary: `${email}: sign-in link as leader of ${input.activityName}`,
      });
    });
    const mail = await renderLeaderInvitationMail({ ...mailTexts(input), url: null, signInUrl });
    await sendMail({
      to: email,
      ...mail,
      messageId: mailMessageId("leader-sign-in", `${existing.id}-${randomToken(8)}`, env().MAIL_FROM),
    });
    return { sent: "sign_in" };
  }
  const token = randomToken(32);
  const invitation = await db().$transaction(async (tx) => {
    // Only the newest link for an address works.
    await tx.leaderInvitation.deleteMany({ where: { email, usedAt: null } });
    const created = await tx.leaderInvitation.create({
      data: {
        tokenHash: tokenHashOf(token),
        email,
        name: input.name,
        memberId: input.memberId,
        companyId: input.companyId,
        invitedBy: caller.actor,
        expiresAt: new Date(Date.now() + LEADER_INVITATION_TTL_HOURS * 3_600_000),
      },
      select: { id: true },
    });
    await recordAudit(tx, caller, {
      action: "leader.invite",
      objectType: "member",
      objectId: input.memberId,
      companyId: input.companyId,
      summary: `${email}: invited as leader of ${input.activityName}`,
    });
    return created;
  });
  const url = `${siteUrl()}/admin/leader-invitation?token=${encodeURIComponent(token)}`;
  const mail = await renderLeaderInvitationMail({ ...mailTexts(input), url, signInUrl });
  await sendMail({ to: email, ...mail, messageId: mailMessageId("leader-invitation", invitation.id, env().MAIL_FROM) });
  return { sent: "invitation" };
}

function mailTexts(input: LeaderInvitationInput) {
  return { lang: input.lang, name: input.name, activity: input.activityName, organization: input.organizationName };
}

async function usableInvitation(token: string) {
  const invitation = await db().leaderInvitation.findUnique({ where: { tokenHash: tokenHashOf(token) } });
  if (!invitation || invitation.usedAt || invitation.expiresAt <= new Date()) return null;
  return invitation;
}

/** The invited leader's name and address while the link works, else null. Changes nothing (mail scanners open links). */
export async function leaderInvitationFor(token: string): Promise<{ name: string; email: string } | null> {
  const invitation = token.length <= 200 ? await usableInvitation(token) : null;
  return invitation && { name: invitation.name, email: invitation.email };
}

const LINK_INVALID = () => new ValidationFailed({ token: ["the link is no longer valid"] });

/** Makes the LEADER account of an invitation with the password chosen; the link is used up. */
export async function acceptLeaderInvitation(input: { token: string; password: string }): Promise<{ email: string }> {
  const invitation = await usableInvitation(input.token);
  if (!invitation) throw LINK_INVALID();
  const passwordHash = await hash(input.password);
  try {
    await db().$transaction(async (tx) => {
      const now = new Date();
      // Claimed atomically: of two submissions of one link, one wins.
      const claimed = await tx.leaderInvitation.updateMany({
        where: { id: invitation.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) throw LINK_INVALID();
      const user = await insertLeaderUser(tx, { ...invitation, passwordHash });
      await recordAudit(tx, adminUserCaller(user, user.accessGroup), {
        action: "admin_user.create",
        objectType: "admin_user",
        objectId: user.id,
        companyId: invitation.companyId,
        summary: `${invitation.email} (${LEADER_ROLE}) through an invitation of ${invitation.invitedBy}`,
      });
    });
  } catch (error) {
    // An account with the address was made since the invitation: the link cannot make a second one.
    if (isUniqueViolation(error)) throw LINK_INVALID();
    throw error;
  }
  return { email: invitation.email };
}

/** The LEADER user of a member. What it reaches comes from its member, not from this group (caller.ts); the group names the activity's company, so the users screen shows whose leader it is. */
async function insertLeaderUser(
  tx: Tx,
  input: { email: string; name: string; passwordHash: string; memberId: number; companyId: string },
) {
  const group = await createAccessGroup(
    `leader ${input.email}`,
    {
      modules: ["activity"],
      permissions: ["ATTENDANCE.U"],
      company_ids: [input.companyId],
      include_descendants: false,
    },
    tx,
  );
  return tx.adminUser.create({
    data: {
      email: input.email,
      name: input.name,
      passwordHash: input.passwordHash,
      role: LEADER_ROLE,
      memberId: input.memberId,
      accessGroupId: group.id,
    },
    include: { accessGroup: { include: { companies: true } } },
  });
}

/** A LEADER user made by the operator without an invitation (the demo's leader login). Audited. */
export async function createLeaderUser(
  caller: Caller,
  input: { email: string; name: string; password: string; memberId: number; companyId: string },
): Promise<{ id: number }> {
  if (caller.kind !== "operator") throw new Forbidden("only the operator makes a leader's account directly");
  const email = normalizeEmail(input.email);
  const passwordHash = await hash(input.password);
  return db().$transaction(async (tx) => {
    const user = await insertLeaderUser(tx, { ...input, email, passwordHash });
    await recordAudit(tx, caller, {
      action: "admin_user.create",
      objectType: "admin_user",
      objectId: user.id,
      companyId: input.companyId,
      summary: `${email} (${LEADER_ROLE})`,
    });
    return { id: user.id };
  });
}
