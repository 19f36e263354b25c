// The authorization matrix of /v3: every route (method + path) × every kind of caller, with the exact status of each
// cell. The route files under app/v3 are enumerated with their exported methods, so a route missing from the table
// (or a row for a route that no longer exists) fails the test. Decisions behind the cells: README "Access model".
//
// Columns, all against fixtures made through the services: an in-scope company A and an out-of-scope company B, each
// with a subscription list (one subscriber), members, an event (one participant), a period, a member type, a property
// and a leisure-card record. Unless a row says otherwise, the caller is an API key scoped to A.
//   none               no Authorization header
//   expired            a correctly signed access token of A's full key, expired
//   invalid            the access token of a revoked key (the bearer test covers malformed and forged ones)
//   wrongModule        a key with every module but the one the route needs (no module at all for a route needing none)
//   missingPermission  a key with every module and no permission
//   outOfScope         A's full key (every module and permission) on B's objects
//   inScope            A's full key on A's objects
// Writes that destroy (DELETE of a list, member or event) get a fresh object per cell, so no cell depends on another.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { operatorCaller } from "@/lib/services/access";
import { revokeApiKey } from "@/lib/services/api-keys";
import { createEvent, registerParticipant } from "@/lib/services/events";
import { setLeisureCardApiKey } from "@/lib/services/leisure-card";
import { createMember } from "@/lib/services/member-changes";
import { createMemberType, createPeriod } from "@/lib/services/member-reference";
import { createProperty } from "@/lib/services/properties";
import { setMemberSubscription } from "@/lib/services/subscribers";
import { createList } from "@/lib/services/subscription-lists";
import { globalOptOutToken } from "@/lib/services/unsubscribe-links";
import { MODULES, PERMISSIONS, type Module } from "@/lib/validation/access";
import { CreateEventRequest } from "@/lib/validation/event";
import { CreateMemberRequest } from "@/lib/validation/member";
import { basicHeader, call, makeApiKey, makeCompany, tokensFor, type CallOptions } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const COLUMNS = ["none", "expired", "invalid", "wrongModule", "missingPermission", "outOfScope", "inScope"] as const;
type Column = (typeof COLUMNS)[number];
/** A cell that does not apply, with the reason. */
type NotApplicable = { na: string };
type Cell = number | NotApplicable;
const na = (why: string): NotApplicable => ({ na: why });

interface Side {
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
  periodId: number;
}

interface Key {
  id: number;
  client_id: string;
  client_secret: string;
}

interface Context {
  side: Side;
  column: Column;
  keys: Keys;
}

type Request = { path: string } & Pick<CallOptions, "method" | "body" | "headers" | "redirect">;

