// The authorization matrix of every server action, as a table: per action what its wrapper demands, fresh arguments
// naming objects in scope, and per column the exact outcome or why the cell does not apply. Read by
// tests/integration/action-authorization-matrix.test.ts, which calls every cell over HTTP and holds the table against
// the build's manifest and the sources.
//
// Outcomes: an ActionResult's status (200 for `{ok: true}`); the hosted pages' actions answer a form state, and the
// language switch nothing but a cookie, so their rows read those instead.
import crypto from "node:crypto";
import { expect } from "vitest";
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { operatorCaller } from "@/modules/access/services/caller";
import { createApiKey } from "@/modules/access/services/api-keys";
import { createEvent } from "@/modules/events/services/events";
import { createActivity } from "@/modules/activities/services/activities";
import { addOccasion } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { AddOccasionRequest } from "@/modules/activities/schemas/occasion";
import { createMember } from "@/modules/members/services/changes";
import { pauseSendout, sendSendout } from "@/modules/sendouts/services/states";
import { createSendout } from "@/modules/sendouts/services/sendouts";
import { suppressAddress } from "@/modules/sendouts/services/suppressions";
import { createWebhookEndpoint, sendWebhookTest } from "@/modules/webhooks/services/webhooks";
import { memberRecord } from "@/modules/members/services/members";
import { createList } from "@/modules/lists/services/lists";
import { unsubscribeByUuids } from "@/modules/lists/services/subscriptions";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import {
  confirmationToken,
  erasureToken,
  globalOptOutToken,
  preferencesToken,
} from "@/modules/lists/services/unsubscribe-links";
import { addressChangeToken } from "@/modules/members/services/address-change";
import { MODULES, PERMISSIONS, type Module, type Permission } from "@/modules/access/schemas/access";
import { CreateEventRequest } from "@/modules/events/schemas/event";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { newAdminUser, type TestAdmin } from "./dashboard-session";
import type { ActionAnswer } from "./server-actions";

export const COLUMNS = [
  "noSession",
  "expiredSession",
  "invalidSession",
  "wrongModule",
  "missingPermission",
  "outOfScope",
  "inScope",
] as const;
export type Column = (typeof COLUMNS)[number];

/** An expected outcome, or why the cell does not apply. */
export type Outcome = number | string;
type NotApplicable = { notApplicable: string };
type Cell = Outcome | NotApplicable;
/** The out-of-scope cell of an action that names two objects: one case per object that can lie outside. */
export interface OutOfScopeCase {
  object: string;
  args(f: Fixtures): Promise<unknown[]>;
  expect: Outcome;
  /** The caller's cookie; by default the scoped ADMIN's (every module and permission). */
  caller?: (c: Callers) => string;
  /** What must hold afterwards, for a case whose outcome alone cannot show that the object outside was left alone. */
  afterwards?: (args: unknown[], f: Fixtures) => Promise<void>;
}

export interface Row {
  action: string;
  /** What the action's wrapper demands (mirrors its options): a module and a permission, or the ADMIN role. */
  needs: { module: Module; permission?: Permission } | { adminRole: true } | "nothing";
  /** Fresh arguments naming objects in the caller's scope (made anew for every call: some cells change them). */
  args(f: Fixtures): Promise<unknown[]>;
  /** The outcome of an answer; by default the ActionResult's status. */
  outcome?: (answer: ActionAnswer) => Outcome;
  /**
   * A LEADER user's session (it leads an activity of the in-scope club, not the ones the arguments name): by default
   * 403 for a row that needs a module or the ADMIN role, since a LEADER has only the activity module and ATTENDANCE.U.
   */
  leader?: Outcome;
  cells: Omit<Record<Column, Cell>, "outOfScope"> & { outOfScope: NotApplicable | OutOfScopeCase[] };
}

export interface Fixtures {
  /** The scoped users' company (their scope: it and its descendants); objects in scope are made in its club. */
  inScopeCompanyId: string;
  inScopeClubId: string;
  outOfScopeCompanyId: string;
  grantId: number;
  /** A period of the in-scope company, which its club's memberships use. */
  periodId: number;
}

// ------------------------------------------------------------------------------------------------ fixtures

