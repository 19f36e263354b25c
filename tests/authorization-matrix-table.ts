// The expected cells of the /v3 authorization matrix (run by tests/integration/authorization-matrix.test.ts): one row
// per operation of the operation table (lib/operations, which says its method, path, auth, module and permission),
// one status per kind of caller, and how to build each request. Writes that destroy (DELETE of
// a list, member or event) get a fresh object per cell, so no cell depends on another.
import { randomBytes } from "node:crypto";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { addOccasion } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { AddOccasionRequest } from "@/modules/activities/schemas/occasion";
import { createEvent, registerParticipant } from "@/modules/events/services/events";
import { createMember } from "@/modules/members/services/changes";
import { pauseSendout, sendSendout } from "@/modules/sendouts/services/states";
import { createSendout } from "@/modules/sendouts/services/sendouts";
import { createImport } from "@/modules/imports/services/imports";
import { createWebhookEndpoint, sendWebhookTest } from "@/modules/webhooks/services/webhooks";
import { createList } from "@/modules/lists/services/lists";
import { globalOptOutToken } from "@/modules/lists/services/unsubscribe-links";
import type { V3OperationId } from "@/lib/operations";
import { CreateEventRequest } from "@/modules/events/schemas/event";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { CreateWebhookEndpointRequest } from "@/modules/webhooks/schemas/webhooks";
import { newAdminUser } from "./dashboard-session";
import { basicHeader, tokensFor, type CallOptions } from "./helpers";
import { uniqueEmail } from "./member-fixtures";

export const COLUMNS = [
  "none",
  "expired",
  "invalid",
  "wrongModule",
  "missingPermission",
  "outOfScope",
  "inScope",
] as const;
export type Column = (typeof COLUMNS)[number];
/** A cell that does not apply, with the reason. */
type NotApplicable = { na: string };
type Cell = number | NotApplicable;
const na = (why: string): NotApplicable => ({ na: why });

export interface Side {
  companyId: string;
  companyName: string;
  listId: number;
  listUuid: string;
  memberId: number;
  memberEmail: string;
  /** A member only the public unsubscribe rows touch (they opt it out). */
  publicMemberId: number;
  publicMemberUuid: string;
  eventId: number;
  activityId: number;
  occasionId: number;
  periodId: number;
}

export interface Key {
  id: number;
  client_id: string;
  client_secret: string;
}

export interface Keys {
  full: Key;
  noModules: Key;
  noPermission: Key;
}

interface Context {
  side: Side;
  column: Column;
  keys: Keys;
}

type Request = { path: string } & Pick<CallOptions, "method" | "body" | "rawBody" | "headers" | "redirect">;

export interface Row {
  cells: Record<Column, Cell>;
  request(ctx: Context): Request | Promise<Request>;
  /** Exact bodies of cells the standard ones (below) do not cover. */
  bodies?: Partial<Record<Column, unknown>>;
}

/** A public route: the same answer whoever calls and whatever token is sent. */
function publicCells(status: number): Record<Column, Cell> {
  return Object.fromEntries(COLUMNS.map((c) => [c, status])) as Record<Column, Cell>;
}

/** A bearer route: 401, 401, 422, 403 for the module, then the permission, scope and success cells given. */
function bearerCells(cells: {
  missingPermission: Cell;
  outOfScope: Cell;
  inScope: number;
  wrongModule?: Cell;
}): Record<Column, Cell> {
  return { none: 401, expired: 401, invalid: 422, wrongModule: 403, ...cells };
}

const READ = 200; // a read needs only the module: a key without any permission reads
const NO_OBJECT = na("names no object: the answer covers only the caller's scope");
/** The rules most rows follow. A list, member or event of another company answers as a missing one (404). */
const OBJECT_READ = bearerCells({ missingPermission: READ, outOfScope: 404, inScope: 200 });
const OBJECT_WRITE = bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 });
/** A company named in the query or body outside the scope is 403. */
const COMPANY_READ = bearerCells({ missingPermission: READ, outOfScope: 403, inScope: 200 });
const COMPANY_CREATE = bearerCells({ missingPermission: 403, outOfScope: 403, inScope: 201 });
/** Filters that name another company are answered, with none of its rows (each such row checks). */
const SCOPE_FILTERED_READ = bearerCells({ missingPermission: READ, outOfScope: 200, inScope: 200 });
const winterEvening = { starts_at: "2026-12-05T17:00:00Z", ends_at: "2026-12-05T21:30:00+01:00" };
export const op = operatorCaller();