interface Row {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The route as its folders under app/v3 name it, `[x]` written `{x}`. */
  path: string;
  /**
   * bearer: the runner sends the column's access token. public: the same, to show it changes nothing.
   * credentials: the token endpoints, whose request builds its own credentials from the column.
   */
  auth: "bearer" | "public" | "credentials";
  /** The module a bearer route needs (null: none); the wrongModule key lacks exactly it. */
  module?: Module | null;
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
function bearerCells(cells: { missingPermission: Cell; outOfScope: Cell; inScope: number; wrongModule?: Cell }): Record<Column, Cell> {
  return { none: 401, expired: 401, invalid: 422, wrongModule: 403, ...cells };
}

const READ = 200; // a read needs only the module: a key without any permission reads
const NO_OBJECT = na("names no object: the answer covers only the caller's scope");
const winterEvening = { starts_at: "2026-12-05T17:00:00Z", ends_at: "2026-12-05T21:30:00+01:00" };
const op = operatorCaller();

async function freshList(companyId: string) {
  return createList(op, { name: "Engångslista", company_id: companyId });
}
async function freshMember(companyId: string) {
  return createMember(op, CreateMemberRequest.parse({ company_id: companyId, email: uniqueEmail("matris") }));
}
async function freshEvent(companyId: string) {
  return createEvent(op, CreateEventRequest.parse({ company_id: companyId, name: "Engångsevent", ...winterEvening }));
}

const table: Row[] = [
  // ---- tokens: client credentials and refresh tokens instead of a bearer token
  {
    method: "POST",
    path: "/access/user/basic",
    auth: "credentials",
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
  {
    method: "POST",
    path: "/access/user/oauth/refresh_token",
    auth: "credentials",
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
        await db().refreshToken.update({ where: { tokenHash: sha256Hex(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
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
  {
    method: "GET",
    path: "/company",
    auth: "bearer",
    module: null,
    cells: bearerCells({ wrongModule: 200, missingPermission: READ, outOfScope: na("the caller's own company: names no object"), inScope: 200 }),
    request: () => ({ path: "/v3/company" }),
  },
  {
    method: "GET",
    path: "/company/fk",
    auth: "bearer",
    module: "company",
    cells: bearerCells({ missingPermission: READ, outOfScope: na("the whole register by contract (spec 4.2): names no object"), inScope: 200 }),
    request: () => ({ path: "/v3/company/fk" }),
  },
  {
    method: "GET",
    path: "/company/{company_id}/fk",
    auth: "bearer",
    module: "company",
    cells: bearerCells({ missingPermission: READ, outOfScope: 403, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/company/${side.companyId}/fk` }),
  },
  {
    method: "PUT",
    path: "/company/{company_id}/fk",
    auth: "bearer",
    module: "company",
    cells: bearerCells({ missingPermission: 403, outOfScope: 403, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/company/${side.companyId}/fk`, method: "PUT", body: { fk_status: "ACTIVE" } }),
  },
  {
    method: "GET",
    path: "/company/fk/status/{company_id}",
    auth: "bearer",
    module: "company",
    // The contract lists no 403 for it: scope is not checked (README), so B's status is answered too.
    cells: bearerCells({ missingPermission: READ, outOfScope: 200, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/company/fk/status/${side.companyId}` }),
  },
  {
    method: "GET",
    path: "/company/hierarchy",
    auth: "bearer",
    module: "company",
    cells: bearerCells({ missingPermission: READ, outOfScope: NO_OBJECT, inScope: 200 }),
    request: () => ({ path: "/v3/company/hierarchy" }),
  },
  {
    method: "GET",
    path: "/company/search",
    auth: "bearer",
    module: "company",
    // Searching for B by name finds nothing (checked: no B ids in the body), it is not refused.
    cells: bearerCells({ missingPermission: READ, outOfScope: 200, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/company/search?q=${encodeURIComponent(side.companyName)}` }),
  },

  // ---- the organization's reference data: a company named in the query outside the scope is 403
  ...(["/company_period", "/membertype", "/property"] as const).map(
    (route): Row => ({
      method: "GET",
      path: route,
      auth: "bearer",
      module: "member",
      cells: bearerCells({ missingPermission: READ, outOfScope: 403, inScope: 200 }),
      request: ({ side }) => ({ path: `/v3${route}?company_id=${side.companyId}` }),
    }),
  ),

  // ---- events: another company's event is 404 `event not found`, a company named in the query or body 403
  {
    method: "GET",
    path: "/events/list",
    auth: "bearer",
    module: "event",
    cells: bearerCells({ missingPermission: READ, outOfScope: 403, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/events/list?company_id=${side.companyId}` }),
  },
  {
    method: "POST",
    path: "/events",
    auth: "bearer",
    module: "event",
    cells: bearerCells({ missingPermission: 403, outOfScope: 403, inScope: 201 }),
    request: ({ side }) => ({ path: "/v3/events", method: "POST", body: { company_id: side.companyId, name: "Matrisfest", ...winterEvening } }),
  },
  {
    method: "GET",
    path: "/events/{id}",
    auth: "bearer",
    module: "event",
    cells: bearerCells({ missingPermission: READ, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/events/${side.eventId}` }),
  },
  {
    method: "PUT",
    path: "/events/{id}",
    auth: "bearer",
    module: "event",
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/events/${side.eventId}`, method: "PUT", body: { location: "Klubbstugan" } }),
  },
  {
    method: "DELETE",
    path: "/events/{id}",
    auth: "bearer",
    module: "event",
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
    request: async ({ side }) => ({ path: `/v3/events/${(await freshEvent(side.companyId)).id}`, method: "DELETE" }),
  },
  {
    method: "POST",
    path: "/events/{id}/participants",
    auth: "bearer",
    module: "event",
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/events/${side.eventId}/participants`, method: "POST", body: { member_id: side.memberId } }),
  },
  {
    method: "DELETE",
    path: "/events/{id}/participants/{member_id}",
    auth: "bearer",
    module: "event",
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
    request: async ({ side }) => {
      const member = await freshMember(side.companyId);
      await registerParticipant(op, side.eventId, member.id);
      return { path: `/v3/events/${side.eventId}/participants/${member.id}`, method: "DELETE" };
    },
  },

  // ---- members: another company's member is 404 `member not found`, a company named in the body 403
  {
    method: "POST",
    path: "/member",
    auth: "bearer",
    module: "member",
    cells: bearerCells({ missingPermission: 403, outOfScope: 403, inScope: 201 }),
    request: ({ side }) => ({ path: "/v3/member", method: "POST", body: { company_id: side.companyId, email: uniqueEmail("matris") } }),
  },
  {
    method: "GET",
    path: "/member/{id}",
    auth: "bearer",
    module: "member",
    cells: bearerCells({ missingPermission: READ, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/member/${side.memberId}` }),
  },
  {
    method: "PUT",
    path: "/member/{id}",
    auth: "bearer",
    module: "member",
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/member/${side.memberId}`, method: "PUT", body: { firstname: "Matris" } }),
  },
  {
    method: "DELETE",
    path: "/member/{id}",
    auth: "bearer",
    module: "member",
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
    request: async ({ side }) => ({ path: `/v3/member/${(await freshMember(side.companyId)).id}`, method: "DELETE" }),
  },
  {
    method: "POST",
    path: "/member/pagination",
    auth: "bearer",
    module: "member",
    // B's period as the filter: answered, with none of B's members (checked).
    cells: bearerCells({ missingPermission: READ, outOfScope: 200, inScope: 200 }),
    request: ({ side }) => ({ path: "/v3/member/pagination", method: "POST", body: { options: { period_id: side.periodId } } }),
  },
  {
    method: "POST",
    path: "/market/members/search",
    auth: "bearer",
    module: "member",
    // B named in the company filter: answered, with none of B's members (checked).
    cells: bearerCells({ missingPermission: READ, outOfScope: 200, inScope: 200 }),
    request: ({ side }) => ({
      path: "/v3/market/members/search",
      method: "POST",
      body: { filters: { companies: { company_ids: [side.companyId], include: "ANY" } }, search_text: "" },
    }),
  },

  // ---- admin subscription lists: another company's list (or member) is 404, a company named in query or body 403
  {
    method: "GET",
    path: "/subscription_list",
    auth: "bearer",
    module: "subscription_list",
    cells: bearerCells({ missingPermission: READ, outOfScope: 403, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/subscription_list?company_id=${side.companyId}` }),
  },
  {
    method: "POST",
    path: "/subscription_list",
    auth: "bearer",
    module: "subscription_list",
    cells: bearerCells({ missingPermission: 403, outOfScope: 403, inScope: 201 }),
    request: ({ side }) => ({ path: "/v3/subscription_list", method: "POST", body: { name: "Matrislistan", company_id: side.companyId } }),
  },
  {
    method: "GET",
    path: "/subscription_list/{id}",
    auth: "bearer",
    module: "subscription_list",
    cells: bearerCells({ missingPermission: READ, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/subscription_list/${side.listId}` }),
  },
  {
    method: "PUT",
    path: "/subscription_list/{id}",
    auth: "bearer",
    module: "subscription_list",
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/subscription_list/${side.listId}`, method: "PUT", body: { description: "Ändrad av matrisen" } }),
  },
  {
    method: "DELETE",
    path: "/subscription_list/{id}",
    auth: "bearer",
    module: "subscription_list",
    cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
    request: async ({ side }) => ({ path: `/v3/subscription_list/${(await freshList(side.companyId)).id}`, method: "DELETE" }),
  },
  {
    method: "GET",
    path: "/subscription_list/{id}/subscribers",
    auth: "bearer",
    module: "subscription_list",
    cells: bearerCells({ missingPermission: READ, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/subscription_list/${side.listId}/subscribers` }),
  },
  {
    method: "GET",
    path: "/subscription_list/member/{member_id}",
    auth: "bearer",
    module: "subscription_list",
    cells: bearerCells({ missingPermission: READ, outOfScope: 404, inScope: 200 }),
    request: ({ side }) => ({ path: `/v3/subscription_list/member/${side.memberId}` }),
  },
  ...(["subscribe", "unsubscribe"] as const).map(
    (action): Row => ({
      method: "POST",
      path: `/subscription_list/{id}/${action}/{member_id}`,
      auth: "bearer",
      module: "subscription_list",
      cells: bearerCells({ missingPermission: 403, outOfScope: 404, inScope: 200 }),
      request: ({ side }) => ({ path: `/v3/subscription_list/${side.listId}/${action}/${side.memberId}`, method: "POST" }),
    }),
  ),

  // ---- public endpoints (spec 4.4, no authentication): the same answer for every caller, B's objects included
  {
    method: "GET",
    path: "/openapi.json",
    auth: "public",
    cells: publicCells(200),
    request: () => ({ path: "/v3/openapi.json" }),
  },
  {
    method: "GET",
    path: "/subscription_list/public/{uuid}",
    auth: "public",
    cells: publicCells(200),
    request: ({ side }) => ({ path: `/v3/subscription_list/public/${side.listUuid}` }),
  },
  {
    method: "POST",
    path: "/subscription_list/public/{uuid}",
    auth: "public",
    cells: publicCells(201),
    request: ({ side }) => ({ path: `/v3/subscription_list/public/${side.listUuid}`, method: "POST", body: { email: uniqueEmail("besok") } }),
  },
  {
    method: "GET",
    path: "/subscription_list/public/company/{company_id}",
    auth: "public",
    cells: publicCells(200),
    request: ({ side }) => ({ path: `/v3/subscription_list/public/company/${side.companyId}` }),
  },
  {
    method: "GET",
    path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
    auth: "public",
    cells: publicCells(303),
    request: ({ side }) => ({ path: `/v3/subscription_list/unsubscribe/${side.listUuid}/${side.publicMemberUuid}`, redirect: "manual" }),
  },
  {
    method: "POST",
    path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
    auth: "public",
    cells: publicCells(200),
    request: ({ side }) => ({ path: `/v3/subscription_list/unsubscribe/${side.listUuid}/${side.publicMemberUuid}`, method: "POST" }),
  },
  {
    method: "GET",
    path: "/subscription_list/unsubscribe/all/{member_uuid}",
    auth: "public",
    cells: publicCells(303),
    request: ({ side }) => ({
      path: `/v3/subscription_list/unsubscribe/all/${side.publicMemberUuid}?token=${globalOptOutToken(side.publicMemberUuid)}`,
      redirect: "manual",
    }),
  },
  {
    method: "POST",
    path: "/subscription_list/unsubscribe/all/{member_uuid}",
    auth: "public",
    cells: publicCells(200),
    request: ({ side }) => ({
      path: `/v3/subscription_list/unsubscribe/all/${side.publicMemberUuid}`,
      method: "POST",
      body: { token: globalOptOutToken(side.publicMemberUuid) },
    }),
  },
];

/** Every exported method of every route file under app/v3, as "METHOD /path" (the OpenAPI coverage test's walk). */
function routesOnDisk(): string[] {
  const root = path.join("app", "v3");
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name === "route.ts" ? [full] : [];
    });
  return walk(root).flatMap((file) => {
    const apiPath = path
      .dirname(path.relative(root, file))
      .split(path.sep)
      .map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}"))
      .join("/");
    const source = fs.readFileSync(file, "utf8");
    return [...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)\b/g)].map(
      ([, method]) => `${method} /${apiPath}`,
    );
  });
}

