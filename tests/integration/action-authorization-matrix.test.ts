// The authorization matrix of every server action: each action of the production build (its server-reference
// manifest) and of the sources (every export of a "use server" module under app/), called over HTTP as the browser
// calls it, with each kind of caller. Every cell states the exact outcome or why it does not apply; an action missing
// from the table fails, and so does a row naming no action.
//
// Outcomes: an ActionResult's status (200 for `{ok: true}`); the hosted pages' actions answer a form state, and the
// language switch nothing but a cookie, so their rows read those instead.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { operatorCaller } from "@/lib/services/access";
import { createApiKey } from "@/lib/services/api-keys";
import { createEvent } from "@/lib/services/events";
import { createGrant } from "@/lib/services/grants";
import { createMember } from "@/lib/services/member-changes";
import { createPeriod } from "@/lib/services/member-reference";
import { memberRecord } from "@/lib/services/members";
import { createList } from "@/lib/services/subscription-lists";
import { subscribeVisitor } from "@/lib/services/subscriptions";
import { globalOptOutToken } from "@/lib/services/unsubscribe-links";
import { MODULES, PERMISSIONS, type Module, type Permission } from "@/lib/validation/access";
import { CreateEventRequest } from "@/lib/validation/event";
import { CreateMemberRequest } from "@/lib/validation/member";
import { SubscribeRequest } from "@/lib/validation/subscription";
import { makeCompany } from "../helpers";
import { newAdminUser, sealedSessionCookie, signIn, type TestAdmin } from "../dashboard-session";
import { callAction, manifestActions, sourceActions, type ActionAnswer, type ManifestAction } from "../server-actions";

const COLUMNS = ["noSession", "expiredSession", "invalidSession", "wrongModule", "missingPermission", "outOfScope", "inScope"] as const;
type Column = (typeof COLUMNS)[number];

/** An expected outcome, or why the cell does not apply. */
type Outcome = number | string;
type NotApplicable = { notApplicable: string };
type Cell = Outcome | NotApplicable;
/** The out-of-scope cell of an action that names two objects: one case per object that can lie outside. */
interface OutOfScopeCase {
  object: string;
  args(f: Fixtures): Promise<unknown[]>;
  expect: Outcome;
  /** The caller's cookie; by default the scoped ADMIN's (every module and permission). */
  caller?: (c: Callers) => string;
  /** What must hold afterwards, for a case whose outcome alone cannot show that the object outside was left alone. */
  afterwards?: (args: unknown[]) => Promise<void>;
}

interface Row {
  action: string;
  /** What the action's wrapper demands (mirrors its options): a module and a permission, or the ADMIN role. */
  needs: { module: Module; permission?: Permission } | { adminRole: true } | "nothing";
  /** Fresh arguments naming objects in the caller's scope (made anew for every call: some cells change them). */
  args(f: Fixtures): Promise<unknown[]>;
  /** The outcome of an answer; by default the ActionResult's status. */
  outcome?: (answer: ActionAnswer) => Outcome;
  cells: Omit<Record<Column, Cell>, "outOfScope"> & { outOfScope: NotApplicable | OutOfScopeCase[] };
}

