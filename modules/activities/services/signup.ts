// The hosted sign-up with double opt-in. A guardian's form makes a pending ActivitySignup (what was typed, the hash
// of its link's token) and mails the link to the guardian's address; nothing about the child is stored as a member
// until the address owner presses the confirmation page's button. Then, in one transaction: the link is claimed (a
// second press enrolls nothing more), the guardian is found by address or created, the child is found among that
// guardian's children (same names and birthdate) or created, never matched by name alone, the two are linked, the
// consent is recorded with its time and source, and the child is enrolled by the activity's own capacity and waitlist
// rule (participants.ts). The audit entries name the hosted sign-up and the guardian as the actor.
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { randomToken, sha256Hex } from "@/lib/crypto";
import type { Lang } from "@/lib/i18n/lang";
import { liveCompany } from "@/lib/live-records";
import { logger } from "@/lib/logger";
import { normalizeEmail } from "@/lib/validation/email";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { createVisitor, fillEmptyFields } from "@/modules/lists/services/visitor-records";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";
import type { ParticipantStatus } from "../schemas/activity";
import { SIGNUP_CONSENT_KEY, SignupDetails, type SignupInput } from "../schemas/signup";
import { sendSignupConfirmed, sendSignupOptIn, type SignupMailContext } from "../mail/signup-mail";
import { linkGuardian, recordGuardianConsent, wardNamed } from "./families";
import { enrollInTransaction } from "./participants";
import { publicActivity } from "./public-activities";

/** How long a confirmation link works; an unconfirmed sign-up's data is dropped after it (sweepExpiredSignups). */
const SIGNUP_TTL_DAYS = 7;
/** How long an expired link still gets its "expired" page (the row, emptied, is kept that long) instead of "invalid". */
const EXPIRED_PAGE_DAYS = 30;
/** At most this many unconfirmed sign-ups per guardian address an hour: the form cannot flood a mailbox. */
const MAX_PENDING_PER_HOUR = 5;

/** The actor of what a confirmed link does: the hosted sign-up, on behalf of the guardian member. */
export function hostedSignupCaller(guardianUuid: string): Caller {
  return {
    ...operatorCaller(),
    actor: `hosted_signup:member:${guardianUuid}`,
    name: "Hosted sign-up",
    publicVisitor: true,
  };
}

/**
 * The form's post: a pending sign-up and its confirmation message. The answer is the same whatever the address
 * (known member or not), so the form tells nobody who is registered. 404 when the activity is not open.
 */
export async function submitSignup(companyUuid: string, activityId: number, input: SignupInput, lang: Lang) {
  const { organization, activity } = await publicActivity(companyUuid, activityId);
  const now = new Date();
  const email = normalizeEmail(input.guardian_email);
  await sweepExpiredSignups(now);
  const recent = await db().activitySignup.count({
    where: { guardianEmail: email, confirmedAt: null, createdAt: { gt: new Date(now.getTime() - 3600_000) } },
  });
  if (recent >= MAX_PENDING_PER_HOUR) return { email };
  const token = randomToken(32);
  const details: SignupDetails = SignupDetails.parse({ ...input, guardian_email: email });
  const signup = await db().activitySignup.create({
    data: {
      activityId: activity.id,
      details: JSON.stringify(details),
      guardianEmail: email,
      lang,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + SIGNUP_TTL_DAYS * 86_400_000),
    },
  });
  const context = {
    signupId: signup.id,
    lang,
    to: email,
    activityName: activity.name,
    organizationName: organization.name,
    details,
  };
  // Without its message the sign-up cannot be confirmed: it is dropped (and counts against no limit), the form says
  // something went wrong, and the guardian can send it again.
  await sendSignupOptIn(context, token).catch(async (error: unknown) => {
    await db().activitySignup.delete({ where: { id: signup.id } });
    throw error;
  });
  return { email };
}

/**
 * Unconfirmed sign-ups whose link has expired: what was typed about a child and its guardian is not kept without
 * consent, so it is emptied at once; the row (a token hash and the activity) stays a while longer so that the link
 * still gets a page saying it expired, then goes too.
 */
async function sweepExpiredSignups(now: Date): Promise<void> {
  await db().activitySignup.updateMany({
    where: { confirmedAt: null, expiresAt: { lt: now }, NOT: { details: "{}" } },
    data: { details: "{}", guardianEmail: "" },
  });
  await db().activitySignup.deleteMany({
    where: { confirmedAt: null, expiresAt: { lt: new Date(now.getTime() - EXPIRED_PAGE_DAYS * 86_400_000) } },
  });
}

async function signupOfToken(token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return db().activitySignup.findFirst({
    where: { tokenHash: sha256Hex(token), activity: { company: liveCompany } },
    include: { activity: { select: { id: true, name: true, companyId: true, company: { select: { name: true } } } } },
  });
}

type Signup = NonNullable<Awaited<ReturnType<typeof signupOfToken>>>;

export type SignupPageState =
  | { state: "invalid" | "expired" }
  | { state: "pending" | "confirmed"; activity: string; child: string; email: string; status?: ParticipantStatus };

