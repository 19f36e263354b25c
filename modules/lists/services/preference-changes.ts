// What a person changes about themselves on the preference page beyond switching a list: joining another public list
// of their organization, their name, and their answers to a list's questions. The signed link is the authority (see
// preferences.ts); every change is audited with the actor `member:<uuid>` and emits member.updated like staff's edits.
import "server-only";
import { db, type Tx } from "@/lib/db";
import { NotFound, UpstreamFailed, ValidationFailed } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import { recordSelfAudit } from "@/modules/audit/services/audit";
import { holdPending } from "./confirmations";
import { memberOfToken } from "./preference-member";
import { sendConfirmation, sendWelcome } from "./subscription-mail";
import { activateSubscription } from "./subscriptions";
import { recordConsents } from "./visitor-records";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";

/** A name part as the subscribe form takes it: at most 128 characters, trimmed, empty meaning none. */
export const NAME_MAX_LENGTH = 128;

interface JoinInput {
  listId: number;
  answered: number[];
  termsAccepted: boolean;
}

/** What joining did: subscribed at once, or a confirmation mailed first (the list has double opt-in). */
type JoinOutcome = "subscribed" | "confirmationSent";

/**
 * Joins an active list of the person's organization that they have never been on (those go through
 * setListPreference). A list with double opt-in waits PENDING and mails its confirmation, as the subscribe page does
 * (holdPending, sendConfirmation): the answers and the consent are applied at the click. Otherwise the subscription is
 * active at once (under the cap, 429 at it), the consent to the list's term recorded when given, the answers stored.
 * A list that requires consent refuses without it (400 on terms_accepted), as the hosted form does.
 */
export async function joinList(token: string, input: JoinInput, lang: Lang): Promise<JoinOutcome> {
  const member = await memberOfToken(token);
  const list = await db().subscriptionList.findFirst({
    where: {
      id: input.listId,
      companyId: member.organizationId,
      isActive: true,
      subscriptions: { none: { memberId: member.id } },
    },
    select: {
      id: true,
      name: true,
      companyId: true,
      termId: true,
      consentRequired: true,
      doubleOptIn: true,
      welcomeSubject: true,
      questions: { select: { propertyId: true } },
    },
  });
  if (!list || !member.email) throw new NotFound("list not found");
  if (list.termId && list.consentRequired && !input.termsAccepted) {
    const refused = new ValidationFailed({ terms_accepted: ["the list's consent must be accepted"] });
    refused.issueKeys = { terms_accepted: ["consent_required"] };
    throw refused;
  }
  const ownQuestions = new Set(list.questions.map((q) => q.propertyId));
  const answered = [...new Set(input.answered)].filter((id) => ownQuestions.has(id));
  const termsAccepted = list.termId !== null && input.termsAccepted;
  const now = new Date();
  if (list.doubleOptIn) {
    const held = await db().$transaction(async (tx) => {
      const result = await holdPending(
        tx,
        list.id,
        member.id,
        { answered_prop_ids: answered, terms_accepted: termsAccepted, lang },
        now,
      );
      await recordSelfAudit(tx, member.uuid, {
        action: "subscription.request_confirmation",
        objectType: "subscription",
        objectId: `${list.id}:${member.id}`,
        companyId: list.companyId,
        summary: `${member.email} on ${list.name}`,
      });
      return result;
    });
    // The person should know when the mail server refused: they would wait for a message that never comes.
    if (held.send && !(await sendConfirmation(held.subscription.id, lang)))
      throw new UpstreamFailed("the confirmation could not be sent", "mail");
    return "confirmationSent";
  }
  const activation = await db().$transaction(async (tx) => {
    if (member.globalOptOutAt) await tx.member.update({ where: { id: member.id }, data: { globalOptOutAt: null } });
    if (termsAccepted) await recordConsents(tx, [member.id], list.termId!, list.id, now);
    if (await replaceAnswers(tx, member.id, [...ownQuestions], answered))
      await recordSelfChange(tx, member, ["prop_ids"]);
    return activateSubscription(tx, list.id, member.id, "PUBLIC_FORM", {
      enforceCap: true,
      confirmedVia: "PREFERENCES",
      publicChange: { companyId: list.companyId, channel: "preferences" },
    });
  });
  if (activation.activated && list.welcomeSubject) await sendWelcome(activation.id, lang);
  return "subscribed";
}

/** The member's answers among `questions` become exactly `answered`: the rest of their properties stay as they are. */
async function replaceAnswers(tx: Tx, memberId: number, questions: number[], answered: number[]): Promise<boolean> {
  const had = await tx.memberProperty.findMany({
    where: { memberId, propertyId: { in: questions } },
    select: { propertyId: true },
  });
  const before = new Set(had.map((p) => p.propertyId));
  const removed = [...before].filter((id) => !answered.includes(id));
  const added = answered.filter((id) => !before.has(id));
  if (removed.length) await tx.memberProperty.deleteMany({ where: { memberId, propertyId: { in: removed } } });
  if (added.length) await tx.memberProperty.createMany({ data: added.map((propertyId) => ({ memberId, propertyId })) });
  return removed.length + added.length > 0;
}

/** Audit entry and webhook event of a change to the member's own fields (`fields`: the audit log's field codes). */
async function recordSelfChange(
  tx: Tx,
  member: { id: number; uuid: string; organizationId: string },
  fields: string[],
): Promise<void> {
  await emitWebhookEvent(tx, "member.updated", { companyId: member.organizationId }, { member_id: member.id });
  await recordSelfAudit(tx, member.uuid, {
    action: "member.update",
    objectType: "member",
    objectId: member.id,
    companyId: member.organizationId,
    summary: `member ${member.id}: ${fields.join(", ")}`,
  });
}

/** First and last name as typed (trimmed; empty clears). Nothing is written, or audited, when neither changed. */
export async function saveName(token: string, name: { firstname: string; lastname: string }): Promise<void> {
  const member = await memberOfToken(token);
  const next = { firstname: name.firstname.trim() || null, lastname: name.lastname.trim() || null };
  const tooLong = Object.entries(next).filter(([, value]) => (value?.length ?? 0) > NAME_MAX_LENGTH);
  if (tooLong.length)
    throw new ValidationFailed(
      Object.fromEntries(tooLong.map(([field]) => [field, [`must be at most ${NAME_MAX_LENGTH} characters`]])),
    );
  const changed = (["firstname", "lastname"] as const).filter((field) => next[field] !== member[field]);
  if (changed.length === 0) return;
  await db().$transaction(async (tx) => {
    await tx.member.update({ where: { id: member.id }, data: next });
    await recordSelfChange(tx, member, [...changed]);
  });
}

/**
 * The answers to one list's questions, on a list the person is on (subscribed or waiting): the list's questions the
 * person ticked become their answers, the others are taken away. Other properties are not touched.
 */
export async function saveAnswers(token: string, listId: number, answered: number[]): Promise<void> {
  const member = await memberOfToken(token);
  const list = await db().subscriptionList.findFirst({
    where: { id: listId, subscriptions: { some: { memberId: member.id, status: { in: ["SUBSCRIBED", "PENDING"] } } } },
    select: { questions: { select: { propertyId: true } } },
  });
  if (!list || list.questions.length === 0) throw new NotFound("list not found");
  const questions = list.questions.map((q) => q.propertyId);
  await db().$transaction(async (tx) => {
    if (
      await replaceAnswers(
        tx,
        member.id,
        questions,
        [...new Set(answered)].filter((id) => questions.includes(id)),
      )
    )
      await recordSelfChange(tx, member, ["prop_ids"]);
  });
}
