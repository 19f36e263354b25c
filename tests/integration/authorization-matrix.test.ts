// The authorization matrix of /v3: every operation of the operation table (lib/operations) × every kind of caller,
// with the exact status of each cell. The table gives each row's method, path, auth, module and permission (and a
// unit test keeps it equal to the route files); an operation without a row does not compile. Decisions behind the
// cells: docs/dashboard.md "Access model".
//
// Columns, all against fixtures made through the services: an in-scope company A and an out-of-scope company B, each
// with a subscription list (one subscriber), members, an event (one participant), a period, a member type, a property
// and a leisure-card record. Unless a row says otherwise, the caller is an API key scoped to A.
//   none               no Authorization header
//   expired            a correctly signed access token of A's full key, expired
//   invalid            the access token of a revoked key (the bearer test covers malformed and forged ones)
//   wrongModule        a key with every module but the one the operation needs (no module at all for one needing none)
//   missingPermission  a key with every module and no permission
//   outOfScope         A's full key (every module and permission) on B's objects
//   inScope            A's full key on A's objects
// The table itself (cells and requests) is tests/authorization-matrix-table.ts.
import { randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { revokeApiKey } from "@/modules/access/services/api-keys";
import { registerParticipant } from "@/modules/events/services/events";
import { setLeisureCardApiKey } from "@/modules/companies/services/leisure-card";
import { createMemberType, createPeriod } from "@/modules/members/services/reference";
import { createProperty } from "@/modules/members/services/properties";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList } from "@/modules/lists/services/lists";
import { v3Operations, type Operation } from "@/lib/operations";
import { MODULES, PERMISSIONS, type Module } from "@/modules/access/schemas/access";
import {
  COLUMNS,
  freshActivity,
  freshEvent,
  freshMember,
  op,
  table,
  type Column,
  type Key,
  type Keys,
  type Side,
} from "../authorization-matrix-table";
import { call, makeApiKey, makeCompany, tokensFor } from "../helpers";
import { signIn } from "../dashboard-session";
import { createLeaderUser } from "@/modules/access/services/leader-accounts";
import { updateActivity } from "@/modules/activities/services/activities";
import { UpdateActivityRequest } from "@/modules/activities/schemas/activity";

let sides: { a: Side; b: Side };
let keys: Keys;
let tokens: Record<"full" | "expired" | "invalid" | "noPermission", string> & {
  withoutModule: Record<Module | "any", string>;
};

async function makeSide(label: string): Promise<Side> {
  const company = await makeCompany(`Matris ${label}`);
  const list = await createList(op, { name: `Nyhetsbrev ${label}`, company_id: company.id });
  const member = await freshMember(company.id);
  const publicMember = await freshMember(company.id);
  await setMemberSubscription(op, list.id, member.id, true);
  await setMemberSubscription(op, list.id, publicMember.id, true);
  const event = await freshEvent(company.id);
  await registerParticipant(op, event.id, member.id);
  const { activity, occasion } = await freshActivity(company.id, member.id);
  const period = await createPeriod(op, {
    company_id: company.id,
    name: "2026",
    start_date: "2026-01-01",
    end_date: "2026-12-31",
  });
  await createMemberType(op, { company_id: company.id, name: "Senior" });
  await createProperty(op, { company_id: company.id, group_name: "Intressen", name: "Fotboll" });
  await setLeisureCardApiKey(op, company.id, {
    api_key: `fk-${randomBytes(8).toString("hex")}`,
    giro_type: "BANKGIRO",
    giro_number: "123-4567",
  });
  return {
    companyId: company.id,
    companyName: company.name,
    listId: list.id,
    listUuid: list.uuid,
    memberId: member.id,
    memberEmail: member.email!,
    publicMemberId: publicMember.id,
    publicMemberUuid: publicMember.uuid!,
    eventId: event.id,
    activityId: activity.id,
    occasionId: occasion.id,
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
    makeApiKey({
      companyId: sides.a.companyId,
      modules: [...modules],
      permissions: [...permissions],
      companyIds: [sides.a.companyId],
    });
  keys = {
    full: await scoped(MODULES, PERMISSIONS),
    noModules: await scoped([], PERMISSIONS),
    noPermission: await scoped(MODULES, []),
  };
  const revoked = await scoped(MODULES, PERMISSIONS);
  const revokedToken = (await tokensFor(revoked)).access_token;
  await revokeApiKey(op, revoked.client_id);
  const withoutModule = { any: (await tokensFor(keys.noModules)).access_token } as Record<Module | "any", string>;
  for (const lacking of MODULES) {
    withoutModule[lacking] = (
      await tokensFor(
        await scoped(
          MODULES.filter((m) => m !== lacking),
          PERMISSIONS,
        ),
      )
    ).access_token;
  }
  tokens = {
    full: (await tokensFor(keys.full)).access_token,
    expired: await expiredTokenOf(keys.full),
    invalid: revokedToken,
    noPermission: (await tokensFor(keys.noPermission)).access_token,
    withoutModule,
  };
});