interface Keys {
  full: Key;
  noModules: Key;
  noPermission: Key;
}

let sides: { a: Side; b: Side };
let keys: Keys;
let tokens: Record<"full" | "expired" | "invalid" | "noPermission", string> & { withoutModule: Record<Module | "any", string> };

async function makeSide(label: string): Promise<Side> {
  const company = await makeCompany(`Matris ${label}`);
  const list = await createList(op, { name: `Nyhetsbrev ${label}`, company_id: company.id });
  const member = await freshMember(company.id);
  const publicMember = await freshMember(company.id);
  await setMemberSubscription(op, list.id, member.id, true);
  await setMemberSubscription(op, list.id, publicMember.id, true);
  const event = await freshEvent(company.id);
  await registerParticipant(op, event.id, member.id);
  const period = await createPeriod(op, { company_id: company.id, name: "2026", start_date: "2026-01-01", end_date: "2026-12-31" });
  await createMemberType(op, { company_id: company.id, name: "Senior" });
  await createProperty(op, { company_id: company.id, group_name: "Intressen", name: "Fotboll" });
  await setLeisureCardApiKey(op, company.id, { api_key: `fk-${randomBytes(8).toString("hex")}`, giro_type: "BANKGIRO", giro_number: "123-4567" });
  return {
    companyId: company.id,
    companyName: company.name,
    listId: list.id,
    listUuid: list.uuid,
    memberId: member.id,
    memberEmail: member.email!,
    publicMemberId: publicMember.id,
    publicMemberUuid: publicMember.uuid,
    eventId: event.id,
    periodId: period.id,
  };
}