let seq = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++seq}-${crypto.randomBytes(3).toString("hex")}`;
const email = (prefix: string) => `${unique(prefix)}@example.se`;
export const operator = () => operatorCaller();

const newList = async (companyId: string) => createList(operator(), { name: unique("Lista"), company_id: companyId });
export const newMember = async (companyId: string) =>
  createMember(operator(), { company_id: companyId, email: email("medlem"), firstname: "Test" });
const newActivity = async (companyId: string) =>
  createActivity(operator(), CreateActivityRequest.parse({ company_id: companyId, name: unique("Aktivitet") }));
const newEvent = async (companyId: string) =>
  createEvent(
    operator(),
    CreateEventRequest.parse({
      company_id: companyId,
      name: unique("Evenemang"),
      starts_at: "2027-03-01T18:00:00+01:00",
      ends_at: "2027-03-01T20:00:00+01:00",
    }),
  );
/** A sendout to a new list of the company, in the state a row needs (each call its own: no cell depends on another). */
const newSendout = async (companyId: string, state: "DRAFT" | "SENDING" | "PAUSED" = "DRAFT") => {
  const list = await newList(companyId);
  const { id } = await createSendout(
    operator(),
    CreateSendoutRequest.parse({
      company_id: companyId,
      list_ids: [list.id],
      subject: unique("Brev"),
      html: "<p>Hej</p>",
    }),
  );
  if (state !== "DRAFT") await sendSendout(operator(), id, {});
  if (state === "PAUSED") await pauseSendout(operator(), id);
  return id;
};
/** An address suppressed by hand in the company. */
const newSuppression = async (companyId: string) =>
  suppressAddress(operator(), { company_id: companyId, email: email("sparrad"), note: "Bad om det" });
/** A key of the company, its scope that company (by default) or all companies (null). */
const newApiKey = async (companyId: string, scope: string[] | null = [companyId]) =>
  createApiKey(operator(), {
    name: unique("nyckel"),
    company_id: companyId,
    access: { modules: ["company"], permissions: [], company_ids: scope, include_descendants: true },
  });
export const accessOf = (companyId: string) => ({
  modules: [...MODULES],
  permissions: [...PERMISSIONS],
  company_ids: [companyId],
  include_descendants: true,
});
/** A visitor subscribed through the public form: the list's and the member's uuids. */
async function newSubscription(companyId: string) {
  const list = await newList(companyId);
  const { member_id } = await subscribeVisitor(list.uuid, SubscribeRequest.parse({ email: email("besok") }));
  return { listUuid: list.uuid, memberUuid: (await memberRecord(member_id, operatorCaller())).uuid! };
}
/** A change of address waiting for its link's button, as the preference page's request leaves it: the link's token. */
async function newAddressChangeToken(companyId: string) {
  const { memberUuid } = await newSubscription(companyId);
  const member = await db().member.findUniqueOrThrow({ where: { uuid: memberUuid } });
  const change = await db().emailChange.create({
    data: {
      memberId: member.id,
      oldEmail: member.email!,
      newEmail: email("flyttar"),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return addressChangeToken(change);
}
/** A visitor waiting to confirm on a double opt-in list: the subscription's id. */
async function newConfirmationToken(companyId: string) {
  const list = await createList(operator(), {
    name: unique("Bekräftelselista"),
    company_id: companyId,
    double_opt_in: true,
  });
  const { subscription } = await subscribeVisitor(list.uuid, SubscribeRequest.parse({ email: email("vantar") }));
  return confirmationToken(
    subscription.id,
    (await db().subscription.findUniqueOrThrow({ where: { id: subscription.id } })).confirmationNonce!,
  );
}
/** An activity of the company with a member enrolled and an occasion starting now (attendance can be recorded). */
export async function newOccasionToday(companyId: string, leaderId?: number) {
  const participant = await newMember(companyId);
  const activity = await createActivity(
    operator(),
    CreateActivityRequest.parse({
      company_id: companyId,
      name: unique("Träning"),
      leader_ids: leaderId ? [leaderId] : [],
    }),
  );
  await enrollParticipant(operator(), activity.id, participant.id);
  const occasion = await addOccasion(
    operator(),
    activity.id,
    AddOccasionRequest.parse({ starts_at: new Date().toISOString(), duration_minutes: 60 }),
  );
  return { activityId: activity.id, occasionId: occasion.id, memberId: participant.id };
}
const attendanceArgs = async (companyId: string) => {
  const { occasionId, memberId } = await newOccasionToday(companyId);
  return [{ occasion_id: occasionId, attendance: [{ member_id: memberId, status: "PRESENT" }] }];
};
const attendanceForm = async (companyId: string) => {
  const { occasionId, memberId } = await newOccasionToday(companyId);
  return [form({ occasion_id: String(occasionId), [`status-${memberId}`]: "PRESENT" })];
};
/** The leaders' page's plain form comes back to the page saying whether it was saved. */
const savedOrFailed = ({ redirect }: ActionAnswer): Outcome =>
  (redirect && /[?&](saved|failed)=/.exec(redirect)?.[1]) || "no redirect";
/** An activity of the company led by a member with an address: the invitation's arguments. */
const leaderToInvite = async (companyId: string) => {
  const leader = await newMember(companyId);
  const { activityId } = await newOccasionToday(companyId, leader.id);
  return [{ activity_id: activityId, member_id: leader.id }];
};

/** An activity of the company open for the hosted sign-up: the company's uuid and the activity's id. */
async function newOpenActivity(companyId: string) {
  const activity = await createActivity(
    operator(),
    CreateActivityRequest.parse({ company_id: companyId, name: unique("Anmälningsgrupp"), signup_open: true }),
  );
  const { uuid } = await db().company.findUniqueOrThrow({ where: { id: companyId }, select: { uuid: true } });
  return { companyUuid: uuid, activityId: activity.id };
}
const signupDetails = {
  child_firstname: "Alva",
  child_lastname: "Berg",
  child_birthdate: "2017-03-04",
  guardian_firstname: "Karin",
  guardian_lastname: "Berg",
  relation: "förälder",
};
/** A hosted sign-up waiting for its link's button, as the form leaves it (a row with its token's hash): the token. */
async function newSignupToken(companyId: string) {
  const { activityId } = await newOpenActivity(companyId);
  const token = crypto.randomBytes(32).toString("base64url");
  const guardianEmail = email("vardnadshavare");
  await db().activitySignup.create({
    data: {
      activityId,
      details: JSON.stringify({ ...signupDetails, guardian_email: guardianEmail }),
      guardianEmail,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return token;
}
/** A confirmed sign-up's cancel link, as the confirmation leaves it: the child enrolled, the cancel token. */
async function newSignupCancelToken(companyId: string) {
  const { activityId } = await newOpenActivity(companyId);
  const [child, guardian] = [await newMember(companyId), await newMember(companyId)];
  await enrollParticipant(operator(), activityId, child.id);
  const token = crypto.randomBytes(32).toString("base64url");
  await db().activitySignup.create({
    data: {
      activityId,
      details: "{}",
      guardianEmail: "",
      tokenHash: sha256Hex(crypto.randomBytes(32).toString("base64url")),
      expiresAt: new Date(Date.now() + 3_600_000),
      confirmedAt: new Date(),
      participantMemberId: child.id,
      guardianMemberId: guardian.id,
      cancelTokenHash: sha256Hex(token),
    },
  });
  return token;
}
function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}
const idle = { status: "idle" };
/** The hosted forms that come back to their page with a notice: the notice of the redirect (?notice= or ?undo=). */
const redirectedTo = ({ redirect }: ActionAnswer): Outcome =>
  (redirect && /[?&](?:notice|undo)=(\w+)/.exec(redirect)?.[1]) || `no redirect`;

// --------------------------------------------------------------------------------------------------- table

const DASHBOARD = "app/admin/(dashboard)";
/** A list, member, event, admin user or API key beyond the caller's scope or rights answers as a missing one: not probed. */
const HIDDEN = 404;
const NO_OBJECT = { notApplicable: "names no object of a company: nothing can lie outside the caller's scope" };
const NO_MODULE = {
  notApplicable: "access management is not a module: it is gated by the ADMIN role (the next column)",
};
const OWN_ACCOUNT = {
  notApplicable: "the caller's own sign-in settings: no module, permission or object of a company",
};
const SIGNED_OUT_PAGE = {
  notApplicable: "a page for staff who cannot sign in: there is no caller with modules, permissions or a scope",
};
const NO_CALLER = {
  notApplicable: "a hosted page for the public: there is no caller with modules, permissions or a scope",
};
/** An action of the hosted pages: a visitor's, the same whatever session comes with it, and no caller to check. */
const visitorCells = (outcome: string) => ({
  noSession: outcome,
  expiredSession: outcome,
  invalidSession: outcome,
  wrongModule: NO_CALLER,
  missingPermission: NO_CALLER,
  outOfScope: NO_CALLER,
  inScope: outcome,
});
/** Dashboard actions: no session, an expired one and a forged one are all "not signed in". */
const signedOut = { noSession: 401, expiredSession: 401, invalidSession: 401 } as const;
/** A write behind a module and a permission. */
const write = { ...signedOut, wrongModule: 403, missingPermission: 403, inScope: 200 } as const;
/** The arguments of registering a member on an event or taking one off: a new event and a new member. */
const participant = async (eventCompanyId: string, memberCompanyId: string) => [
  { id: (await newEvent(eventCompanyId)).id, member_id: (await newMember(memberCompanyId)).id },
];
/** Registering a member on an event and taking one off: alike but for the answer to a member outside the scope. */
const participantRow = (action: string, memberOutOfScope: Outcome): Row => ({
  action: `${DASHBOARD}/events/actions.ts#${action}`,
  needs: { module: "event", permission: "EVENT.U" },
  args: async (f) => participant(f.inScopeClubId, f.inScopeClubId),
  cells: {
    ...write,
    outOfScope: [
      {
        object: "the event",
        args: async (f) => participant(f.outOfScopeCompanyId, f.outOfScopeCompanyId),
        expect: HIDDEN,
      },
      {
        object: "the member (the event in scope)",
        args: async (f) => participant(f.inScopeClubId, f.outOfScopeCompanyId),
        expect: memberOutOfScope,
      },
    ],
  },
});

