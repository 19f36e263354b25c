// The preference page (/preferences/<token>): a person's own lists of one organization, switched on and off, the
// global opt-out and its undo, their data as JSON, and erasure confirmed by email. Joining other lists, the name and
// the answers are preference-changes.ts; a change of address is address-change.ts. The token (a signed link that only
// ever travels in mail to the member's own address) is the authority: holding it is what confirming by email proves,
// so switching a list on here counts as the owner's consent (confirmedVia PREFERENCES).
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import { recordPublicSubscriptionChange } from "@/modules/audit/services/audit";
import { eraseMember } from "@/modules/members/services/changes";
import { memberOf, memberOfToken, selfCaller } from "./preference-member";
import { sendErasureConfirmation } from "./subscription-mail";
import { activateSubscription, deactivateSubscription, optOutEverywhere, restorePendingRequest } from "./subscriptions";
import { memberUuidOfErasureToken } from "./unsubscribe-links";

/** A question of a list, with its group (the subscribe form asks a group's questions under the group's name). */
export interface PreferenceQuestion {
  prop_id: number;
  name: string;
  descr: string;
  group_name: string;
  group_descr: string | null;
}

interface PreferenceList {
  id: number;
  name: string;
  description: string | null;
  status: string;
  /** An inactive list can be left but not joined. */
  open: boolean;
  questions: PreferenceQuestion[];
}

/** A public list of the organization the person has never been on, with what its subscribe form asks. */
interface OtherList extends Omit<PreferenceList, "status" | "open"> {
  doubleOptIn: boolean;
  term: { name: string; html: string } | null;
  consentRequired: boolean;
}

const listColumns = {
  id: true,
  name: true,
  description: true,
  questions: {
    orderBy: [{ position: "asc" as const }, { propertyId: "asc" as const }],
    select: {
      property: { select: { id: true, name: true, descr: true, group: { select: { name: true, descr: true } } } },
    },
  },
} satisfies Prisma.SubscriptionListSelect;

type QuestionRows = {
  property: { id: number; name: string; descr: string; group: { name: string; descr: string | null } };
}[];

const questionsOf = (rows: QuestionRows): PreferenceQuestion[] =>
  rows.map(({ property }) => ({
    prop_id: property.id,
    name: property.name,
    descr: property.descr,
    group_name: property.group.name,
    group_descr: property.group.descr,
  }));

/**
 * What the page shows: the organization's lists the person is or was on (subscribed, pending or ended) with their
 * questions, the organization's other active lists to join, the person's name and answers, and an address change
 * waiting for its click.
 */
