// An ADMIN sees and manages only the API keys and admin users whose access lies within its own (security finding 1),
// and creating a user whose address is taken tells it no more than the address is taken (finding 8).
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { NotFound, ValidationFailed } from "@/lib/errors";
import {
  callerForAdminUser,
  createAdminUser,
  listAdminUsers,
  updateAdminUser,
} from "@/modules/access/services/admin-users";
import { createApiKey, listApiKeys, revokeApiKey } from "@/modules/access/services/api-keys";
import { type Caller, operatorCaller } from "@/modules/access/services/caller";
import { MODULES, PERMISSIONS, type AccessGroupValues, type AdminRole } from "@/modules/access/schemas/access";
import { makeCompany } from "../helpers";

const newEmail = () => `user.${crypto.randomBytes(6).toString("hex")}@example.org`;

async function newUser(role: AdminRole, access: AccessGroupValues, email = newEmail()) {
  return createAdminUser(operatorCaller(), {
    email,
    name: `${role} user`,
    password: crypto.randomBytes(12).toString("hex"),
    role,
    access,
  });
}

/** The caller a dashboard session of a new user gets. */
async function sessionOf(role: AdminRole, access: AccessGroupValues): Promise<Caller> {
  return (await callerForAdminUser((await newUser(role, access)).id))!;
}

const newKey = (companyId: string, access: AccessGroupValues) =>
  createApiKey(operatorCaller(), { name: "Integration", company_id: companyId, access });

/** The error a call rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected the call to be refused"),
    (error: unknown) => error,
  );
}

const asThrown = (error: unknown) => ({ type: (error as Error).constructor.name, message: (error as Error).message });

/**
 * A federation, a club in it with a sub-club, and a club ADMIN of that club without its sub-clubs, with two modules
 * and their permissions: the caller of security finding 1.
 */
async function clubAdminWorld() {
  const federation = await makeCompany("Förbundet");
  const club = await makeCompany("Klubben", federation.id);
  const subClub = await makeCompany("Ungdomssektionen", club.id);
  const admin = await sessionOf("ADMIN", {
    modules: ["subscription_list", "member"],
    permissions: ["SUBSCRIPTION_LIST.U", "MEMBER.U"],
    company_ids: [club.id],
    include_descendants: false,
  });
  const within: AccessGroupValues = {
    modules: ["subscription_list"],
    permissions: ["SUBSCRIPTION_LIST.U"],
    company_ids: [club.id],
    include_descendants: false,
  };
  /** Access groups each beyond the ADMIN's in one way. */
  const beyond: Record<string, AccessGroupValues> = {
    "all companies with every module (the finding)": {
      modules: [...MODULES],
      permissions: [...PERMISSIONS],
      company_ids: null,
      include_descendants: true,
    },
    "all companies": { ...within, company_ids: null },
    "a module it lacks": { ...within, modules: ["subscription_list", "company"] },
    "a permission it lacks": { ...within, permissions: ["SUBSCRIPTION_LIST.U", "EVENT.U"] },
    "a company outside its scope": { ...within, company_ids: [club.id, federation.id] },
    "the sub-companies it does not have": { ...within, include_descendants: true },
  };
  return { federation, club, subClub, admin, within, beyond };
}