/** A write on a fresh sendout in the state it needs, with the rest of the action's input. */
let staffAddress: Promise<string> | undefined;
/** The address of a dashboard user with access to every company (made once): a test copy may go there. */
const staffOfAll = () => (staffAddress ??= newAdminUser("VIEWER").then((admin) => admin.email));

/** A sendout screen action on one sendout; `input` is the rest of its argument (or made when the call is). */
const sendoutRow = (
  action: string,
  state: "DRAFT" | "SENDING" | "PAUSED",
  input: Record<string, unknown> | (() => Promise<Record<string, unknown>>) = {},
): Row => {
  const rest = async () => (typeof input === "function" ? input() : input);
  return {
    action: `${DASHBOARD}/sendouts/actions.ts#${action}`,
    needs: { module: "sendout", permission: "SENDOUT.U" },
    args: async (f) => [{ id: await newSendout(f.inScopeClubId, state), ...(await rest()) }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the sendout",
          args: async (f) => [{ id: await newSendout(f.outOfScopeCompanyId, state), ...(await rest()) }],
          expect: HIDDEN,
        },
      ],
    },
  };
};

/** A webhook endpoint of the company (created by the operator, so it hears the companies below too). */
const newWebhook = async (companyId: string) =>
  createWebhookEndpoint(operator(), {
    company_id: companyId,
    url: `https://hooks.example.org/${unique("krok")}`,
    events: ["member.created"],
    description: "",
  });
/** An endpoint's arguments; `delivery` adds a test event's delivery to it (nothing delivers it: the worker is off). */
const webhookArgs = async (companyId: string, delivery: boolean, input: Record<string, unknown>) => {
  const { id } = await newWebhook(companyId);
  return [{ id, ...(delivery ? { delivery_id: (await sendWebhookTest(operator(), id)).id } : {}), ...input }];
};
/** A webhook screen action on one endpoint (module webhook, WEBHOOK.U; another company's endpoint answers as a missing one). */
const webhookRow = (action: string, input: Record<string, unknown> = {}, delivery = false): Row => ({
  action: `${DASHBOARD}/webhooks/actions.ts#${action}`,
  needs: { module: "webhook", permission: "WEBHOOK.U" },
  args: async (f) => webhookArgs(f.inScopeClubId, delivery, input),
  cells: {
    ...write,
    outOfScope: [
      {
        object: "the endpoint",
        args: async (f) => webhookArgs(f.outOfScopeCompanyId, delivery, input),
        expect: HIDDEN,
      },
    ],
  },
});

/** An activity screen action on one activity; `input` makes its argument from the activity's id. */
const activityRow = (action: string, input: (id: number) => Promise<unknown[]>): Row => ({
  action: `${DASHBOARD}/activities/actions.ts#${action}`,
  needs: { module: "activity", permission: "ACTIVITY.U" },
  args: async (f) => input((await newActivity(f.inScopeClubId)).id),
  cells: {
    ...write,
    outOfScope: [
      {
        object: "the activity",
        args: async (f) => input((await newActivity(f.outOfScopeCompanyId)).id),
        expect: HIDDEN,
      },
    ],
  },
});
/** Enrolling a member of `memberCompanyId` in a new activity of `activityCompanyId`. */
const enrollment = async (activityCompanyId: string, memberCompanyId: string) => [
  { id: (await newActivity(activityCompanyId)).id, member_id: (await newMember(memberCompanyId)).id },
];
/** An activity's enrolled participant. */
const enrolled = async (companyId: string) => {
  const { activityId, memberId } = await newOccasionToday(companyId);
  return [{ id: activityId, member_id: memberId }];
};
/** An enrolled participant moved to a new activity of `toCompanyId`. */
const move = async (fromCompanyId: string, toCompanyId: string) => {
  const { activityId, memberId } = await newOccasionToday(fromCompanyId);
  return [{ id: activityId, member_id: memberId, to_activity_id: (await newActivity(toCompanyId)).id }];
};
/** Staff correcting today's attendance on the occasion's page. */
const staffAttendance = async (companyId: string) => {
  const { occasionId, memberId } = await newOccasionToday(companyId);
  return [{ id: occasionId, attendance: [{ member_id: memberId, status: "PRESENT" }] }];
};
/** A municipality's thresholds for the company. */
const lokSettings = (companyId: string) => ({
  company_id: companyId,
  min_age: 7,
  max_age: 20,
  min_participants: 3,
  min_leader_age: 15,
  min_minutes: 60,
  max_participants_per_leader: 20,
});