export async function preferencesOf(token: string) {
  const member = await memberOfToken(token);
  const [subscriptions, others, answers, addressChange] = await Promise.all([
    db().subscription.findMany({
      where: { memberId: member.id },
      orderBy: { list: { name: "asc" } },
      select: { status: true, list: { select: { ...listColumns, isActive: true } } },
    }),
    db().subscriptionList.findMany({
      where: { companyId: member.organizationId, isActive: true, subscriptions: { none: { memberId: member.id } } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: {
        ...listColumns,
        doubleOptIn: true,
        consentRequired: true,
        term: { select: { name: true, html: true } },
      },
    }),
    db().memberProperty.findMany({ where: { memberId: member.id }, select: { propertyId: true } }),
    db().emailChange.findFirst({
      where: { memberId: member.id, usedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: "desc" },
      select: { newEmail: true },
    }),
  ]);
  const lists: PreferenceList[] = subscriptions.map(({ status, list }) => ({
    id: list.id,
    name: list.name,
    description: list.description,
    status,
    open: list.isActive,
    questions: questionsOf(list.questions),
  }));
  const otherLists: OtherList[] = others.map((list) => ({
    id: list.id,
    name: list.name,
    description: list.description,
    questions: questionsOf(list.questions),
    doubleOptIn: list.doubleOptIn,
    term: list.term,
    consentRequired: list.term !== null && list.consentRequired,
  }));
  return {
    email: member.email,
    firstname: member.firstname,
    lastname: member.lastname,
    organization: member.organization.name,
    optedOutAt: member.globalOptOutAt,
    lists,
    otherLists,
    answered: answers.map((a) => a.propertyId),
    pendingAddress: addressChange?.newEmail ?? null,
  };
}

export type Preferences = Awaited<ReturnType<typeof preferencesOf>>;

/**
 * One list on or off. On: the subscription becomes active (under the cap, 429 at it), confirmed by the owner through
 * this page, and a global opt-out ends (the person chose a list again). Only lists the person is or was on.
 */
export async function setListPreference(token: string, listId: number, subscribed: boolean): Promise<void> {
  const member = await memberOfToken(token);
  const row = await db().subscription.findUnique({
    where: { listId_memberId: { listId, memberId: member.id } },
    select: { list: { select: { isActive: true, companyId: true } } },
  });
  if (!row || (subscribed && !row.list.isActive)) throw new NotFound("list not found");
  const audit = {
    subscribed,
    listId,
    memberId: member.id,
    companyId: row.list.companyId,
    channel: "preferences",
  } as const;
  await db().$transaction(async (tx) => {
    if (!subscribed) {
      if (await deactivateSubscription(tx, listId, member.id, "PREFERENCES"))
        await recordPublicSubscriptionChange(tx, audit);
      return;
    }
    if (member.globalOptOutAt) await tx.member.update({ where: { id: member.id }, data: { globalOptOutAt: null } });
    await activateSubscription(tx, listId, member.id, "PUBLIC_FORM", {
      enforceCap: true,
      confirmedVia: "PREFERENCES",
      publicChange: { companyId: audit.companyId, channel: audit.channel },
    });
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
    const ended = await tx.subscription.findMany({
      where: {
        memberId: member.id,
        status: "UNSUBSCRIBED",
        unsubscribedVia: "OPT_OUT",
        unsubscribedAt: { gte: optedOutAt },
      },
      orderBy: { listId: "asc" },
      select: {
        id: true,
        listId: true,
        memberId: true,
        endedWhilePending: true,
        list: { select: { companyId: true } },
      },
    });
    for (const row of ended) {
      const publicChange = { companyId: row.list.companyId, channel: "preferences" as const };
      // A request nobody confirmed comes back as that request, never as a subscription (the same rule as the list's undo).
      if (row.endedWhilePending) await restorePendingRequest(tx, row, publicChange);
      else
        await activateSubscription(tx, row.listId, member.id, "PUBLIC_FORM", {
          enforceCap: false,
          confirmedVia: "PREFERENCES",
          publicChange,
        });
    }
  });
}

/** "Download my data": what is stored about the person, as JSON (GDPR art. 15 and 20). */
export async function dataOf(token: string) {
  const member = await memberOfToken(token);
  const [consents, subscriptions, sendouts, properties] = await Promise.all([
    db().memberConsent.findMany({
      where: { memberId: member.id },
      orderBy: { acceptedAt: "asc" },
      include: { term: { select: { name: true, html: true } }, sourceList: { select: { name: true } } },
    }),
    db().subscription.findMany({
      where: { memberId: member.id },
      orderBy: { id: "asc" },
      include: { list: { select: { name: true } } },
    }),
    db().sendoutRecipient.findMany({
      where: { memberId: member.id },
      orderBy: { id: "asc" },
      include: { sendout: { select: { subject: true } } },
    }),
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
    consents: consents.map((c) => ({
      term: c.term.name,
      text: c.term.html,
      list: c.sourceList?.name ?? null,
      accepted_at: iso(c.acceptedAt),
    })),
    subscriptions: subscriptions.map((s) => ({
      list: s.list.name,
      status: s.status,
      source: s.source,
      subscribed_at: iso(s.subscribedAt),
      unsubscribed_at: iso(s.unsubscribedAt),
      confirmed_at: iso(s.confirmedAt),
      confirmed_via: s.confirmedVia,
    })),
    sendouts_received: sendouts.map((r) => ({
      subject: r.sendout.subject,
      email: r.email,
      status: r.status,
      sent_at: iso(r.sentAt),
    })),
  };
}

/** Asks for erasure: a link that confirms it goes to the member's address (throws when it cannot be sent). */
export async function requestErasure(token: string, lang: Lang): Promise<void> {
  const member = await memberOfToken(token);
  if (!member.email) throw new NotFound("invalid link");
  await sendErasureConfirmation(
    { uuid: member.uuid, email: member.email, organizationName: member.organization.name },
    lang,
  );
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
  // An address change waiting for its click holds an address too.
  await db().emailChange.deleteMany({ where: { memberId: member.id } });
}
