// The preference page (/preferences/<token>): a person's own lists of one organization, switched on and off, the
// global opt-out and its undo, their data as JSON, and erasure confirmed by email. The token (a signed link that only
// ever travels in mail to the member's own address) is the authority: holding it is what confirming by email proves,
// so switching a list on here counts as the owner's consent (confirmedVia PREFERENCES).
import "server-only";
import { db } from "../db";
import { NotFound } from "../errors";
import type { Lang } from "../i18n/lang";
import { operatorCaller, type Caller } from "./caller";
import { recordPublicSubscriptionChange } from "./audit";
import { liveMember } from "./live-records";
import { eraseMember } from "./member-changes";
import { sendErasureConfirmation } from "./subscription-mail";
import { activateSubscription, deactivateSubscription, optOutEverywhere } from "./subscriptions";
import { memberUuidOfErasureToken, memberUuidOfPreferencesToken } from "./unsubscribe-links";

/** The member a valid token names, if it still exists; a forged, expired or erased one is 404 `invalid link`. */
async function memberOf(uuid: string | null) {
  const member = uuid ? await db().member.findFirst({ where: { uuid, ...liveMember }, include: { organization: { select: { name: true } } } }) : null;
  if (!member) throw new NotFound("invalid link");
  return member;
}

const memberOfToken = (token: string) => memberOf(memberUuidOfPreferencesToken(token));

interface PreferenceList {
  id: number;
  name: string;
  description: string | null;
  status: string;
  /** An inactive list can be left but not joined. */
  open: boolean;
}

/** What the page shows: the organization's lists the person is or was on (subscribed, pending or ended). */
export async function preferencesOf(token: string) {
  const member = await memberOfToken(token);
  const subscriptions = await db().subscription.findMany({
    where: { memberId: member.id },
    orderBy: { list: { name: "asc" } },
    select: { status: true, list: { select: { id: true, name: true, description: true, isActive: true } } },
  });
  const lists: PreferenceList[] = subscriptions.map(({ status, list }) => ({ id: list.id, name: list.name, description: list.description, status, open: list.isActive }));
  return { email: member.email, organization: member.organization.name, optedOutAt: member.globalOptOutAt, lists };
}

/**
 * One list on or off. On: the subscription becomes active (under the cap, 429 at it), confirmed by the owner through
 * this page, and a global opt-out ends (the person chose a list again). Only lists the person is or was on.
 */
export async function setListPreference(token: string, listId: number, subscribed: boolean): Promise<void> {
  const member = await memberOfToken(token);
  const row = await db().subscription.findUnique({ where: { listId_memberId: { listId, memberId: member.id } }, select: { list: { select: { isActive: true, companyId: true } } } });
  if (!row || (subscribed && !row.list.isActive)) throw new NotFound("list not found");
  const audit = { subscribed, listId, memberId: member.id, companyId: row.list.companyId, channel: "preferences" } as const;
  await db().$transaction(async (tx) => {
    if (!subscribed) {
      if (await deactivateSubscription(tx, listId, member.id, "PREFERENCES")) await recordPublicSubscriptionChange(tx, audit);
      return;
    }
    if (member.globalOptOutAt) await tx.member.update({ where: { id: member.id }, data: { globalOptOutAt: null } });
    await activateSubscription(tx, listId, member.id, "PUBLIC_FORM", { enforceCap: true, confirmedVia: "PREFERENCES", publicChange: { companyId: audit.companyId, channel: audit.channel } });
  });
}

export async function optOutOfEverything(token: string): Promise<void> {
  const member = await memberOfToken(token);
  await optOutEverywhere(member.uuid);
}

