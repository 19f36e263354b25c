// The operator CLI as an operator runs it: a separate process on the run's database, --json output.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyAdminPassword } from "@/modules/access/services/admin-users";
import { db } from "@/lib/db";
import { accessGroupIdOf, basicHeader, call, cli, makeApiKey, makeCompany, validationError } from "../helpers";

describe("operator CLI", () => {
  it("creates, lists and revokes an API key with a scoped access group", async () => {
    const company = await makeCompany("CLI-förening");
    const created = cli([
      "api-key:create",
      "--name",
      "Integrator AB",
      "--company",
      company.id,
      "--modules",
      "company",
      "--permissions",
      "COMPANY.U",
      "--scope",
      company.id,
      "--no-descendants",
    ]);
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({
      name: "Integrator AB",
      company_id: company.id,
      client_id: expect.stringMatching(/^ck_/),
    });
    const token = await call("/v3/access/user/basic", {
      method: "POST",
      headers: { authorization: basicHeader(created.json.client_id, created.json.client_secret) },
    });
    expect(token.status).toBe(200);

    const listed = cli(["api-key:list"]).json as any[];
    const entry = listed.find((k) => k.client_id === created.json.client_id);
    expect(entry).toMatchObject({
      modules: ["company"],
      permissions: ["COMPANY.U"],
      scope: { kind: "companies", companyIds: [company.id], includeDescendants: false },
      revoked_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.json.client_secret);

    expect(cli(["api-key:revoke", created.json.client_id]).code).toBe(0);
    const after = await call("/v3/company", { token: token.json.access_token });
    expect(after.status).toBe(422);
    expect(after.json).toEqual({ reason: "invalid token" });
  });

  it("lists every key even when one key's access group is unreadable", async () => {
    const broken = await makeApiKey();
    const healthy = await makeApiKey();
    await db().accessGroup.update({ where: { id: await accessGroupIdOf(broken) }, data: { permissions: "{not json" } });
    const listed = cli(["api-key:list"]);
    expect(listed.code).toBe(0);
    const rows = listed.json as any[];
    expect(rows.find((k) => k.client_id === broken.client_id)).toMatchObject({
      modules: null,
      access_group_error: expect.stringContaining("unreadable"),
    });
    expect(rows.find((k) => k.client_id === healthy.client_id)).toMatchObject({
      access_group_error: null,
      modules: expect.any(Array),
    });
  });

  it("writes a list longer than a pipe holds in full before it exits", async () => {
    const company = await makeCompany();
    for (let i = 0; i < 400; i++) await makeApiKey({ companyId: company.id });
    const listed = cli(["api-key:list"]);
    expect(listed.code).toBe(0);
    expect((listed.json as any[]).filter((k) => k.company_id === company.id)).toHaveLength(400);
  });

  it("rejects unknown modules, permissions and companies with the API's error body and exit code 1", async () => {
    const company = await makeCompany();
    const invalid = (field: string, message: string) => ({
      code: 1,
      json: { status: 400, ...validationError(field, message) },
    });
    const badModule = cli(["api-key:create", "--name", "x", "--company", company.id, "--modules", "everything"]);
    expect(badModule).toEqual(
      invalid(
        "access.modules.0",
        "must be one of company, subscription_list, member, event, activity, sendout, webhook",
      ),
    );
    const badPermission = cli(["api-key:create", "--name", "x", "--company", company.id, "--permissions", "COMPANY.D"]);
    expect(badPermission).toEqual(
      invalid(
        "access.permissions.0",
        "must be one of COMPANY.U, SUBSCRIPTION_LIST.U, MEMBER.U, PERSONAL_NUMBER.U, EVENT.U, ACTIVITY.U, ATTENDANCE.U, SENDOUT.U, WEBHOOK.U",
      ),
    );
    expect(cli(["api-key:create", "--name", "x", "--company", "nope"])).toEqual(
      invalid("company_id", "must be 36 characters"),
    );
    const unknownCompany = cli(["api-key:create", "--name", "x", "--company", crypto.randomUUID()]);
    expect(unknownCompany).toEqual(invalid("company_id", "unknown company id"));
    expect(cli(["api-key:revoke", "ck_unknown"])).toEqual({
      code: 1,
      json: { status: 404, reason: "api key not found" },
    });
  });

  it("creates an admin user whose generated password verifies (argon2id) and is shown once", async () => {
    const email = `Admin.${Date.now()}@Example.org`;
    const created = cli(["admin:create", "--email", email, "--name", "Ada Admin", "--role", "editor"]);
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ email: email.toLowerCase(), role: "EDITOR", password: expect.any(String) });
    expect(await verifyAdminPassword(email, created.json.password)).not.toBeNull();
    expect(await verifyAdminPassword(email, "wrong password!")).toBeNull();
    expect(cli(["admin:create", "--email", email])).toEqual({
      code: 1,
      json: { status: 400, ...validationError("email", "an admin user with that email exists") },
    });
  });
});