async function freshList(companyId: string) {
  return createList(op, { name: "Engångslista", company_id: companyId });
}
export async function freshMember(companyId: string) {
  return createMember(op, CreateMemberRequest.parse({ company_id: companyId, email: uniqueEmail("matris") }));
}
export async function freshEvent(companyId: string) {
  return createEvent(op, CreateEventRequest.parse({ company_id: companyId, name: "Engångsevent", ...winterEvening }));
}
/** An activity with `memberId` enrolled and one past occasion (attendance can be recorded on it). */
export async function freshActivity(companyId: string, memberId?: number) {
  const activity = await createActivity(
    op,
    CreateActivityRequest.parse({ company_id: companyId, name: "Matristräning", capacity: 10 }),
  );
  if (memberId) await enrollParticipant(op, activity.id, memberId);
  const occasion = await addOccasion(
    op,
    activity.id,
    AddOccasionRequest.parse({ starts_at: "2026-09-01T16:00:00Z", duration_minutes: 60 }),
  );
  return { activity, occasion };
}

/** A sendout of the side's list in the state a row needs (every state change gets its own, so no cell depends on another). */
let staffAddress: Promise<string> | undefined;
/** The address of a dashboard user with access to every company (made once): a test copy may go there from any side. */
const staffOfAll = () => (staffAddress ??= newAdminUser("VIEWER").then((admin) => admin.email));

async function freshSendout(side: Side, state: "DRAFT" | "SENDING" | "PAUSED" = "DRAFT") {
  const { id } = await createSendout(
    op,
    CreateSendoutRequest.parse({
      company_id: side.companyId,
      list_ids: [side.listId],
      subject: "Matrisbrev",
      html: "<p>Hej</p>",
    }),
  );
  if (state !== "DRAFT") await sendSendout(op, id, {});
  if (state === "PAUSED") await pauseSendout(op, id);
  return id;
}

/** A write on a fresh sendout of the side's: another company's sendout is 404 `sendout not found`. */
function sendoutWriteRow(action: string, state: "DRAFT" | "SENDING" | "PAUSED", body?: unknown): Row {
  return {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({
      path: `/v3/sendout/${await freshSendout(side, state)}${action}`,
      method: action ? "POST" : "PUT",
      body,
    }),
  };
}

/** The service checks an import's module and permission by its kind (here MEMBER), so the refusals name them. */
const importBodies = {
  wrongModule: { reason: "access group lacks the member module" },
  missingPermission: { reason: "access group lacks the MEMBER.U permission" },
  outOfScope: { reason: "import not found" },
};

/** An UPLOADED member import of the side's company (a one-row CSV). */
async function freshImport(side: Side) {
  const file = new Blob([`email\n${uniqueEmail("matris")}\n`]).stream();
  return (
    await createImport(op, { kind: "MEMBER", company_id: side.companyId, file_name: "matris.csv" }, "text/csv", file)
  ).id;
}

/** A webhook endpoint of the side's company (each cell its own: a delete or rotation touches no other cell's). */
async function freshEndpoint(side: Side) {
  const input = CreateWebhookEndpointRequest.parse({
    company_id: side.companyId,
    url: "https://hooks.example.org/matris",
    events: ["member.created"],
  });
  return (await createWebhookEndpoint(op, input)).id;
}

/** A write on a fresh endpoint of the side's: another company's endpoint is 404 `webhook endpoint not found`. */
function webhookWriteRow(method: "PUT" | "DELETE" | "POST", action: string, body?: unknown): Row {
  return {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({ path: `/v3/webhook/${await freshEndpoint(side)}${action}`, method, body }),
  };
}