describe("API keys beyond an ADMIN's rights are neither listed nor revocable", () => {
  it("a club ADMIN does not see a key of its club whose access reaches beyond its own, nor revoke it: as a key that does not exist", async () => {
    const { club, admin, within, beyond } = await clubAdminWorld();
    const ownKey = await newKey(club.id, within);
    const hidden = await Promise.all(
      Object.entries(beyond).map(async ([why, access]) => ({ why, key: await newKey(club.id, access) })),
    );

    const listed = (await listApiKeys(admin)).map((k) => k.client_id);
    expect(listed).toContain(ownKey.client_id);
    for (const { why, key } of hidden) expect(listed, why).not.toContain(key.client_id);

    const missing = asThrown(
      await rejection(revokeApiKey(admin, `ck_${crypto.randomBytes(18).toString("base64url")}`)),
    );
    expect(missing).toEqual({ type: NotFound.name, message: "api key not found" });
    for (const { why, key } of hidden) {
      expect(asThrown(await rejection(revokeApiKey(admin, key.client_id))), why).toEqual(missing);
    }
    const revoked = await db().apiKey.count({
      where: { clientId: { in: hidden.map((h) => h.key.client_id) }, revokedAt: { not: null } },
    });
    expect(revoked).toBe(0);

    expect(await revokeApiKey(admin, ownKey.client_id)).toEqual({ client_id: ownKey.client_id, revoked: true });
  });

  it("a key of a company outside the ADMIN's scope answers as a missing key too", async () => {
    const { admin, within } = await clubAdminWorld();
    const elsewhere = await makeCompany("Annan klubb");
    const key = await newKey(elsewhere.id, { ...within, company_ids: [elsewhere.id] });
    expect((await listApiKeys(admin)).map((k) => k.client_id)).not.toContain(key.client_id);
    expect(asThrown(await rejection(revokeApiKey(admin, key.client_id)))).toEqual({
      type: NotFound.name,
      message: "api key not found",
    });
  });

  it("the operator still lists and revokes every key", async () => {
    const { club, beyond } = await clubAdminWorld();
    const key = await newKey(club.id, beyond["all companies with every module (the finding)"]);
    expect((await listApiKeys(operatorCaller())).map((k) => k.client_id)).toContain(key.client_id);
    expect(await revokeApiKey(operatorCaller(), key.client_id)).toEqual({ client_id: key.client_id, revoked: true });
  });
});

describe("admin users follow the same rule", () => {
  it("a user reaching sub-companies the ADMIN lacks is hidden and cannot be changed, like one with more modules", async () => {
    const { admin, within, beyond } = await clubAdminWorld();
    const own = await newUser("EDITOR", within);
    const hidden = await Promise.all(
      Object.entries(beyond).map(async ([why, access]) => ({ why, user: await newUser("VIEWER", access) })),
    );

    const listed = (await listAdminUsers(admin)).map((u) => u.id);
    expect(listed).toContain(own.id);
    for (const { why, user } of hidden) {
      expect(listed, why).not.toContain(user.id);
      expect(asThrown(await rejection(updateAdminUser(admin, { id: user.id, role: "EDITOR" }))), why).toEqual({
        type: NotFound.name,
        message: "admin user not found",
      });
    }
  });
});

describe("creating a user whose address is taken", () => {
  it("answers the same whatever the other account's rights, and records a hit beyond the ADMIN's rights for those whose rights cover it", async () => {
    const { federation, admin, within } = await clubAdminWorld();
    const inside = await newUser("EDITOR", within);
    const outside = await newUser("ADMIN", { ...within, company_ids: [federation.id], include_descendants: true });
    const create = (email: string) =>
      createAdminUser(admin, {
        email,
        name: "Ny",
        password: crypto.randomBytes(12).toString("hex"),
        role: "EDITOR",
        access: within,
      });

    const answers = await Promise.all([inside.email, outside.email].map(async (email) => rejection(create(email))));
    for (const answer of answers) {
      expect(answer).toBeInstanceOf(ValidationFailed);
      expect((answer as ValidationFailed).errors).toEqual({ email: ["an admin user with that email exists"] });
    }

    // The account outside: its company's audit log names the attempt (the club ADMIN's own view does not reach it).
    const attempts = await db().auditEntry.findMany({ where: { action: "admin_user.create_refused" } });
    expect(attempts.filter((e) => e.objectId === String(outside.id))).toEqual([
      expect.objectContaining({
        actor: admin.actor,
        objectType: "admin_user",
        companyId: federation.id,
        summary: `${outside.email}: in use beyond the actor's rights`,
      }),
    ]);
    // One within the ADMIN's rights is on its own list: nothing to record.
    expect(attempts.filter((e) => e.objectId === String(inside.id))).toEqual([]);
    expect(await db().adminUser.count({ where: { email: { in: [inside.email, outside.email] } } })).toBe(2);
  });
});