async function expiredTokenOf(key: Key): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: key.client_id })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(key.id))
    .setIssuer("forening-service")
    .setAudience("v3")
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(inject("secrets").JWT_SECRET));
}

beforeAll(async () => {
  sides = { a: await makeSide("A"), b: await makeSide("B") };
  const scoped = (modules: readonly Module[], permissions: readonly (typeof PERMISSIONS)[number][]) =>
    makeApiKey({ companyId: sides.a.companyId, modules: [...modules], permissions: [...permissions], companyIds: [sides.a.companyId] });
  keys = { full: await scoped(MODULES, PERMISSIONS), noModules: await scoped([], PERMISSIONS), noPermission: await scoped(MODULES, []) };
  const revoked = await scoped(MODULES, PERMISSIONS);
  const revokedToken = (await tokensFor(revoked)).access_token;
  await revokeApiKey(op, revoked.client_id);
  const withoutModule = { any: (await tokensFor(keys.noModules)).access_token } as Record<Module | "any", string>;
  for (const lacking of MODULES) {
    withoutModule[lacking] = (await tokensFor(await scoped(MODULES.filter((m) => m !== lacking), PERMISSIONS))).access_token;
  }
  tokens = {
    full: (await tokensFor(keys.full)).access_token,
    expired: await expiredTokenOf(keys.full),
    invalid: revokedToken,
    noPermission: (await tokensFor(keys.noPermission)).access_token,
    withoutModule,
  };
});