export const ROWS: Row[] = [
  // ---- companies (module company, COMPANY.U; a company outside the scope stays 403: company ids are not secret)
  {
    action: `${DASHBOARD}/companies/actions.ts#changeFkStatusAction`,
    needs: { module: "company", permission: "COMPANY.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, fk_status: "ACTIVE" }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [{ company_id: f.outOfScopeCompanyId, fk_status: "ACTIVE" }],
          expect: 403,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/companies/actions.ts#activateGrantAction`,
    needs: { module: "company", permission: "COMPANY.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, grant_id: f.grantId }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [{ company_id: f.outOfScopeCompanyId, grant_id: f.grantId }],
          expect: 403,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/companies/actions.ts#setLeisureCardKeyAction`,
    needs: { module: "company", permission: "COMPANY.U" },
    args: async (f) => [
      { company_id: f.inScopeClubId, api_key: "nyckel-1", giro_type: "BANKGIRO", giro_number: "123-4567" },
    ],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [
            { company_id: f.outOfScopeCompanyId, api_key: "nyckel-1", giro_type: "BANKGIRO", giro_number: "123-4567" },
          ],
          expect: 403,
        },
      ],
    },
  },
  {
    // A read that asks the external service, so a VIEWER may run it; the check's own failure (no key record here)
    // is part of an ok answer.
    action: `${DASHBOARD}/companies/actions.ts#checkProviderStatusAction`,
    needs: { module: "company" },
    args: async (f) => [{ company_id: f.inScopeClubId }],
    cells: {
      ...write,
      missingPermission: 200,
      outOfScope: [{ object: "the company", args: async (f) => [{ company_id: f.outOfScopeCompanyId }], expect: 403 }],
    },
  },
  // ---- subscription lists (module subscription_list, SUBSCRIPTION_LIST.U)
  {
    action: `${DASHBOARD}/lists/actions.ts#createListAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ name: unique("Lista"), company_id: f.inScopeClubId }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [{ name: unique("Lista"), company_id: f.outOfScopeCompanyId }],
          expect: 403,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#updateListAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ id: (await newList(f.inScopeClubId)).id, name: unique("Nytt namn") }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the list",
          args: async (f) => [{ id: (await newList(f.outOfScopeCompanyId)).id, name: "x" }],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#deleteListAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ id: (await newList(f.inScopeClubId)).id }],
    cells: {
      ...write,
      outOfScope: [
        { object: "the list", args: async (f) => [{ id: (await newList(f.outOfScopeCompanyId)).id }], expect: HIDDEN },
      ],
    },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#createPropertyAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, group_name: "Intressen", name: unique("Fråga") }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [{ company_id: f.outOfScopeCompanyId, group_name: "Intressen", name: unique("Fråga") }],
          expect: 403,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#setSubscriptionAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [
      { id: (await newList(f.inScopeClubId)).id, member_id: (await newMember(f.inScopeClubId)).id, subscribed: true },
    ],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the list (and its member)",
          args: async (f) => [
            {
              id: (await newList(f.outOfScopeCompanyId)).id,
              member_id: (await newMember(f.outOfScopeCompanyId)).id,
              subscribed: true,
            },
          ],
          expect: HIDDEN,
        },
        {
          // The member must belong to the list's organization: any other member is "member not found".
          object: "the member (the list in scope)",
          args: async (f) => [
            {
              id: (await newList(f.inScopeClubId)).id,
              member_id: (await newMember(f.outOfScopeCompanyId)).id,
              subscribed: true,
            },
          ],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#bulkUnsubscribeAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ id: (await newList(f.inScopeClubId)).id, selection: { matching: {} } }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the list",
          args: async (f) => [{ id: (await newList(f.outOfScopeCompanyId)).id, selection: { matching: {} } }],
          expect: HIDDEN,
        },
        {
          // Picked members must be subscribers of the list: another organization's member is "member not found".
          object: "a picked member (the list in scope)",
          args: async (f) => [
            {
              id: (await newList(f.inScopeClubId)).id,
              selection: { member_ids: [(await newMember(f.outOfScopeCompanyId)).id] },
            },
          ],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#requestConfirmationAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    // A confirmation went out a moment ago, so the call sends none (the suite's server may have no mail server).
    args: async (f) => {
      const [list, member] = [await newList(f.inScopeClubId), await newMember(f.inScopeClubId)];
      await db().subscription.create({
        data: {
          listId: list.id,
          memberId: member.id,
          status: "PENDING",
          source: "PUBLIC_FORM",
          confirmationSentAt: new Date(),
        },
      });
      return [{ id: list.id, member_id: member.id }];
    },
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the list (and its member)",
          args: async (f) => [
            { id: (await newList(f.outOfScopeCompanyId)).id, member_id: (await newMember(f.outOfScopeCompanyId)).id },
          ],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#previewTermAction`,
    needs: { module: "subscription_list" },
    args: async () => [{ html: "<p>Jag godkänner <em>villkoren</em>.</p>" }],
    cells: { ...write, missingPermission: 200, outOfScope: NO_OBJECT },
  },
  // ---- members (module member, MEMBER.U)
  {
    action: `${DASHBOARD}/members/actions.ts#createMemberAction`,
    needs: { module: "member", permission: "MEMBER.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, email: email("ny"), firstname: "Ny" }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [{ company_id: f.outOfScopeCompanyId, email: email("ny") }],
          expect: 403,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/members/actions.ts#updateMemberAction`,
    needs: { module: "member", permission: "MEMBER.U" },
    args: async (f) => [{ id: (await newMember(f.inScopeClubId)).id, firstname: "Ändrad" }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the member",
          args: async (f) => [{ id: (await newMember(f.outOfScopeCompanyId)).id, firstname: "x" }],
          expect: HIDDEN,
        },
        {
          // The member is in scope, its membership in the club below is not (the caller's scope has no descendants):
          // replacing the member's memberships replaces those in the caller's scope and leaves the club's alone.
          object: "a membership (the member in scope)",
          caller: (c) => c.withoutDescendants,
          args: async (f) => {
            const member = await createMember(
              operator(),
              CreateMemberRequest.parse({
                company_id: f.inScopeCompanyId,
                memberships: [{ company_id: f.inScopeClubId, period_id: f.periodId }],
              }),
            );
            return [{ id: member.id, memberships: [] }];
          },
          expect: 200,
          afterwards: async ([input], f) => {
            const memberships = (await memberRecord((input as { id: number }).id, operatorCaller())).memberships;
            expect(memberships.map((m) => m.company_id)).toEqual([f.inScopeClubId]);
          },
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/members/actions.ts#eraseMemberAction`,
    needs: { module: "member", permission: "MEMBER.U" },
    args: async (f) => [{ id: (await newMember(f.inScopeClubId)).id }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the member",
          args: async (f) => [{ id: (await newMember(f.outOfScopeCompanyId)).id }],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    // Bulk: the member module (the selection) and the list's write permission (the service checks the list's module
    // and scope); members outside the scope are left out of the selection, not refused.
    action: `${DASHBOARD}/members/actions.ts#addMembersToListAction`,
    needs: { module: "member", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [
      {
        list_id: (await newList(f.inScopeClubId)).id,
        selection: { member_ids: [(await newMember(f.inScopeClubId)).id] },
      },
    ],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the list",
          args: async (f) => [
            {
              list_id: (await newList(f.outOfScopeCompanyId)).id,
              selection: { member_ids: [(await newMember(f.inScopeClubId)).id] },
            },
          ],
          expect: HIDDEN,
        },
        {
          // The list in scope, the member not: the action answers (nothing of the member is told) and adds no one.
          object: "a member",
          args: async (f) => [
            {
              list_id: (await newList(f.inScopeClubId)).id,
              selection: { member_ids: [(await newMember(f.outOfScopeCompanyId)).id] },
            },
          ],
          expect: 200,
          afterwards: async ([input]) => {
            const { list_id } = input as { list_id: number };
            expect(await db().subscription.count({ where: { listId: list_id } })).toBe(0);
          },
        },
      ],
    },
  },
  // ---- activities (module activity, ACTIVITY.U; attendance ATTENDANCE.U): another company's activity or occasion
  // answers as a missing one, another company named in a body stays 403
  {
    action: `${DASHBOARD}/activities/actions.ts#createActivityAction`,
    needs: { module: "activity", permission: "ACTIVITY.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, name: unique("Aktivitet") }],
    cells: {
      ...write,
      outOfScope: [
        { object: "the company", args: async (f) => [{ company_id: f.outOfScopeCompanyId, name: "x" }], expect: 403 },
      ],
    },
  },
  activityRow("updateActivityAction", async (id) => [{ id, activity: { name: unique("Nytt namn") } }]),
  activityRow("deleteActivityAction", async (id) => [{ id }]),
  activityRow("addOccasionAction", async (id) => [
    { id, occasion: { starts_at: "2027-03-02T18:00:00+01:00", duration_minutes: 60 } },
  ]),
  {
    action: `${DASHBOARD}/activities/actions.ts#enrollParticipantAction`,
    needs: { module: "activity", permission: "ACTIVITY.U" },
    args: async (f) => enrollment(f.inScopeClubId, f.inScopeClubId),
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the activity",
          args: async (f) => enrollment(f.outOfScopeCompanyId, f.outOfScopeCompanyId),
          expect: HIDDEN,
        },
        {
          object: "the member (the activity in scope)",
          args: async (f) => enrollment(f.inScopeClubId, f.outOfScopeCompanyId),
          expect: 400,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/activities/actions.ts#removeParticipantAction`,
    needs: { module: "activity", permission: "ACTIVITY.U" },
    args: async (f) => enrolled(f.inScopeClubId),
    cells: {
      ...write,
      outOfScope: [{ object: "the activity", args: async (f) => enrolled(f.outOfScopeCompanyId), expect: HIDDEN }],
    },
  },
  {
    action: `${DASHBOARD}/activities/actions.ts#moveParticipantAction`,
    needs: { module: "activity", permission: "ACTIVITY.U" },
    args: async (f) => move(f.inScopeClubId, f.inScopeClubId),
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the activity",
          args: async (f) => move(f.outOfScopeCompanyId, f.outOfScopeCompanyId),
          expect: HIDDEN,
        },
        {
          object: "the activity moved to (the one moved from in scope)",
          args: async (f) => move(f.inScopeClubId, f.outOfScopeCompanyId),
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/activities/actions.ts#updateOccasionAction`,
    needs: { module: "activity", permission: "ACTIVITY.U" },
    args: async (f) => [
      { id: (await newOccasionToday(f.inScopeClubId)).occasionId, occasion: { status: "CANCELLED" } },
    ],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the occasion",
          args: async (f) => [
            { id: (await newOccasionToday(f.outOfScopeCompanyId)).occasionId, occasion: { status: "CANCELLED" } },
          ],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/activities/actions.ts#recordAttendanceAction`,
    needs: { module: "activity", permission: "ATTENDANCE.U" },
    args: async (f) => staffAttendance(f.inScopeClubId),
    // The occasion is of the LEADER's company but not of an activity it leads: as a missing one.
    leader: HIDDEN,
    cells: {
      ...write,
      outOfScope: [
        { object: "the occasion", args: async (f) => staffAttendance(f.outOfScopeCompanyId), expect: HIDDEN },
      ],
    },
  },
  {
    action: `${DASHBOARD}/activities/actions.ts#updateLokSettingsAction`,
    needs: { module: "activity", permission: "ACTIVITY.U" },
    args: async (f) => [lokSettings(f.inScopeClubId)],
    cells: {
      ...write,
      outOfScope: [{ object: "the company", args: async (f) => [lokSettings(f.outOfScopeCompanyId)], expect: 403 }],
    },
  },
  // ---- activities (module activity, ACTIVITY.U)
  {
    action: `${DASHBOARD}/activities/copy-action.ts#copyActivityAction`,
    needs: { module: "activity", permission: "ACTIVITY.U" },
    args: async (f) => [{ id: (await newActivity(f.inScopeClubId)).id, copy: { from_date: "2027-01-12" } }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the activity",
          args: async (f) => [{ id: (await newActivity(f.outOfScopeCompanyId)).id, copy: { from_date: "2027-01-12" } }],
          expect: HIDDEN,
        },
      ],
    },
  },
  // ---- events (module event, EVENT.U)
  {
    action: `${DASHBOARD}/events/actions.ts#createEventAction`,
    needs: { module: "event", permission: "EVENT.U" },
    args: async (f) => [
      {
        company_id: f.inScopeClubId,
        name: unique("Möte"),
        starts_at: "2027-04-01T18:00:00+02:00",
        ends_at: "2027-04-01T19:00:00+02:00",
      },
    ],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [
            {
              company_id: f.outOfScopeCompanyId,
              name: "x",
              starts_at: "2027-04-01T18:00:00+02:00",
              ends_at: "2027-04-01T19:00:00+02:00",
            },
          ],
          expect: 403,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/events/actions.ts#updateEventAction`,
    needs: { module: "event", permission: "EVENT.U" },
    args: async (f) => [{ id: (await newEvent(f.inScopeClubId)).id, event: { name: unique("Nytt namn") } }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the event",
          args: async (f) => [{ id: (await newEvent(f.outOfScopeCompanyId)).id, event: { name: "x" } }],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/events/actions.ts#deleteEventAction`,
    needs: { module: "event", permission: "EVENT.U" },
    args: async (f) => [{ id: (await newEvent(f.inScopeClubId)).id }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the event",
          args: async (f) => [{ id: (await newEvent(f.outOfScopeCompanyId)).id }],
          expect: HIDDEN,
        },
      ],
    },
  },
  // As a missing member: a field error on member_id ("member not found"), the form's answer to a bad pick.
  participantRow("registerParticipantAction", 400),
  // Taking someone off an event in scope reads nothing of the member: as for a member never registered (or missing),
  // nothing changes and the answer is the event in scope.
  participantRow("unregisterParticipantAction", 200),
  // ---- sendouts (module sendout, SENDOUT.U; another company's sendout answers as a missing one)
  {
    action: `${DASHBOARD}/sendouts/actions.ts#createSendoutAction`,
    needs: { module: "sendout", permission: "SENDOUT.U" },
    args: async (f) => [
      {
        company_id: f.inScopeClubId,
        list_ids: [(await newList(f.inScopeClubId)).id],
        subject: unique("Brev"),
        html: "<p>Hej</p>",
      },
    ],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [
            {
              company_id: f.outOfScopeCompanyId,
              list_ids: [(await newList(f.outOfScopeCompanyId)).id],
              subject: "x",
              html: "<p>x</p>",
            },
          ],
          expect: 403,
        },
      ],
    },
  },
  sendoutRow("updateSendoutAction", "DRAFT", { sendout: { subject: "Nytt ämne" } }),
  // A test copy goes only to staff whose access covers the sendout's company: a staff member of every company.
  sendoutRow("sendTestAction", "DRAFT", async () => ({ email: await staffOfAll() })),
  // A time far ahead: the sendout is SCHEDULED, so no worker sends anything for the table.
  sendoutRow("sendSendoutAction", "DRAFT", { send_at: "2031-03-01T08:00:00+01:00" }),
  sendoutRow("pauseSendoutAction", "SENDING"),
  sendoutRow("resumeSendoutAction", "PAUSED"),
  sendoutRow("cancelSendoutAction", "DRAFT"),
  // ---- suppressed addresses (the list module and SUBSCRIPTION_LIST.U, as the service asks)
  {
    action: `${DASHBOARD}/suppressions/actions.ts#liftSuppressionAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ id: (await newSuppression(f.inScopeClubId)).id, note: "Adressen fungerar igen" }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the suppression",
          args: async (f) => [{ id: (await newSuppression(f.outOfScopeCompanyId)).id, note: "x" }],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/suppressions/actions.ts#suppressAddressAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, email: email("sparr"), note: "Bad om det" }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [{ company_id: f.outOfScopeCompanyId, email: email("sparr"), note: "x" }],
          expect: 403,
        },
      ],
    },
  },
  // ---- webhooks (module webhook, WEBHOOK.U)
  {
    action: `${DASHBOARD}/webhooks/actions.ts#createWebhookAction`,
    needs: { module: "webhook", permission: "WEBHOOK.U" },
    args: async (f) => [
      {
        company_id: f.inScopeClubId,
        url: "https://hooks.example.org/medlem",
        events: ["member.created"],
        description: "",
      },
    ],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [
            { company_id: f.outOfScopeCompanyId, url: "https://hooks.example.org/x", events: ["member.created"] },
          ],
          expect: 403,
        },
      ],
    },
  },
  webhookRow("updateWebhookAction", { description: "Kansliets system" }),
  webhookRow("rotateWebhookSecretAction"),
  webhookRow("sendWebhookTestAction"),
  webhookRow("redeliverWebhookAction", {}, true),
  webhookRow("deleteWebhookAction"),
  // ---- access management (the ADMIN role; grants never beyond the ADMIN's own access)
  {
    action: `${DASHBOARD}/api-keys/actions.ts#createApiKeyAction`,
    needs: { adminRole: true },
    args: async (f) => [
      {
        name: unique("nyckel"),
        company_id: f.inScopeClubId,
        access: { ...accessOf(f.inScopeClubId), permissions: [] },
      },
    ],
    cells: {
      ...write,
      wrongModule: NO_MODULE,
      outOfScope: [
        {
          object: "the key's company",
          args: async (f) => [
            {
              name: unique("nyckel"),
              company_id: f.outOfScopeCompanyId,
              access: { ...accessOf(f.outOfScopeCompanyId), permissions: [] },
            },
          ],
          expect: 403,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/api-keys/actions.ts#revokeApiKeyAction`,
    needs: { adminRole: true },
    args: async (f) => [{ client_id: (await newApiKey(f.inScopeClubId)).client_id }],
    cells: {
      ...write,
      wrongModule: NO_MODULE,
      // A key the ADMIN could not have made answers as a missing one, as an admin user does: its own company outside,
      // or its access beyond the ADMIN's (a club ADMIN must not stop a federation-wide integration).
      outOfScope: [
        {
          object: "the key (of a company outside)",
          args: async (f) => [{ client_id: (await newApiKey(f.outOfScopeCompanyId)).client_id }],
          expect: HIDDEN,
        },
        {
          object: "the key (of a company inside, scoped to all companies)",
          args: async (f) => [{ client_id: (await newApiKey(f.inScopeClubId, null)).client_id }],
          expect: HIDDEN,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/users/actions.ts#createAdminUserAction`,
    needs: { adminRole: true },
    args: async (f) => [
      {
        email: email("personal"),
        name: "Ny",
        password: "ett-langt-losenord",
        role: "EDITOR",
        access: accessOf(f.inScopeClubId),
      },
    ],
    cells: {
      ...write,
      wrongModule: NO_MODULE,
      outOfScope: [
        {
          // The grant is the form's input: a field error on access.company_ids.
          object: "the granted company",
          args: async (f) => [
            {
              email: email("personal"),
              name: "Ny",
              password: "ett-langt-losenord",
              role: "EDITOR",
              access: accessOf(f.outOfScopeCompanyId),
            },
          ],
          expect: 400,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/users/actions.ts#updateAdminUserAction`,
    needs: { adminRole: true },
    args: async (f) => [{ id: (await newAdminUser("EDITOR", accessOf(f.inScopeClubId))).id, role: "VIEWER" }],
    cells: {
      ...write,
      wrongModule: NO_MODULE,
      outOfScope: [
        {
          object: "the user (scoped to a company outside)",
          args: async (f) => [
            { id: (await newAdminUser("EDITOR", accessOf(f.outOfScopeCompanyId))).id, role: "VIEWER" },
          ],
          expect: HIDDEN,
        },
        {
          // A user whose access group holds more than the ADMIN's own is not the ADMIN's to manage: making a VIEWER
          // with the member module an EDITOR would hand out member writes the ADMIN does not have.
          object: "the user (with a module the ADMIN lacks)",
          caller: (c) => c.lacking.member,
          args: async (f) => [{ id: (await newAdminUser("VIEWER", accessOf(f.inScopeClubId))).id, role: "EDITOR" }],
          expect: HIDDEN,
        },
      ],
    },
  },
  // ---- one's own account (two-factor sign-in): every role, on the caller's own user only
  // ---- activities' leaders: attendance from the leaders' page, and inviting a leader (ACTIVITY.U and the ADMIN role)
  {
    action: "app/admin/(leader)/leader/actions.ts#sendLeaderAttendanceAction",
    needs: { module: "activity", permission: "ATTENDANCE.U" },
    args: async (f) => attendanceArgs(f.inScopeClubId),
    // The occasion is of the LEADER's company but not of an activity it leads: as a missing one.
    leader: HIDDEN,
    cells: {
      ...write,
      outOfScope: [
        { object: "the occasion", args: async (f) => attendanceArgs(f.outOfScopeCompanyId), expect: HIDDEN },
      ],
    },
  },
  {
    action: "app/admin/(leader)/leader/actions.ts#saveLeaderAttendanceForm",
    needs: { module: "activity", permission: "ATTENDANCE.U" },
    args: async (f) => attendanceForm(f.inScopeClubId),
    outcome: savedOrFailed,
    leader: "failed",
    cells: {
      noSession: "failed",
      expiredSession: "failed",
      invalidSession: "failed",
      wrongModule: "failed",
      missingPermission: "failed",
      outOfScope: [
        { object: "the occasion", args: async (f) => attendanceForm(f.outOfScopeCompanyId), expect: "failed" },
      ],
      inScope: "saved",
    },
  },
  {
    action: `${DASHBOARD}/users/leaders/actions.ts#inviteLeaderAction`,
    needs: { module: "activity", permission: "ACTIVITY.U" },
    args: async (f) => leaderToInvite(f.inScopeClubId),
    cells: {
      ...write,
      outOfScope: [
        { object: "the activity", args: async (f) => leaderToInvite(f.outOfScopeCompanyId), expect: HIDDEN },
      ],
    },
  },
  {
    action: "app/admin/leader-invitation/actions.ts#acceptLeaderInvitationAction",
    needs: "nothing",
    args: async (f) => {
      const member = await newMember(f.inScopeClubId);
      const token = unique("inbjudan");
      await db().leaderInvitation.create({
        data: {
          tokenHash: sha256Hex(token),
          email: email("ledare"),
          name: "Ledare",
          memberId: member.id,
          companyId: f.inScopeClubId,
          invitedBy: "cli",
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      });
      return [{ token, password: "ett-langt-losenord" }];
    },
    cells: {
      noSession: 200,
      expiredSession: 200,
      invalidSession: 200,
      wrongModule: SIGNED_OUT_PAGE,
      missingPermission: SIGNED_OUT_PAGE,
      outOfScope: SIGNED_OUT_PAGE,
      inScope: 200,
    },
  },
  {
    action: `${DASHBOARD}/account/actions.ts#startTwoFactorAction`,
    needs: "nothing",
    args: async () => [{}],
    cells: {
      ...signedOut,
      wrongModule: OWN_ACCOUNT,
      missingPermission: OWN_ACCOUNT,
      outOfScope: OWN_ACCOUNT,
      inScope: 200,
    },
  },
  {
    // The table cannot know the scoped ADMIN's pending secret, so it sends a wrong code: refused by the service, as a
    // wrong code (400) or, before any setup was started, as nothing to confirm (409). Both got past the wrapper.
    action: `${DASHBOARD}/account/actions.ts#confirmTwoFactorAction`,
    needs: "nothing",
    args: async () => [{ code: "000000" }],
    outcome: (answer) => {
      const result = answer.value as { ok?: boolean; status?: number };
      return result.status === 400 || result.status === 409
        ? "refused by the service"
        : (result.status ?? (result.ok ? 200 : "?"));
    },
    cells: {
      noSession: 401,
      expiredSession: 401,
      invalidSession: 401,
      wrongModule: OWN_ACCOUNT,
      missingPermission: OWN_ACCOUNT,
      outOfScope: OWN_ACCOUNT,
      inScope: "refused by the service",
    },
  },
  {
    // The scoped ADMIN has no two-factor sign-in (the table never confirms one): nothing to turn off, so 200.
    action: `${DASHBOARD}/account/actions.ts#turnOffTwoFactorAction`,
    needs: "nothing",
    args: async () => [{ password: "not the password" }],
    cells: {
      ...signedOut,
      wrongModule: OWN_ACCOUNT,
      missingPermission: OWN_ACCOUNT,
      outOfScope: OWN_ACCOUNT,
      inScope: 200,
    },
  },
  // ---- signed out: the password reset pages answer the same whatever session cookie comes along
  {
    action: "app/admin/reset-password/actions.ts#requestPasswordResetAction",
    needs: "nothing",
    args: async () => [{ email: email("glomsk") }],
    cells: {
      noSession: 200,
      expiredSession: 200,
      invalidSession: 200,
      wrongModule: SIGNED_OUT_PAGE,
      missingPermission: SIGNED_OUT_PAGE,
      outOfScope: SIGNED_OUT_PAGE,
      inScope: 200,
    },
  },
  {
    action: "app/admin/reset-password/actions.ts#resetPasswordAction",
    needs: "nothing",
    args: async () => {
      const user = await newAdminUser("VIEWER");
      const token = unique("reset");
      await db().adminPasswordReset.create({
        data: { adminUserId: user.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 3_600_000) },
      });
      return [{ token, password: "ett-langt-losenord" }];
    },
    cells: {
      noSession: 200,
      expiredSession: 200,
      invalidSession: 200,
      wrongModule: SIGNED_OUT_PAGE,
      missingPermission: SIGNED_OUT_PAGE,
      outOfScope: SIGNED_OUT_PAGE,
      inScope: 200,
    },
  },
  // ---- no session: the language switch and the hosted pages answer the same whatever session cookie comes along
  {
    action: "app/admin/language-action.ts#chooseLanguageAction",
    needs: "nothing",
    args: async () => [form({ lang: "en" })],
    outcome: ({ value, setCookies }) =>
      value === undefined && setCookies.some((c) => c.startsWith("admin_lang=en;"))
        ? "language set"
        : `unexpected ${JSON.stringify(value)}`,
    cells: {
      noSession: "language set",
      expiredSession: "language set",
      invalidSession: "language set",
      wrongModule: { notApplicable: "a preference cookie of the browser, also on the sign-in page: no caller" },
      missingPermission: { notApplicable: "a preference cookie of the browser, also on the sign-in page: no caller" },
      outOfScope: NO_OBJECT,
      inScope: "language set",
    },
  },
  {
    action: "app/subscribe/[uuid]/actions.ts#subscribeAction",
    needs: "nothing",
    args: async (f) => [idle, form({ list_uuid: (await newList(f.inScopeClubId)).uuid, email: email("besok") })],
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("success"),
  },
  {
    action: "app/unsubscribe/actions.ts#unsubscribeAction",
    needs: "nothing",
    args: async (f) => {
      const { listUuid, memberUuid } = await newSubscription(f.inScopeClubId);
      return [idle, form({ list_uuid: listUuid, member_uuid: memberUuid })];
    },
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("done"),
  },
  {
    action: "app/unsubscribe/actions.ts#optOutAction",
    needs: "nothing",
    args: async (f) => {
      const { memberUuid } = await newSubscription(f.inScopeClubId);
      return [idle, form({ member_uuid: memberUuid, token: globalOptOutToken(memberUuid) })];
    },
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("done"),
  },
  {
    action: "app/confirm/[token]/actions.ts#confirmAction",
    needs: "nothing",
    args: async (f) => [idle, form({ token: await newConfirmationToken(f.inScopeClubId) })],
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("done"),
  },
  {
    action: "app/activities/[uuid]/[id]/actions.ts#signupAction",
    needs: "nothing",
    args: async (f) => {
      const { companyUuid, activityId } = await newOpenActivity(f.inScopeClubId);
      const fields = { ...signupDetails, guardian_email: email("vardnadshavare"), consent: "on", lang: "sv" };
      return [idle, form({ ...fields, company_uuid: companyUuid, activity_id: String(activityId) })];
    },
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("success"),
  },
  {
    action: "app/activities/confirm/[token]/actions.ts#confirmSignupAction",
    needs: "nothing",
    args: async (f) => [idle, form({ token: await newSignupToken(f.inScopeClubId) })],
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("done"),
  },
  {
    action: "app/activities/cancel/[token]/actions.ts#cancelSignupAction",
    needs: "nothing",
    args: async (f) => [idle, form({ token: await newSignupCancelToken(f.inScopeClubId) })],
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("done"),
  },
  {
    action: "app/preferences/actions.ts#eraseAction",
    needs: "nothing",
    args: async (f) => [idle, form({ token: erasureToken((await newSubscription(f.inScopeClubId)).memberUuid) })],
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("done"),
  },
  {
    action: "app/preferences/actions.ts#preferenceAction",
    needs: "nothing",
    args: async (f) => [
      form({
        token: preferencesToken((await newSubscription(f.inScopeClubId)).memberUuid),
        op: "optOut",
        list_id: "",
        lang: "sv",
      }),
    ],
    outcome: redirectedTo,
    cells: visitorCells("saved"),
  },
  {
    action: "app/preferences/actions.ts#addressAction",
    needs: "nothing",
    args: async (f) => [idle, form({ token: await newAddressChangeToken(f.inScopeClubId), lang: "sv" })],
    outcome: ({ value }) => (value as { status: string }).status,
    cells: visitorCells("done"),
  },
  {
    action: "app/unsubscribe/actions.ts#undoAction",
    needs: "nothing",
    args: async (f) => {
      const { listUuid, memberUuid } = await newSubscription(f.inScopeClubId);
      await unsubscribeByUuids(listUuid, memberUuid);
      return [form({ list_uuid: listUuid, member_uuid: memberUuid, lang: "sv" })];
    },
    outcome: redirectedTo,
    cells: visitorCells("done"),
  },
];

/** Who makes the calls of a column: each a cookie header (or none), all expected to get the cell's outcome. */
export interface Callers {
  /** ADMIN with every module and permission, scoped to the in-scope company and its descendants. */
  scopedAdmin: { user: TestAdmin; cookie: string };
  /** ADMIN, every permission, all modules but one. */
  lacking: Record<Module, string>;
  viewer: string;
  /** EDITOR with every module, all permissions but one. */
  lackingPermission: Record<Permission, string>;
  /** EDITOR with every module and permission: not an ADMIN. */
  editor: string;
  /** ADMIN with every module and permission, scoped to the in-scope company alone (not its club). */
  withoutDescendants: string;
  /** A LEADER user whose member leads an activity of the in-scope club (and nothing the rows' arguments name). */
  leader: string;
}