function bearerFor(op: Operation, column: Column): string | undefined {
  switch (column) {
    case "none":
      return undefined;
    case "expired":
      return tokens.expired;
    case "invalid":
      return tokens.invalid;
    case "wrongModule":
      return tokens.withoutModule[op.module ?? "any"];
    case "missingPermission":
      return tokens.noPermission;
    case "outOfScope":
    case "inScope":
      return tokens.full;
  }
}

/** The body every bearer operation gives for a refused cell (null: not a standard refusal). */
function standardBody(op: Operation, column: Column, status: number): unknown {
  if (op.auth !== "bearer") return null;
  if (column === "none") return { reason: "missing bearer token" };
  if (column === "expired") return { error: "expired", context: "user" };
  if (column === "invalid") return { reason: "invalid token" };
  if (column === "wrongModule" && status === 403) return { reason: `access group lacks the ${op.module} module` };
  if (column === "missingPermission" && status === 403)
    return { reason: `access group lacks the ${op.permission} permission` };
  if (column === "outOfScope" && status === 403) return { reason: "company is outside the caller's access scope" };
  if (column === "outOfScope" && status === 404)
    return {
      reason: expect.stringMatching(/^(list|member|event|activity|occasion|sendout|webhook endpoint) not found$/),
    };
  return null;
}

describe("authorization matrix of /v3", () => {
  it("has a row for every operation and none for an operation that does not exist", () => {
    expect(Object.keys(table).sort()).toEqual(v3Operations.map((op) => op.operationId).sort());
  });

  it("says why for every cell that does not apply", () => {
    for (const [operationId, row] of Object.entries(table)) {
      for (const column of COLUMNS) {
        const cell = row.cells[column];
        if (typeof cell !== "number") expect(cell.na.length, `${operationId} × ${column}`).toBeGreaterThan(10);
      }
    }
  });

  for (const op of v3Operations) {
    const row = table[op.operationId as keyof typeof table];
    const method = op.method.toUpperCase();
    it(`${method} ${op.path}`, async () => {
      const wrong: string[] = [];
      for (const column of COLUMNS) {
        const expected = row.cells[column];
        if (typeof expected !== "number") continue;
        const side = column === "outOfScope" ? sides.b : sides.a;
        const request = await row.request({ side, column, keys });
        expect(request.method ?? "GET", "the request matches the operation's method").toBe(method);
        // Client credentials are the basic operation's own; every other request carries the column's bearer token
        // (which a public operation must ignore).
        const token = op.auth === "basic" ? undefined : bearerFor(op, column);
        const res = await call(request.path, { ...request, token });
        const label = `${column}: ${request.method ?? "GET"} ${request.path}`;
        if (res.status !== expected) {
          wrong.push(`${label} answered ${res.status}, expected ${expected} (${res.text.slice(0, 160)})`);
          continue;
        }
        const body = row.bodies?.[column] ?? standardBody(op, column, expected);
        if (body !== null) expect(res.json, label).toEqual(body);
        if (op.auth === "bearer" && column === "outOfScope" && expected < 300) {
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
    const subscription = await db().subscription.findUniqueOrThrow({
      where: { listId_memberId: { listId: sides.b.listId, memberId: sides.b.memberId } },
    });
    expect(subscription.status).toBe("SUBSCRIBED");
  });
});

// A LEADER user (it leads side A's activity) signs in to the dashboard only: its session cookie is no credential on
// /v3, whatever the operation, so every bearer operation answers it as one without a token (the dashboard's own
// writes are in tests/integration/action-authorization-matrix.test.ts).
describe("a LEADER's dashboard session on /v3", () => {
  let cookie: string;
  beforeAll(async () => {
    const leader = await freshMember(sides.a.companyId);
    await updateActivity(op, sides.a.activityId, UpdateActivityRequest.parse({ leader_ids: [leader.id] }));
    const login = {
      email: `ledare-${randomBytes(5).toString("hex")}@example.org`,
      password: randomBytes(12).toString("hex"),
    };
    const { id } = await createLeaderUser(op, {
      ...login,
      name: "Matrisledare",
      memberId: leader.id,
      companyId: sides.a.companyId,
    });
    cookie = await signIn({ id, ...login });
  });

  for (const operation of v3Operations.filter((o) => o.auth === "bearer")) {
    const row = table[operation.operationId as keyof typeof table];
    it(`${operation.method.toUpperCase()} ${operation.path} → 401`, async () => {
      const request = await row.request({ side: sides.a, column: "inScope", keys });
      const res = await call(request.path, { ...request, headers: { ...request.headers, cookie } });
      expect(res.status, res.text.slice(0, 160)).toBe(401);
      expect(res.json).toEqual({ reason: "missing bearer token" });
    });
  }
});