async function participantStatus(signup: Signup): Promise<ParticipantStatus | undefined> {
  if (signup.participantMemberId === null) return undefined;
  const row = await db().activityParticipant.findUnique({
    where: { activityId_memberId: { activityId: signup.activityId, memberId: signup.participantMemberId } },
    select: { status: true },
  });
  return row?.status as ParticipantStatus | undefined;
}

/**
 * The child's name as a page shows it: what was typed while the sign-up waits, the member's own once confirmed (the
 * sign-up keeps no copy then; an erased member shows none).
 */
export async function signedUpChild(signup: { details: string; participantMemberId: number | null }): Promise<string> {
  if (signup.participantMemberId === null) {
    const details = SignupDetails.parse(JSON.parse(signup.details));
    return `${details.child_firstname} ${details.child_lastname}`;
  }
  const child = await db().member.findUnique({
    where: { id: signup.participantMemberId },
    select: { firstname: true, lastname: true },
  });
  return [child?.firstname, child?.lastname].filter(Boolean).join(" ");
}

/** GET /activities/confirm/<token>: what the page asks about. Looking changes nothing (mail scanners open links). */
export async function signupConfirmationPage(token: string, now = new Date()): Promise<SignupPageState> {
  const signup = await signupOfToken(token);
  if (!signup) return { state: "invalid" };
  if (!signup.confirmedAt && signup.expiresAt <= now) return { state: "expired" };
  return {
    state: signup.confirmedAt ? "confirmed" : "pending",
    activity: signup.activity.name,
    child: await signedUpChild(signup),
    email: signup.guardianEmail,
    status: await participantStatus(signup),
  };
}

export type ConfirmOutcome = { state: "invalid" | "expired" } | { state: "confirmed"; status?: ParticipantStatus };

/** The confirmation page's button. Pressing it again (or twice at once) enrolls once and sends one message. */
export async function confirmSignup(token: string, now = new Date()): Promise<ConfirmOutcome> {
  const signup = await signupOfToken(token);
  if (!signup) return { state: "invalid" };
  if (signup.confirmedAt) return { state: "confirmed", status: await participantStatus(signup) };
  if (signup.expiresAt <= now) return { state: "expired" };
  const details = SignupDetails.parse(JSON.parse(signup.details));
  const cancelToken = randomToken(32);
  const done = await db().$transaction(async (tx) => {
    const claimed = await tx.activitySignup.updateMany({
      where: { id: signup.id, confirmedAt: null },
      data: { confirmedAt: now },
    });
    if (claimed.count === 0) return null;
    const { companyId } = signup.activity;
    const guardianId = await createVisitor(tx, companyId, signup.guardianEmail, {}, now);
    await fillEmptyFields(
      tx,
      guardianId,
      { firstname: details.guardian_firstname, lastname: details.guardian_lastname, phone: details.guardian_phone },
      now,
    );
    const guardian = await tx.member.findUniqueOrThrow({ where: { id: guardianId }, select: { uuid: true } });
    const caller = hostedSignupCaller(guardian.uuid);
    const child = {
      firstname: details.child_firstname,
      lastname: details.child_lastname,
      birthdate: details.child_birthdate,
    };
    let childId = await wardNamed(tx, guardianId, child);
    if (childId === null) {
      const created = await tx.member.create({
        data: { uuid: crypto.randomUUID(), organizationId: companyId, ...child },
        select: { id: true },
      });
      childId = created.id;
      await emitWebhookEvent(tx, "member.created", { companyId }, { member_id: childId });
    }
    await linkGuardian(tx, childId, guardianId, details.relation);
    await recordGuardianConsent(
      tx,
      { guardianId, childId, consentKey: SIGNUP_CONSENT_KEY, source: "hosted_signup" },
      now,
    );
    await recordAudit(tx, caller, {
      action: "member.guardian_consent",
      objectType: "member",
      objectId: childId,
      companyId,
      summary: `hosted sign-up to activity ${signup.activityId}: guardian member ${guardianId} (${details.relation}), consent ${SIGNUP_CONSENT_KEY}`,
    });
    const status = await enrollInTransaction(tx, caller, { id: signup.activityId, companyId }, childId);
    await tx.activitySignup.update({
      where: { id: signup.id },
      // What was typed now lives in the members; the sign-up keeps no second copy of a child's or guardian's data.
      data: {
        participantMemberId: childId,
        guardianMemberId: guardianId,
        cancelTokenHash: sha256Hex(cancelToken),
        details: "{}",
        guardianEmail: "",
      },
    });
    return { status };
  });
  if (!done) return { state: "confirmed", status: await participantStatus((await signupOfToken(token))!) };
  const context: SignupMailContext = {
    signupId: signup.id,
    lang: signup.lang === "en" ? "en" : "sv",
    to: signup.guardianEmail,
    activityName: signup.activity.name,
    organizationName: signup.activity.company.name,
    details,
  };
  // The sign-up stands without the message: the page already says the outcome, and staff see it on the roster.
  await sendSignupConfirmed(context, done.status, cancelToken).catch((error: unknown) =>
    logger().error({ err: error, signupId: signup.id }, "sign-up confirmation message not sent"),
  );
  return { state: "confirmed", status: done.status };
}