interface Fixtures {
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
const unique = (prefix: string) => `${prefix}-${process.pid}-${++seq}-${crypto.randomBytes(3).toString("hex")}`;
const email = (prefix: string) => `${unique(prefix)}@example.se`;
const operator = () => operatorCaller();

const newList = async (companyId: string) => createList(operator(), { name: unique("Lista"), company_id: companyId });
const newMember = async (companyId: string) => createMember(operator(), { company_id: companyId, email: email("medlem"), firstname: "Test" });
const newEvent = async (companyId: string) =>
  createEvent(
    operator(),
    CreateEventRequest.parse({ company_id: companyId, name: unique("Evenemang"), starts_at: "2027-03-01T18:00:00+01:00", ends_at: "2027-03-01T20:00:00+01:00" }),
  );
const newApiKey = async (companyId: string) =>
  createApiKey(operator(), {
    name: unique("nyckel"),
    company_id: companyId,
    access: { modules: ["company"], permissions: [], company_ids: [companyId], include_descendants: true },
  });
const accessOf = (companyId: string) => ({ modules: [...MODULES], permissions: [...PERMISSIONS], company_ids: [companyId], include_descendants: true });
/** A visitor subscribed through the public form: the list's and the member's uuids. */
async function newSubscription(companyId: string) {
  const list = await newList(companyId);
  const { member_id } = await subscribeVisitor(list.uuid, SubscribeRequest.parse({ email: email("besok") }));
  return { listUuid: list.uuid, memberUuid: (await memberRecord(member_id)).uuid };
}
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const idle = { status: "idle" };

// --------------------------------------------------------------------------------------------------- table

const DASHBOARD = "app/admin/(dashboard)";
/** A list, member or event outside the caller's scope answers exactly as a missing one: ids cannot be probed. */
const HIDDEN = 404;
const NO_OBJECT = { notApplicable: "names no object of a company: nothing can lie outside the caller's scope" };
const NO_MODULE = { notApplicable: "access management is not a module: it is gated by the ADMIN role (the next column)" };
const NO_CALLER = { notApplicable: "a hosted page for the public: there is no caller with modules, permissions or a scope" };
/** Dashboard actions: no session, an expired one and a forged one are all "not signed in". */
const signedOut = { noSession: 401, expiredSession: 401, invalidSession: 401 } as const;
/** A write behind a module and a permission. */
const write = { ...signedOut, wrongModule: 403, missingPermission: 403, inScope: 200 } as const;

const ROWS: Row[] = [
  // ---- companies (module company, COMPANY.U; a company outside the scope stays 403: company ids are not secret)
  {
    action: `${DASHBOARD}/companies/actions.ts#changeFkStatusAction`,
    needs: { module: "company", permission: "COMPANY.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, fk_status: "ACTIVE" }],
    cells: { ...write, outOfScope: [{ object: "the company", args: async (f) => [{ company_id: f.outOfScopeCompanyId, fk_status: "ACTIVE" }], expect: 403 }] },
  },
  {
    action: `${DASHBOARD}/companies/actions.ts#activateGrantAction`,
    needs: { module: "company", permission: "COMPANY.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, grant_id: f.grantId }],
    cells: { ...write, outOfScope: [{ object: "the company", args: async (f) => [{ company_id: f.outOfScopeCompanyId, grant_id: f.grantId }], expect: 403 }] },
  },
  {
    action: `${DASHBOARD}/companies/actions.ts#setLeisureCardKeyAction`,
    needs: { module: "company", permission: "COMPANY.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, api_key: "nyckel-1", giro_type: "BANKGIRO", giro_number: "123-4567" }],
    cells: {
      ...write,
      outOfScope: [
        { object: "the company", args: async (f) => [{ company_id: f.outOfScopeCompanyId, api_key: "nyckel-1", giro_type: "BANKGIRO", giro_number: "123-4567" }], expect: 403 },
      ],
    },
  },
  {
    // A read that asks the external service, so a VIEWER may run it; the check's own failure (no key record here)
    // is part of an ok answer.
    action: `${DASHBOARD}/companies/actions.ts#checkProviderStatusAction`,
    needs: { module: "company" },
    args: async (f) => [{ company_id: f.inScopeClubId }],
    cells: { ...write, missingPermission: 200, outOfScope: [{ object: "the company", args: async (f) => [{ company_id: f.outOfScopeCompanyId }], expect: 403 }] },
  },
  // ---- subscription lists (module subscription_list, SUBSCRIPTION_LIST.U)
  {
    action: `${DASHBOARD}/lists/actions.ts#createListAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ name: unique("Lista"), company_id: f.inScopeClubId }],
    cells: { ...write, outOfScope: [{ object: "the company", args: async (f) => [{ name: unique("Lista"), company_id: f.outOfScopeCompanyId }], expect: 403 }] },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#updateListAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ id: (await newList(f.inScopeClubId)).id, name: unique("Nytt namn") }],
    cells: { ...write, outOfScope: [{ object: "the list", args: async (f) => [{ id: (await newList(f.outOfScopeCompanyId)).id, name: "x" }], expect: HIDDEN }] },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#deleteListAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ id: (await newList(f.inScopeClubId)).id }],
    cells: { ...write, outOfScope: [{ object: "the list", args: async (f) => [{ id: (await newList(f.outOfScopeCompanyId)).id }], expect: HIDDEN }] },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#createPropertyAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, group_name: "Intressen", name: unique("Fråga") }],
    cells: {
      ...write,
      outOfScope: [{ object: "the company", args: async (f) => [{ company_id: f.outOfScopeCompanyId, group_name: "Intressen", name: unique("Fråga") }], expect: 403 }],
    },
  },
  {
    action: `${DASHBOARD}/lists/actions.ts#setSubscriptionAction`,
    needs: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
    args: async (f) => [{ id: (await newList(f.inScopeClubId)).id, member_id: (await newMember(f.inScopeClubId)).id, subscribed: true }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the list (and its member)",
          args: async (f) => [{ id: (await newList(f.outOfScopeCompanyId)).id, member_id: (await newMember(f.outOfScopeCompanyId)).id, subscribed: true }],
          expect: HIDDEN,
        },
        {
          // The member must belong to the list's organization: any other member is "member not found".
          object: "the member (the list in scope)",
          args: async (f) => [{ id: (await newList(f.inScopeClubId)).id, member_id: (await newMember(f.outOfScopeCompanyId)).id, subscribed: true }],
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
    cells: { ...write, outOfScope: [{ object: "the company", args: async (f) => [{ company_id: f.outOfScopeCompanyId, email: email("ny") }], expect: 403 }] },
  },
  {
    action: `${DASHBOARD}/members/actions.ts#updateMemberAction`,
    needs: { module: "member", permission: "MEMBER.U" },
    args: async (f) => [{ id: (await newMember(f.inScopeClubId)).id, firstname: "Ändrad" }],
    cells: {
      ...write,
      outOfScope: [
        { object: "the member", args: async (f) => [{ id: (await newMember(f.outOfScopeCompanyId)).id, firstname: "x" }], expect: HIDDEN },
        {
          // The member is in scope, its membership in the club below is not (the caller's scope has no descendants):
          // replacing the member's memberships replaces those in the caller's scope and leaves the club's alone.
          object: "a membership (the member in scope)",
          caller: (c) => c.withoutDescendants,
          args: async (f) => {
            const member = await createMember(
              operator(),
              CreateMemberRequest.parse({ company_id: f.inScopeCompanyId, memberships: [{ company_id: f.inScopeClubId, period_id: f.periodId }] }),
            );
            return [{ id: member.id, memberships: [] }];
          },
          expect: 200,
          afterwards: async ([input]) => {
            const memberships = (await memberRecord((input as { id: number }).id)).memberships;
            expect(memberships.map((m) => m.company_id)).toEqual([fixtures.inScopeClubId]);
          },
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/members/actions.ts#eraseMemberAction`,
    needs: { module: "member", permission: "MEMBER.U" },
    args: async (f) => [{ id: (await newMember(f.inScopeClubId)).id }],
    cells: { ...write, outOfScope: [{ object: "the member", args: async (f) => [{ id: (await newMember(f.outOfScopeCompanyId)).id }], expect: HIDDEN }] },
  },
  // ---- events (module event, EVENT.U)
  {
    action: `${DASHBOARD}/events/actions.ts#createEventAction`,
    needs: { module: "event", permission: "EVENT.U" },
    args: async (f) => [{ company_id: f.inScopeClubId, name: unique("Möte"), starts_at: "2027-04-01T18:00:00+02:00", ends_at: "2027-04-01T19:00:00+02:00" }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the company",
          args: async (f) => [{ company_id: f.outOfScopeCompanyId, name: "x", starts_at: "2027-04-01T18:00:00+02:00", ends_at: "2027-04-01T19:00:00+02:00" }],
          expect: 403,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/events/actions.ts#updateEventAction`,
    needs: { module: "event", permission: "EVENT.U" },
    args: async (f) => [{ id: (await newEvent(f.inScopeClubId)).id, event: { name: unique("Nytt namn") } }],
    cells: { ...write, outOfScope: [{ object: "the event", args: async (f) => [{ id: (await newEvent(f.outOfScopeCompanyId)).id, event: { name: "x" } }], expect: HIDDEN }] },
  },
  {
    action: `${DASHBOARD}/events/actions.ts#deleteEventAction`,
    needs: { module: "event", permission: "EVENT.U" },
    args: async (f) => [{ id: (await newEvent(f.inScopeClubId)).id }],
    cells: { ...write, outOfScope: [{ object: "the event", args: async (f) => [{ id: (await newEvent(f.outOfScopeCompanyId)).id }], expect: HIDDEN }] },
  },
  {
    action: `${DASHBOARD}/events/actions.ts#registerParticipantAction`,
    needs: { module: "event", permission: "EVENT.U" },
    args: async (f) => [{ id: (await newEvent(f.inScopeClubId)).id, member_id: (await newMember(f.inScopeClubId)).id }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the event",
          args: async (f) => [{ id: (await newEvent(f.outOfScopeCompanyId)).id, member_id: (await newMember(f.outOfScopeCompanyId)).id }],
          expect: HIDDEN,
        },
        {
          // As a missing member: a field error on member_id ("member not found"), the form's answer to a bad pick.
          object: "the member (the event in scope)",
          args: async (f) => [{ id: (await newEvent(f.inScopeClubId)).id, member_id: (await newMember(f.outOfScopeCompanyId)).id }],
          expect: 400,
        },
      ],
    },
  },
  {
    action: `${DASHBOARD}/events/actions.ts#unregisterParticipantAction`,
    needs: { module: "event", permission: "EVENT.U" },
    args: async (f) => [{ id: (await newEvent(f.inScopeClubId)).id, member_id: (await newMember(f.inScopeClubId)).id }],
    cells: {
      ...write,
      outOfScope: [
        {
          object: "the event",
          args: async (f) => [{ id: (await newEvent(f.outOfScopeCompanyId)).id, member_id: (await newMember(f.outOfScopeCompanyId)).id }],
          expect: HIDDEN,
        },
        {
          // Taking someone off an event in scope reads nothing of the member: as for a member never registered
          // (or missing), nothing changes and the answer is the event in scope.
          object: "the member (the event in scope)",
          args: async (f) => [{ id: (await newEvent(f.inScopeClubId)).id, member_id: (await newMember(f.outOfScopeCompanyId)).id }],
          expect: 200,
        },
      ],
    },
  },
  // ---- access management (the ADMIN role; grants never beyond the ADMIN's own access)
  {
    action: `${DASHBOARD}/api-keys/actions.ts#createApiKeyAction`,
    needs: { adminRole: true },
    args: async (f) => [{ name: unique("nyckel"), company_id: f.inScopeClubId, access: { ...accessOf(f.inScopeClubId), permissions: [] } }],
    cells: {
      ...write,
      wrongModule: NO_MODULE,
      outOfScope: [
        {
          object: "the key's company",
          args: async (f) => [{ name: unique("nyckel"), company_id: f.outOfScopeCompanyId, access: { ...accessOf(f.outOfScopeCompanyId), permissions: [] } }],
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
      // client_ids are 144-bit random values, not enumerable: the key's company answers as a company does.
      outOfScope: [{ object: "the key (of a company outside)", args: async (f) => [{ client_id: (await newApiKey(f.outOfScopeCompanyId)).client_id }], expect: 403 }],
    },
  },
  {
    action: `${DASHBOARD}/users/actions.ts#createAdminUserAction`,
    needs: { adminRole: true },
    args: async (f) => [{ email: email("personal"), name: "Ny", password: "ett-langt-losenord", role: "EDITOR", access: accessOf(f.inScopeClubId) }],
    cells: {
      ...write,
      wrongModule: NO_MODULE,
      outOfScope: [
        {
          // The grant is the form's input: a field error on access.company_ids.
          object: "the granted company",
          args: async (f) => [{ email: email("personal"), name: "Ny", password: "ett-langt-losenord", role: "EDITOR", access: accessOf(f.outOfScopeCompanyId) }],
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
        { object: "the user (scoped to a company outside)", args: async (f) => [{ id: (await newAdminUser("EDITOR", accessOf(f.outOfScopeCompanyId))).id, role: "VIEWER" }], expect: HIDDEN },
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
  // ---- no session: the language switch and the hosted pages answer the same whatever session cookie comes along
  {
    action: "app/admin/language-action.ts#chooseLanguageAction",
    needs: "nothing",
    args: async () => [form({ lang: "en" })],
    outcome: ({ value, setCookies }) => (value === undefined && setCookies.some((c) => c.startsWith("admin_lang=en;")) ? "language set" : `unexpected ${JSON.stringify(value)}`),
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
    cells: { noSession: "success", expiredSession: "success", invalidSession: "success", wrongModule: NO_CALLER, missingPermission: NO_CALLER, outOfScope: NO_CALLER, inScope: "success" },
  },
  {
    action: "app/unsubscribe/actions.ts#unsubscribeAction",
    needs: "nothing",
    args: async (f) => {
      const { listUuid, memberUuid } = await newSubscription(f.inScopeClubId);
      return [idle, form({ list_uuid: listUuid, member_uuid: memberUuid })];
    },
    outcome: ({ value }) => (value as { status: string }).status,
    cells: { noSession: "done", expiredSession: "done", invalidSession: "done", wrongModule: NO_CALLER, missingPermission: NO_CALLER, outOfScope: NO_CALLER, inScope: "done" },
  },
  {
    action: "app/unsubscribe/actions.ts#optOutAction",
    needs: "nothing",
    args: async (f) => {
      const { memberUuid } = await newSubscription(f.inScopeClubId);
      return [idle, form({ member_uuid: memberUuid, token: globalOptOutToken(memberUuid) })];
    },
    outcome: ({ value }) => (value as { status: string }).status,
    cells: { noSession: "done", expiredSession: "done", invalidSession: "done", wrongModule: NO_CALLER, missingPermission: NO_CALLER, outOfScope: NO_CALLER, inScope: "done" },
  },
];

// ------------------------------------------------------------------------------------------------- callers

/** Who makes the calls of a column: each a cookie header (or none), all expected to get the cell's outcome. */
interface Callers {
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
}

let fixtures: Fixtures;
let callers: Callers;
let manifest: ManifestAction[];

beforeAll(async () => {
  manifest = manifestActions();
  const inScope = await makeCompany("Matrisförbundet");
  const club = await makeCompany("Matrisklubben", inScope.id);
  const outside = await makeCompany("Annat förbund");
  const grant = await createGrant(operator(), { name: unique("Bidrag") });
  const period = await createPeriod(operator(), { company_id: inScope.id, name: "2027", start_date: "2027-01-01", end_date: "2027-12-31" });
  fixtures = { inScopeCompanyId: inScope.id, inScopeClubId: club.id, outOfScopeCompanyId: outside.id, grantId: grant.id, periodId: period.id };
  const scoped = accessOf(inScope.id);
  const signedIn = async (role: "ADMIN" | "EDITOR" | "VIEWER", access = scoped) => signIn(await newAdminUser(role, access));
  const admin = await newAdminUser("ADMIN", scoped);
  callers = {
    scopedAdmin: { user: admin, cookie: await signIn(admin) },
    lacking: Object.fromEntries(
      await Promise.all(MODULES.map(async (m) => [m, await signedIn("ADMIN", { ...scoped, modules: MODULES.filter((x) => x !== m) })])),
    ) as Record<Module, string>,
    viewer: await signedIn("VIEWER"),
    lackingPermission: Object.fromEntries(
      await Promise.all(PERMISSIONS.map(async (p) => [p, await signedIn("EDITOR", { ...scoped, permissions: PERMISSIONS.filter((x) => x !== p) })])),
    ) as Record<Permission, string>,
    editor: await signedIn("EDITOR"),
    withoutDescendants: await signedIn("ADMIN", { ...scoped, include_descendants: false }),
  };
});

/** The cookie headers of a column's callers for a row (several when the column has two kinds of caller). */
async function cookiesFor(column: Exclude<Column, "outOfScope">, row: Row): Promise<{ who: string; cookie?: string }[]> {
  switch (column) {
    case "noSession":
      return [{ who: "no cookie" }];
    case "expiredSession":
      return [{ who: "expired an hour ago", cookie: await sealedSessionCookie({ uid: callers.scopedAdmin.user.id, maxAgeSeconds: -3600 }) }];
    case "invalidSession":
      return [
        { who: "garbage", cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged" },
        { who: "sealed with another secret", cookie: await sealedSessionCookie({ uid: callers.scopedAdmin.user.id, maxAgeSeconds: 3600, secret: crypto.randomBytes(32).toString("base64url") }) },
        { who: "sealed right, for no such user", cookie: await sealedSessionCookie({ uid: 2_000_000_000, maxAgeSeconds: 3600 }) },
      ];
    case "wrongModule":
      if (typeof row.needs !== "object" || !("module" in row.needs)) throw new Error(`${row.action}: a wrong-module cell needs a module`);
      return [{ who: `without the ${row.needs.module} module`, cookie: callers.lacking[row.needs.module] }];
    case "missingPermission": {
      const viewer = { who: "a VIEWER", cookie: callers.viewer };
      if (row.needs === "nothing") throw new Error(`${row.action}: a missing-permission cell needs a permission or role`);
      if ("adminRole" in row.needs) return [viewer, { who: "an EDITOR", cookie: callers.editor }];
      if (!row.needs.permission) return [viewer];
      return [viewer, { who: `an EDITOR without ${row.needs.permission}`, cookie: callers.lackingPermission[row.needs.permission] }];
    }
    case "inScope":
      return [{ who: "a scoped ADMIN", cookie: callers.scopedAdmin.cookie }];
  }
}

const statusOf = ({ value }: ActionAnswer): Outcome => {
  const result = value as { ok?: boolean; status?: number };
  if (result?.ok === true) return 200;
  if (result?.ok === false && typeof result.status === "number") return result.status;
  throw new Error(`not an ActionResult: ${JSON.stringify(value)}`);
};

async function outcome(row: Row, args: unknown[], cookie?: string): Promise<{ outcome: Outcome; value: unknown }> {
  const action = manifest.find((a) => a.key === row.action);
  if (!action) throw new Error(`${row.action} is not in the build's manifest`);
  const answer = await callAction(action, args, { cookie });
  return { outcome: (row.outcome ?? statusOf)(answer), value: answer.value };
}

// --------------------------------------------------------------------------------------------------- tests

describe("the matrix covers every server action", () => {
  it("names every action of the build's manifest, and nothing else", () => {
    const inTable = ROWS.map((r) => r.action).sort();
    expect(new Set(inTable).size).toBe(inTable.length);
    expect(inTable).toEqual(manifestActions().map((a) => a.key).sort());
  });

  it("names every export of the sources' server modules, and nothing else", () => {
    expect(ROWS.map((r) => r.action).sort()).toEqual(sourceActions().sort());
  });

  it("says why each cell that does not apply does not", () => {
    for (const row of ROWS) {
      for (const column of COLUMNS) {
        const cell = row.cells[column];
        if (typeof cell === "object" && "notApplicable" in cell) expect(cell.notApplicable.length, `${row.action} ${column}`).toBeGreaterThan(10);
        if (Array.isArray(cell)) expect(cell.length, `${row.action} ${column}`).toBeGreaterThan(0);
      }
    }
  });

  it("tells an expired session from a valid one by its expiry alone", async () => {
    // The expired cells' cookie is sealed with the server's secret: the same seal with a future expiry is accepted.
    const row = ROWS.find((r) => r.action.endsWith("#previewTermAction"))!;
    const valid = await sealedSessionCookie({ uid: callers.scopedAdmin.user.id, maxAgeSeconds: 3600 });
    expect((await outcome(row, await row.args(fixtures), valid)).outcome).toBe(200);
  });
});

describe.each(ROWS.map((row) => [row.action, row] as const))("%s", (_name, row) => {
  for (const column of COLUMNS) {
    const cell = row.cells[column];
    if (typeof cell === "object" && "notApplicable" in cell) continue;
    if (column === "outOfScope") {
      for (const oneCase of cell as OutOfScopeCase[]) {
        it(`${column}: ${oneCase.object} → ${oneCase.expect}`, async () => {
          const args = await oneCase.args(fixtures);
          const { outcome: got, value } = await outcome(row, args, (oneCase.caller ?? ((c) => c.scopedAdmin.cookie))(callers));
          expect(got, JSON.stringify(value)).toBe(oneCase.expect);
          await oneCase.afterwards?.(args);
        });
      }
      continue;
    }
    it(`${column} → ${String(cell)}`, async () => {
      for (const { who, cookie } of await cookiesFor(column, row)) {
        const { outcome: got, value } = await outcome(row, await row.args(fixtures), cookie);
        expect(got, `${who}: ${JSON.stringify(value)}`).toBe(cell);
      }
    });
  }
});