/** The organization's reference data: a company named in the query outside the scope is 403. */
function referenceDataRow(route: string): Row {
  return {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3${route}?company_id=${side.companyId}` }),
  };
}

/** A member of the list's organization subscribed or unsubscribed by an admin. */
function memberSubscriptionRow(action: "subscribe" | "unsubscribe"): Row {
  return {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({
      path: `/v3/subscription_list/${side.listId}/${action}/${side.memberId}`,
      method: "POST",
    }),
  };
}

/**
 * A mail provider's webhook: HTTP Basic whose password is MAIL_EVENTS_SECRET (the test stack sets one). A shared
 * secret has no modules, permissions or scope, and does not expire.
 */
function mailEventRow(path: string, body: (email: string) => object): Row {
  const secretOnly = na("a shared secret, not an API key: no module, permission or scope");
  return {
    cells: {
      none: 401,
      expired: na("a shared secret does not expire"),
      invalid: 401,
      wrongModule: secretOnly,
      missingPermission: secretOnly,
      outOfScope: secretOnly,
      inScope: 200,
    },
    bodies: { none: { reason: "Missing or invalid Authorization header" }, invalid: { reason: "invalid credentials" } },
    request: ({ column }) => {
      const credentials: Partial<Record<Column, string>> = {
        invalid: basicHeader("postmark", "not-the-secret"),
        inScope: basicHeader("postmark", process.env.MAIL_EVENTS_SECRET!),
      };
      const authorization = credentials[column];
      const headers: Record<string, string> = authorization ? { authorization } : {};
      // An address no member has: the event is recorded and changes no organization's sendouts.
      return { path, method: "POST", headers, body: body(uniqueEmail("studs")) };
    },
  };
}

/** One row per /v3 operation, by operationId; its method, path, auth, module and permission are the table's. */
export const table: Record<V3OperationId, Row> = {
  // ---- tokens: client credentials and refresh tokens instead of a bearer token
  issueTokens: {
    cells: {
      none: 401,
      expired: na("client credentials do not expire (a revoked key is the invalid cell)"),
      invalid: 401,
      wrongModule: 200,
      missingPermission: 200,
      outOfScope: na("names no object"),
      inScope: 200,
    },
    bodies: {
      none: { reason: "Missing or invalid Authorization header" },
      invalid: { reason: "provided client_id and client_secret does not match any record" },
    },
    request: ({ column, keys }) => {
      const credentials: Partial<Record<Column, string>> = {
        invalid: basicHeader(keys.full.client_id, "not-the-secret"),
        wrongModule: basicHeader(keys.noModules.client_id, keys.noModules.client_secret),
        missingPermission: basicHeader(keys.noPermission.client_id, keys.noPermission.client_secret),
        inScope: basicHeader(keys.full.client_id, keys.full.client_secret),
      };
      const authorization = credentials[column];
      const headers: Record<string, string> = authorization ? { authorization } : {};
      return { path: "/v3/access/user/basic", method: "POST", headers };
    },
  },
  refreshTokens: {
    cells: {
      none: 400,
      expired: 401,
      invalid: 403,
      wrongModule: 200,
      missingPermission: 200,
      outOfScope: na("names no object"),
      inScope: 200,
    },
    bodies: { expired: { reason: "expired" }, invalid: { reason: "forbidden" } },
    request: async ({ column, keys }) => {
      const refresh = async (key: Key) => (await tokensFor(key)).refresh_token;
      let body: Record<string, string> = {};
      if (column === "expired") {
        const token = await refresh(keys.full);
        await db().refreshToken.update({
          where: { tokenHash: sha256Hex(token) },
          data: { expiresAt: new Date(Date.now() - 1000) },
        });
        body = { refresh_token: token };
      }
      if (column === "invalid") body = { refresh_token: randomBytes(32).toString("base64url") };
      if (column === "wrongModule") body = { refresh_token: await refresh(keys.noModules) };
      if (column === "missingPermission") body = { refresh_token: await refresh(keys.noPermission) };
      if (column === "inScope") body = { refresh_token: await refresh(keys.full) };
      return { path: "/v3/access/user/oauth/refresh_token", method: "POST", body };
    },
  },

  // ---- the company register (spec 4.2): a company outside the scope is 403
  getCurrentCompany: {
    cells: bearerCells({
      wrongModule: 200,
      missingPermission: READ,
      outOfScope: na("the caller's own company: names no object"),
      inScope: 200,
    }),
    request: () => ({ path: "/v3/company" }),
  },
  listCompanyRegister: {
    cells: bearerCells({
      missingPermission: READ,
      outOfScope: na("the whole register by contract (spec 4.2): names no object"),
      inScope: 200,
    }),
    request: () => ({ path: "/v3/company/fk" }),
  },
  getCompanyFk: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/company/${side.companyId}/fk` }),
  },
  updateCompanyFkStatus: {
    cells: bearerCells({ missingPermission: 403, outOfScope: 403, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/company/${side.companyId}/fk`, method: "PUT", body: { fk_status: "ACTIVE" } }),
  },
  getCompanyUtforarstatus: {
    // The contract lists no 403 for it: scope is not checked (docs/api.md), so B's status is answered too.
    cells: SCOPE_FILTERED_READ,
    request: ({ side }) => ({ path: `/v3/company/fk/status/${side.companyId}` }),
  },
  getCompanyHierarchy: {
    cells: bearerCells({ missingPermission: READ, outOfScope: NO_OBJECT, inScope: 200 }),
    request: () => ({ path: "/v3/company/hierarchy" }),
  },
  searchCompanies: {
    // Searching for B by name finds nothing (checked: no B ids in the body), it is not refused.
    cells: SCOPE_FILTERED_READ,
    request: ({ side }) => ({ path: `/v3/company/search?q=${encodeURIComponent(side.companyName)}` }),
  },

  // ---- the organization's reference data: a company named in the query outside the scope is 403
  listCompanyPeriods: referenceDataRow("/company_period"),
  listMemberTypes: referenceDataRow("/membertype"),
  listProperties: referenceDataRow("/property"),

  // ---- events: another company's event is 404 `event not found`, a company named in the query or body 403
  listEvents: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/events/list?company_id=${side.companyId}` }),
  },
  createEvent: {
    cells: COMPANY_CREATE,
    request: ({ side }) => ({
      path: "/v3/events",
      method: "POST",
      body: { company_id: side.companyId, name: "Matrisfest", ...winterEvening },
    }),
  },
  getEvent: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/events/${side.eventId}` }),
  },
  updateEvent: {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({ path: `/v3/events/${side.eventId}`, method: "PUT", body: { location: "Klubbstugan" } }),
  },
  deleteEvent: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({ path: `/v3/events/${(await freshEvent(side.companyId)).id}`, method: "DELETE" }),
  },
  registerEventParticipant: {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({
      path: `/v3/events/${side.eventId}/participants`,
      method: "POST",
      body: { member_id: side.memberId },
    }),
  },
  unregisterEventParticipant: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => {
      const member = await freshMember(side.companyId);
      await registerParticipant(op, side.eventId, member.id);
      return { path: `/v3/events/${side.eventId}/participants/${member.id}`, method: "DELETE" };
    },
  },

  // ---- activities: another company's activity or occasion is 404, a company named in the query or body 403
  listActivities: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/activities?company_id=${side.companyId}` }),
  },
  createActivity: {
    cells: COMPANY_CREATE,
    request: ({ side }) => ({
      path: "/v3/activities",
      method: "POST",
      body: { company_id: side.companyId, name: "Matrisjudo" },
    }),
  },
  getActivity: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/activities/${side.activityId}` }),
  },
  updateActivity: {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({ path: `/v3/activities/${side.activityId}`, method: "PUT", body: { location: "Dojon" } }),
  },
  deleteActivity: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({
      path: `/v3/activities/${(await freshActivity(side.companyId)).activity.id}`,
      method: "DELETE",
    }),
  },
  copyActivity: {
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 201 }),
    request: ({ side }) => ({
      path: `/v3/activities/${side.activityId}/copy`,
      method: "POST",
      body: { from_date: "2027-01-12", participants: "enrolled" },
    }),
  },
  listOccasions: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/activities/${side.activityId}/occasions` }),
  },
  addOccasion: {
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 201 }),
    request: ({ side }) => ({
      path: `/v3/activities/${side.activityId}/occasions`,
      method: "POST",
      body: { starts_at: "2026-10-03T10:00:00+02:00", duration_minutes: 90 },
    }),
  },
  enrollActivityParticipant: {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({
      path: `/v3/activities/${side.activityId}/participants`,
      method: "POST",
      body: { member_id: side.memberId },
    }),
  },
  removeActivityParticipant: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => {
      const member = await freshMember(side.companyId);
      await enrollParticipant(op, side.activityId, member.id);
      return { path: `/v3/activities/${side.activityId}/participants/${member.id}`, method: "DELETE" };
    },
  },
  getOccasion: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/occasions/${side.occasionId}` }),
  },
  updateOccasion: {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({ path: `/v3/occasions/${side.occasionId}`, method: "PUT", body: { location: "Hall B" } }),
  },
  recordAttendance: {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({
      path: `/v3/occasions/${side.occasionId}/attendance`,
      method: "PUT",
      body: { attendance: [{ member_id: side.memberId, status: "PRESENT" }] },
    }),
  },
  getLokReport: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/lok-report?company_id=${side.companyId}&from=2026-07-01&to=2026-12-31` }),
  },
  getLokReportCsv: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/lok-report.csv?company_id=${side.companyId}&from=2026-07-01&to=2026-12-31` }),
  },
  getLokReportXlsx: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/lok-report.xlsx?company_id=${side.companyId}&from=2026-07-01&to=2026-12-31` }),
  },
  getLokSettings: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/lok-report/settings?company_id=${side.companyId}` }),
  },
  updateLokSettings: {
    cells: bearerCells({ missingPermission: 403, outOfScope: 403, inScope: 200 }),
    request: ({ side }) => ({
      path: "/v3/lok-report/settings",
      method: "PUT",
      body: {
        company_id: side.companyId,
        min_age: 7,
        max_age: 25,
        min_participants: 3,
        min_leader_age: 13,
        min_minutes: 60,
        max_participants_per_leader: 20,
      },
    }),
  },

  // ---- sendouts: another company's sendout is 404 `sendout not found`, a company named in the query or body 403
  listSendouts: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/sendout?company_id=${side.companyId}` }),
  },
  createSendout: {
    cells: COMPANY_CREATE,
    request: ({ side }) => ({
      path: "/v3/sendout",
      method: "POST",
      body: {
        company_id: side.companyId,
        list_ids: [side.listId],
        subject: "Matrisbrev",
        html: "<p>Hej {{firstname|vän}}</p>",
      },
    }),
  },
  getSendout: {
    cells: OBJECT_READ,
    request: async ({ side }) => ({ path: `/v3/sendout/${await freshSendout(side)}` }),
  },
  updateSendout: sendoutWriteRow("", "DRAFT", { subject: "Nytt ämne" }),
  sendSendout: sendoutWriteRow("/send", "DRAFT", {}),
  pauseSendout: sendoutWriteRow("/pause", "SENDING"),
  resumeSendout: sendoutWriteRow("/resume", "PAUSED"),
  cancelSendout: sendoutWriteRow("/cancel", "DRAFT"),
  // A test copy goes only to staff whose access covers the sendout's company: a staff member of every company.
  sendTestSendout: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({
      path: `/v3/sendout/${await freshSendout(side)}/test`,
      method: "POST",
      body: { email: await staffOfAll() },
    }),
  },

  // ---- imports: another company's import is 404 `import not found`; the module and permission follow the kind
  createImport: {
    cells: COMPANY_CREATE,
    bodies: { wrongModule: importBodies.wrongModule, missingPermission: importBodies.missingPermission },
    request: ({ side }) => ({
      path: `/v3/imports?kind=MEMBER&company_id=${side.companyId}`,
      method: "POST",
      headers: { "content-type": "text/csv" },
      rawBody: `email\n${uniqueEmail("matris")}\n`,
    }),
  },
  listImports: {
    cells: bearerCells({ wrongModule: 200, missingPermission: READ, outOfScope: NO_OBJECT, inScope: 200 }),
    request: () => ({ path: "/v3/imports" }),
  },
  getImport: {
    cells: OBJECT_READ,
    bodies: { wrongModule: importBodies.wrongModule, outOfScope: importBodies.outOfScope },
    request: async ({ side }) => ({ path: `/v3/imports/${await freshImport(side)}` }),
  },
  previewImport: {
    cells: OBJECT_READ,
    bodies: { wrongModule: importBodies.wrongModule, outOfScope: importBodies.outOfScope },
    request: async ({ side }) => ({
      path: `/v3/imports/${await freshImport(side)}/preview`,
      method: "POST",
      body: { mapping: { email: "email" } },
    }),
  },
  startImport: {
    cells: OBJECT_WRITE,
    bodies: importBodies,
    request: async ({ side }) => ({
      path: `/v3/imports/${await freshImport(side)}/start`,
      method: "POST",
      body: { mapping: { email: "email" } },
    }),
  },
  getImportResult: {
    cells: OBJECT_READ,
    bodies: { wrongModule: importBodies.wrongModule, outOfScope: importBodies.outOfScope },
    request: async ({ side }) => ({ path: `/v3/imports/${await freshImport(side)}/result` }),
  },
  undoImport: {
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 409 }),
    bodies: importBodies,
    request: async ({ side }) => ({ path: `/v3/imports/${await freshImport(side)}/undo`, method: "POST" }),
  },

  // ---- webhooks: another company's endpoint is 404 `webhook endpoint not found`, a company named in the query or body 403
  listWebhookEndpoints: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/webhook?company_id=${side.companyId}` }),
  },
  createWebhookEndpoint: {
    cells: COMPANY_CREATE,
    request: ({ side }) => ({
      path: "/v3/webhook",
      method: "POST",
      body: { company_id: side.companyId, url: "https://hooks.example.org/matris", events: ["subscription.created"] },
    }),
  },
  getWebhookEndpoint: {
    cells: OBJECT_READ,
    request: async ({ side }) => ({ path: `/v3/webhook/${await freshEndpoint(side)}` }),
  },
  updateWebhookEndpoint: webhookWriteRow("PUT", "", { description: "Matris" }),
  deleteWebhookEndpoint: webhookWriteRow("DELETE", ""),
  rotateWebhookSecret: webhookWriteRow("POST", "/rotate_secret"),
  sendWebhookTest: webhookWriteRow("POST", "/test"),
  listWebhookDeliveries: {
    cells: OBJECT_READ,
    request: async ({ side }) => ({ path: `/v3/webhook/${await freshEndpoint(side)}/deliveries` }),
  },
  redeliverWebhook: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => {
      const endpointId = await freshEndpoint(side);
      const delivery = await sendWebhookTest(op, endpointId);
      return { path: `/v3/webhook/${endpointId}/deliveries/${delivery.id}/redeliver`, method: "POST" };
    },
  },

  // ---- members: another company's member is 404 `member not found`, a company named in the body 403
  createMember: {
    cells: COMPANY_CREATE,
    request: ({ side }) => ({
      path: "/v3/member",
      method: "POST",
      body: { company_id: side.companyId, email: uniqueEmail("matris") },
    }),
  },
  getMember: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/member/${side.memberId}` }),
  },
  updateMember: {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({ path: `/v3/member/${side.memberId}`, method: "PUT", body: { firstname: "Matris" } }),
  },
  eraseMember: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({ path: `/v3/member/${(await freshMember(side.companyId)).id}`, method: "DELETE" }),
  },
  listMemberGuardians: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/member/${side.memberId}/guardians` }),
  },
  setMemberGuardian: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({
      path: `/v3/member/${side.memberId}/guardians/${(await freshMember(side.companyId)).id}`,
      method: "PUT",
      body: { relation: "förälder" },
    }),
  },
  removeMemberGuardian: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({
      path: `/v3/member/${side.memberId}/guardians/${(await freshMember(side.companyId)).id}`,
      method: "DELETE",
    }),
  },
  listMembers: {
    // B's period as the filter: answered, with none of B's members (checked).
    cells: SCOPE_FILTERED_READ,
    request: ({ side }) => ({
      path: "/v3/member/pagination",
      method: "POST",
      body: { options: { period_id: side.periodId } },
    }),
  },
  searchMembers: {
    // B named in the company filter: answered, with none of B's members (checked).
    cells: SCOPE_FILTERED_READ,
    request: ({ side }) => ({
      path: "/v3/market/members/search",
      method: "POST",
      body: { filters: { companies: { company_ids: [side.companyId], include: "ANY" } }, search_text: "" },
    }),
  },

  // ---- admin subscription lists: another company's list (or member) is 404, a company named in query or body 403
  listSubscriptionLists: {
    cells: COMPANY_READ,
    request: ({ side }) => ({ path: `/v3/subscription_list?company_id=${side.companyId}` }),
  },
  createSubscriptionList: {
    cells: COMPANY_CREATE,
    request: ({ side }) => ({
      path: "/v3/subscription_list",
      method: "POST",
      body: { name: "Matrislistan", company_id: side.companyId },
    }),
  },
  getSubscriptionList: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/subscription_list/${side.listId}` }),
  },
  updateSubscriptionList: {
    cells: OBJECT_WRITE,
    request: ({ side }) => ({
      path: `/v3/subscription_list/${side.listId}`,
      method: "PUT",
      body: { description: "Ändrad av matrisen" },
    }),
  },
  deleteSubscriptionList: {
    cells: OBJECT_WRITE,
    request: async ({ side }) => ({
      path: `/v3/subscription_list/${(await freshList(side.companyId)).id}`,
      method: "DELETE",
    }),
  },
  listSubscribers: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/subscription_list/${side.listId}/subscribers` }),
  },
  listsOfMember: {
    cells: OBJECT_READ,
    request: ({ side }) => ({ path: `/v3/subscription_list/member/${side.memberId}` }),
  },
  subscribeMember: memberSubscriptionRow("subscribe"),
  unsubscribeMember: memberSubscriptionRow("unsubscribe"),

  // ---- public endpoints (spec 4.4, no authentication): the same answer for every caller, B's objects included
  getOpenApiDocument: {
    cells: publicCells(200),
    request: () => ({ path: "/v3/openapi.json" }),
  },
  getPublicSubscriptionList: {
    cells: publicCells(200),
    request: ({ side }) => ({ path: `/v3/subscription_list/public/${side.listUuid}` }),
  },
  subscribeVisitor: {
    cells: publicCells(201),
    request: ({ side }) => ({
      path: `/v3/subscription_list/public/${side.listUuid}`,
      method: "POST",
      body: { email: uniqueEmail("besok") },
    }),
  },
  listPublicSubscriptionLists: {
    cells: publicCells(200),
    request: ({ side }) => ({ path: `/v3/subscription_list/public/company/${side.companyId}` }),
  },
  unsubscribePage: {
    cells: publicCells(303),
    request: ({ side }) => ({
      path: `/v3/subscription_list/unsubscribe/${side.listUuid}/${side.publicMemberUuid}`,
      redirect: "manual",
    }),
  },
  unsubscribeFromList: {
    cells: publicCells(200),
    request: ({ side }) => ({
      path: `/v3/subscription_list/unsubscribe/${side.listUuid}/${side.publicMemberUuid}`,
      method: "POST",
    }),
  },
  globalOptOutPage: {
    cells: publicCells(303),
    request: ({ side }) => ({
      path: `/v3/subscription_list/unsubscribe/all/${side.publicMemberUuid}?token=${globalOptOutToken(side.publicMemberUuid)}`,
      redirect: "manual",
    }),
  },
  globalOptOut: {
    cells: publicCells(200),
    request: ({ side }) => ({
      path: `/v3/subscription_list/unsubscribe/all/${side.publicMemberUuid}`,
      method: "POST",
      body: { token: globalOptOutToken(side.publicMemberUuid) },
    }),
  },

  // ---- mail events: the provider's webhooks
  receivePostmarkEvent: mailEventRow("/v3/mail/events/postmark", (email) => ({
    RecordType: "Bounce",
    Type: "HardBounce",
    TypeCode: 1,
    Email: email,
  })),
  receiveMailEvent: mailEventRow("/v3/mail/events", (email) => ({ type: "soft_bounce", email })),
};
