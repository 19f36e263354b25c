// The authorization matrix of every server action: each action of the production build (its server-reference
// manifest) and of the sources (every export of a "use server" module under app/), called over HTTP as the browser
// calls it, with each kind of caller. The table (tests/action-authorization-table.ts) states every cell's exact outcome
// or why it does not apply; an action missing from the table fails, and so does a row naming no action.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createGrant } from "@/modules/access/services/grants";
import { createLeaderUser } from "@/modules/access/services/leader-accounts";
import { createPeriod } from "@/modules/members/services/reference";
import { MODULES, PERMISSIONS, type Module, type Permission } from "@/modules/access/schemas/access";
import {
  accessOf,
  COLUMNS,
  operator,
  newMember,
  newOccasionToday,
  ROWS,
  unique,
  type Callers,
  type Column,
  type Fixtures,
  type OutOfScopeCase,
  type Outcome,
  type Row,
} from "../action-authorization-table";
import { newAdminUser, sealedSessionCookie, signIn } from "../dashboard-session";
import { makeCompany } from "../helpers";
import { callAction, manifestActions, sourceActions, type ActionAnswer, type ManifestAction } from "../server-actions";

// ------------------------------------------------------------------------------------------------- callers

let fixtures: Fixtures;
let callers: Callers;
let manifest: ManifestAction[];

beforeAll(async () => {
  manifest = manifestActions();
  const inScope = await makeCompany("Matrisförbundet");
  const club = await makeCompany("Matrisklubben", inScope.id);
  const outside = await makeCompany("Annat förbund");
  const grant = await createGrant(operator(), { name: unique("Bidrag") });
  const period = await createPeriod(operator(), {
    company_id: inScope.id,
    name: "2027",
    start_date: "2027-01-01",
    end_date: "2027-12-31",
  });
  fixtures = {
    inScopeCompanyId: inScope.id,
    inScopeClubId: club.id,
    outOfScopeCompanyId: outside.id,
    grantId: grant.id,
    periodId: period.id,
  };
  const scoped = accessOf(inScope.id);
  const signedIn = async (role: "ADMIN" | "EDITOR" | "VIEWER", access = scoped) =>
    signIn(await newAdminUser(role, access));
  const admin = await newAdminUser("ADMIN", scoped);
  callers = {
    scopedAdmin: { user: admin, cookie: await signIn(admin) },
    lacking: Object.fromEntries(
      await Promise.all(
        MODULES.map(async (m) => [m, await signedIn("ADMIN", { ...scoped, modules: MODULES.filter((x) => x !== m) })]),
      ),
    ) as Record<Module, string>,
    viewer: await signedIn("VIEWER"),
    lackingPermission: Object.fromEntries(
      await Promise.all(
        PERMISSIONS.map(async (p) => [
          p,
          await signedIn("EDITOR", { ...scoped, permissions: PERMISSIONS.filter((x) => x !== p) }),
        ]),
      ),
    ) as Record<Permission, string>,
    editor: await signedIn("EDITOR"),
    withoutDescendants: await signedIn("ADMIN", { ...scoped, include_descendants: false }),
    leader: await leaderSession(club.id),
  };
});

/** A LEADER user (role LEADER, linked to a member who leads an activity of the club), signed in. */
async function leaderSession(clubId: string): Promise<string> {
  const member = await newMember(clubId);
  await newOccasionToday(clubId, member.id);
  const login = { email: `${unique("ledare")}@example.se`, password: crypto.randomBytes(12).toString("base64url") };
  const { id } = await createLeaderUser(operator(), {
    ...login,
    name: "Matrisledare",
    memberId: member.id,
    companyId: clubId,
  });
  return signIn({ id, ...login });
}

/** The cookie headers of a column's callers for a row (several when the column has two kinds of caller). */
async function cookiesFor(
  column: Exclude<Column, "outOfScope">,
  row: Row,
): Promise<{ who: string; cookie?: string }[]> {
  switch (column) {
    case "noSession":
      return [{ who: "no cookie" }];
    case "expiredSession":
      return [
        {
          who: "expired an hour ago",
          cookie: await sealedSessionCookie({ uid: callers.scopedAdmin.user.id, maxAgeSeconds: -3600 }),
        },
      ];
    case "invalidSession":
      return [
        { who: "garbage", cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged" },
        {
          who: "sealed with another secret",
          cookie: await sealedSessionCookie({
            uid: callers.scopedAdmin.user.id,
            maxAgeSeconds: 3600,
            secret: crypto.randomBytes(32).toString("base64url"),
          }),
        },
        {
          who: "sealed right, for no such user",
          cookie: await sealedSessionCookie({ uid: 2_000_000_000, maxAgeSeconds: 3600 }),
        },
      ];
    case "wrongModule":
      if (typeof row.needs !== "object" || !("module" in row.needs))
        throw new Error(`${row.action}: a wrong-module cell needs a module`);
      return [{ who: `without the ${row.needs.module} module`, cookie: callers.lacking[row.needs.module] }];
    case "missingPermission": {
      const viewer = { who: "a VIEWER", cookie: callers.viewer };
      if (row.needs === "nothing")
        throw new Error(`${row.action}: a missing-permission cell needs a permission or role`);
      if ("adminRole" in row.needs) return [viewer, { who: "an EDITOR", cookie: callers.editor }];
      if (!row.needs.permission) return [viewer];
      return [
        viewer,
        { who: `an EDITOR without ${row.needs.permission}`, cookie: callers.lackingPermission[row.needs.permission] },
      ];
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
    expect(inTable).toEqual(
      manifestActions()
        .map((a) => a.key)
        .sort(),
    );
  });

  it("names every export of the sources' server modules, and nothing else", () => {
    expect(ROWS.map((r) => r.action).sort()).toEqual(sourceActions().sort());
  });

  it("says why each cell that does not apply does not", () => {
    for (const row of ROWS) {
      for (const column of COLUMNS) {
        const cell = row.cells[column];
        if (typeof cell === "object" && "notApplicable" in cell)
          expect(cell.notApplicable.length, `${row.action} ${column}`).toBeGreaterThan(10);
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
          const { outcome: got, value } = await outcome(
            row,
            args,
            (oneCase.caller ?? ((c) => c.scopedAdmin.cookie))(callers),
          );
          expect(got, JSON.stringify(value)).toBe(oneCase.expect);
          await oneCase.afterwards?.(args, fixtures);
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

// A LEADER reaches only the activities its member leads: every action that needs a module or the ADMIN role refuses
// it (the rows' arguments name nothing it leads). Rows that need nothing (the signed-out pages, the hosted pages, the
// caller's own sign-in settings) answer a LEADER as they answer anyone.
describe("a LEADER's session", () => {
  for (const row of ROWS.filter((r) => r.needs !== "nothing")) {
    const expected = row.leader ?? 403;
    it(`${row.action} → ${String(expected)}`, async () => {
      const { outcome: got, value } = await outcome(row, await row.args(fixtures), callers.leader);
      expect(got, JSON.stringify(value)).toBe(expected);
    });
  }
});