/** Undoes the global opt-out: it ends, and the subscriptions it ended are active again (the slots they just had). */
export async function undoOptOut(token: string): Promise<void> {
  const member = await memberOfToken(token);
  if (!member.globalOptOutAt) return;
  const optedOutAt = member.globalOptOutAt;
  await db().$transaction(async (tx) => {
    await tx.member.update({ where: { id: member.id }, data: { globalOptOutAt: null } });
    // In list order, as the opt-out recorded them (optOutEverywhere).
    const ended = await tx.subscription.findMany({ where: { memberId: member.id, status: "UNSUBSCRIBED", unsubscribedVia: "OPT_OUT", unsubscribedAt: { gte: optedOutAt } }, orderBy: { listId: "asc" }, select: { listId: true, list: { select: { companyId: true } } } });
    for (const { listId, list } of ended) {
      await activateSubscription(tx, listId, member.id, "PUBLIC_FORM", { enforceCap: false, confirmedVia: "PREFERENCES", publicChange: { companyId: list.companyId, channel: "preferences" } });
    }
  });
}

/** "Download my data": what is stored about the person, as JSON (GDPR art. 15 and 20). */
export async function dataOf(token: string) {
  const member = await memberOfToken(token);
  const [consents, subscriptions, sendouts, properties] = await Promise.all([
    db().memberConsent.findMany({ where: { memberId: member.id }, orderBy: { acceptedAt: "asc" }, include: { term: { select: { name: true, html: true } }, sourceList: { select: { name: true } } } }),
    db().subscription.findMany({ where: { memberId: member.id }, orderBy: { id: "asc" }, include: { list: { select: { name: true } } } }),
    db().sendoutRecipient.findMany({ where: { memberId: member.id }, orderBy: { id: "asc" }, include: { sendout: { select: { subject: true } } } }),
    db().memberProperty.findMany({ where: { memberId: member.id }, include: { property: { select: { name: true } } } }),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    organization: member.organization.name,
    exported_at: new Date().toISOString(),
    member: {
      email: member.email,
      firstname: member.firstname,
      lastname: member.lastname,
      phone: member.phone,
      birthdate: member.birthdate,
      street: member.street,
      zipcode: member.zipcode,
      post: member.post,
      created_at: iso(member.createdAt),
      global_opt_out_at: iso(member.globalOptOutAt),
      answers: properties.map((p) => p.property.name),
    },
    consents: consents.map((c) => ({ term: c.term.name, text: c.term.html, list: c.sourceList?.name ?? null, accepted_at: iso(c.acceptedAt) })),
    subscriptions: subscriptions.map((s) => ({
      list: s.list.name,
      status: s.status,
      source: s.source,
      subscribed_at: iso(s.subscribedAt),
      unsubscribed_at: iso(s.unsubscribedAt),
      confirmed_at: iso(s.confirmedAt),
      confirmed_via: s.confirmedVia,
    })),
    sendouts_received: sendouts.map((r) => ({ subject: r.sendout.subject, email: r.email, status: r.status, sent_at: iso(r.sentAt) })),
  };
}

/** Asks for erasure: a link that confirms it goes to the member's address (throws when it cannot be sent). */
export async function requestErasure(token: string, lang: Lang): Promise<void> {
  const member = await memberOfToken(token);
  if (!member.email) throw new NotFound("invalid link");
  await sendErasureConfirmation({ uuid: member.uuid, email: member.email, organizationName: member.organization.name }, lang);
}

/** The person, through their own signed link: recorded in the audit log as such. */
function selfCaller(uuid: string): Caller {
  return { ...operatorCaller(), actor: `member:${uuid}`, name: "The member (preference page)" };
}

/** Whether an erasure link is valid (the page asks before anything happens). */
export async function erasureLinkIsValid(token: string): Promise<boolean> {
  return memberOf(memberUuidOfErasureToken(token)).then(
    () => true,
    () => false,
  );
}

/** The erasure link's button: the same erasure as DELETE /v3/member/{id}. */
export async function confirmErasure(token: string): Promise<void> {
  const member = await memberOf(memberUuidOfErasureToken(token));
  await eraseMember(selfCaller(member.uuid), member.id);
}