function bearerFor(row: Row, column: Column): string | undefined {
  switch (column) {
    case "none":
      return undefined;
    case "expired":
      return tokens.expired;
    case "invalid":
      return tokens.invalid;
    case "wrongModule":
      return tokens.withoutModule[row.module ?? "any"];
    case "missingPermission":
      return tokens.noPermission;
    case "outOfScope":
    case "inScope":
      return tokens.full;
  }
}

/** The body every bearer route gives for a refused cell (null: not a standard refusal). */
function standardBody(row: Row, column: Column, status: number): unknown {
  if (row.auth !== "bearer") return null;
  if (column === "none") return { reason: "missing bearer token" };
  if (column === "expired") return { error: "expired", context: "user" };
  if (column === "invalid") return { reason: "invalid token" };
  if (column === "wrongModule" && status === 403) return { reason: `access group lacks the ${row.module} module` };
  if (column === "missingPermission" && status === 403) return { reason: expect.stringMatching(/^access group lacks the [A-Z_]+\.U permission$/) };
  if (column === "outOfScope" && status === 403) return { reason: "company is outside the caller's access scope" };
  if (column === "outOfScope" && status === 404) return { reason: expect.stringMatching(/^(list|member|event) not found$/) };
  return null;
}

describe("authorization matrix of /v3", () => {
  it("has a row for every route and exported method under app/v3, and none for a route that does not exist", () => {
    const onDisk = routesOnDisk().sort();
    const inTable = table.map((row) => `${row.method} ${row.path}`).sort();
    expect(onDisk.length).toBeGreaterThan(30);
    expect(onDisk.filter((route) => !inTable.includes(route))).toEqual([]);
    expect(inTable.filter((route) => !onDisk.includes(route))).toEqual([]);
    expect(new Set(inTable).size).toBe(inTable.length);
  });

  it("says why for every cell that does not apply, and gives a module to every bearer route", () => {
    for (const row of table) {
      for (const column of COLUMNS) {
        const cell = row.cells[column];
        if (typeof cell !== "number") expect(cell.na.length, `${row.method} ${row.path} × ${column}`).toBeGreaterThan(10);
      }
      if (row.auth === "bearer") expect(row.module, `${row.method} ${row.path}`).not.toBeUndefined();
    }
  });

  for (const row of table) {
    it(`${row.method} ${row.path}`, async () => {
      const wrong: string[] = [];
      for (const column of COLUMNS) {
        const expected = row.cells[column];
        if (typeof expected !== "number") continue;
        const side = column === "outOfScope" ? sides.b : sides.a;
        const request = await row.request({ side, column, keys });
        expect(request.method ?? "GET", "the request matches the row's method").toBe(row.method);
        const token = row.auth === "credentials" ? undefined : bearerFor(row, column);
        const res = await call(request.path, { ...request, token });
        const label = `${column}: ${request.method ?? "GET"} ${request.path}`;
        if (res.status !== expected) {
          wrong.push(`${label} answered ${res.status}, expected ${expected} (${res.text.slice(0, 160)})`);
          continue;
        }
        const body = row.bodies?.[column] ?? standardBody(row, column, expected);
        if (body !== null) expect(res.json, label).toEqual(body);
        if (row.auth === "bearer" && column === "outOfScope" && expected < 300) {
          // Answered, but nothing of B's shows: no id of B's company, no email of B's member.
          expect(res.text, label).not.toContain(sides.b.companyId);
          expect(res.text, label).not.toContain(sides.b.memberEmail);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("changed nothing of B's through the refused cells", async () => {
    const list = await db().subscriptionList.findUniqueOrThrow({ where: { id: sides.b.listId } });
    expect(list.description).toBeNull();
    const member = await db().member.findUniqueOrThrow({ where: { id: sides.b.memberId } });
    expect(member.firstname).toBeNull();
    expect(member.erasedAt).toBeNull();
    const event = await db().event.findUniqueOrThrow({ where: { id: sides.b.eventId } });
    expect(event.location).toBeNull();
    const company = await db().company.findUniqueOrThrow({ where: { id: sides.b.companyId } });
    expect(company.fkStatus).not.toBe("ACTIVE");
    const subscription = await db().subscription.findUniqueOrThrow({ where: { listId_memberId: { listId: sides.b.listId, memberId: sides.b.memberId } } });
    expect(subscription.status).toBe("SUBSCRIBED");
  });
});
