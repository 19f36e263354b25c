// Spec 2.2-2.7, 3.1, 4.2 and the 7.2 rows of GET /company/fk, GET /company/{company_id}/fk and PUT
// /company/{company_id}/fk, over HTTP against the built server.
import crypto from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { formatLocalDateTime } from "@/modules/companies/services/companies";
import { createCompany, deleteCompany, updateCompany } from "@/modules/companies/services/changes";
import { fkStatusHistory as fkStatusHistoryOf } from "@/modules/companies/services/fk-status";
import { activateGrant, createGrant } from "@/modules/access/services/grants";
import { accessGroupIdOf, accessTokenFor, call, makeCompany, validationError } from "../helpers";

/** The company's fk_status history as the operator sees it, newest first. */
const fkStatusHistory = (companyId: string) => fkStatusHistoryOf(operatorCaller(), companyId);

const VALID = "NONE, ML_ADDED, FK_ADDED, ACTIVE, REJECTED";

async function companyToken(options: Parameters<typeof accessTokenFor>[0] = {}) {
  return (await accessTokenFor({ modules: ["company"], permissions: ["COMPANY.U"], ...options })).token;
}

async function register(token: string) {
  const res = await call("/v3/company/fk", { token });
  expect(res.status).toBe(200);
  return res.json as { name: string; org_number: string; parent: { org_number: string; name: string } | null }[];
}

describe("GET /v3/company/fk", () => {
  it("lists every non-deleted company as name, org_number and parent, and nothing else", async () => {
    const root = await makeCompany("Förbund");
    const child = await makeCompany("Klubb", root.id);
    const gone = await makeCompany("Nedlagd", root.id);
    await deleteCompany(operatorCaller(), gone.id);
    const list = await register(await companyToken());

    expect(list.find((c) => c.org_number === root.orgNumber)).toEqual({
      name: root.name,
      org_number: root.orgNumber,
      parent: null,
    });
    expect(list.find((c) => c.org_number === child.orgNumber)).toEqual({
      name: child.name,
      org_number: child.orgNumber,
      parent: { org_number: root.orgNumber, name: root.name },
    });
    expect(list.some((c) => c.org_number === gone.orgNumber)).toBe(false);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(["name", "org_number", "parent"]);
    expect(new Set(list.map((c) => c.org_number)).size).toBe(list.length);
  });

  it("shows parent null when the parent is deleted (a deleted company does not exist)", async () => {
    const root = await makeCompany("Förbund");
    const child = await makeCompany("Klubb", root.id);
    // deleteCompany refuses while live children exist; data changed outside the CLI can still get here.
    await db().company.update({ where: { id: root.id }, data: { deletedAt: new Date() } });
    const list = await register(await companyToken());
    expect(list.find((c) => c.org_number === child.orgNumber)?.parent).toBeNull();
  });

  it("is the whole register, including companies outside the caller's scope", async () => {
    const own = await makeCompany("Egen");
    const other = await makeCompany("Annan");
    const list = await register(await companyToken({ companyId: own.id, companyIds: [own.id] }));
    expect(list.some((c) => c.org_number === other.orgNumber)).toBe(true);
  });

  it("401 without a token, 403 without the company module", async () => {
    const anonymous = await call("/v3/company/fk");
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ reason: "missing bearer token" });
    const { token } = await accessTokenFor({ modules: ["member"], permissions: [] });
    const res = await call("/v3/company/fk", { token });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ reason: "access group lacks the company module" });
  });
});

describe("GET /v3/company/{company_id}/fk", () => {
  it("returns every field of the enrollment view, unset ones as null and no grants as []", async () => {
    const company = await createCompany(operatorCaller(), {
      name: "Tom förening",
      orgNumber: `T${crypto.randomInt(1e8)}`,
    });
    const res = await call(`/v3/company/${company.id}/fk`, { token: await companyToken() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      company_id: company.id,
      uuid: company.uuid,
      name: "Tom förening",
      shortname: null,
      org_number: company.orgNumber,
      fk_status: "NONE",
      street: null,
      co: null,
      zipcode: null,
      post: null,
      country: null,
      email: null,
      phone: null,
      landline: null,
      web: null,
      c_name: null,
      c_email: null,
      c_phone: null,
      company_grants: [],
    });
  });

  it("maps every register field and lists activated grants with created_at in server local time", async () => {
    const company = await createCompany(operatorCaller(), {
      name: "Full förening",
      shortname: "FF",
      orgNumber: `F${crypto.randomInt(1e8)}`,
      street: "Gatan 1",
      co: "c/o Kassören",
      zipcode: "123 45",
      post: "Ort",
      country: "SE",
      email: "info@example.org",
      phone: "08-1",
      landline: "08-2",
      web: "https://example.org",
      cName: "Kim",
      cEmail: "kim@example.org",
      cPhone: "070-1",
    });
    const winter = await createGrant(operatorCaller(), { name: "Vinterstöd", descr: "Stöd på vintern" });
    const summer = await createGrant(operatorCaller(), { name: "Sommarstöd" });
    // The test server runs with TZ=Europe/Stockholm: UTC+1 in March, UTC+2 in July.
    const first = await activateGrant(
      operatorCaller(),
      company.id,
      winter.id,
      new Date(Date.UTC(2026, 2, 1, 13, 5, 9)),
    );
    const second = await activateGrant(
      operatorCaller(),
      company.id,
      summer.id,
      new Date(Date.UTC(2026, 6, 1, 22, 30, 0)),
    );
    const res = await call(`/v3/company/${company.id}/fk`, { token: await companyToken() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      shortname: "FF",
      street: "Gatan 1",
      co: "c/o Kassören",
      zipcode: "123 45",
      post: "Ort",
      country: "SE",
      email: "info@example.org",
      phone: "08-1",
      landline: "08-2",
      web: "https://example.org",
      c_name: "Kim",
      c_email: "kim@example.org",
      c_phone: "070-1",
    });
    expect(res.json.company_grants).toEqual([
      {
        id: first.id,
        created_at: "2026-03-01T14:05:09",
        grant: { id: winter.id, uuid: winter.uuid, name: "Vinterstöd", descr: "Stöd på vintern" },
      },
      {
        id: second.id,
        created_at: "2026-07-02T00:30:00",
        grant: { id: summer.id, uuid: summer.uuid, name: "Sommarstöd", descr: "" },
      },
    ]);
  });

  it("formats local time without a zone designator", () => {
    expect(formatLocalDateTime(new Date(2026, 0, 5, 7, 8, 9))).toBe("2026-01-05T07:08:09");
    expect(formatLocalDateTime(new Date(1999, 11, 31, 23, 59, 59))).toBe("1999-12-31T23:59:59");
  });

  it("400 ValidationError for a malformed company_id", async () => {
    const token = await companyToken();
    for (const id of ["abc", "x".repeat(37)]) {
      const res = await call(`/v3/company/${id}/fk`, { token });
      expect(res.status).toBe(400);
      expect(res.json).toEqual(validationError("company_id", "must be 36 characters"));
    }
  });

  it("401 without a token; 403 without the company module", async () => {
    const company = await makeCompany();
    expect((await call(`/v3/company/${company.id}/fk`)).status).toBe(401);
    const { token } = await accessTokenFor({ modules: ["member"] });
    const res = await call(`/v3/company/${company.id}/fk`, { token });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ reason: "access group lacks the company module" });
  });

  it("403 for a company outside the caller's scope; in-scope descendants are readable", async () => {
    const own = await makeCompany("Egen");
    const sub = await makeCompany("Underförening", own.id);
    const other = await makeCompany("Annan");
    const token = await companyToken({ companyId: own.id, companyIds: [own.id] });
    const res = await call(`/v3/company/${other.id}/fk`, { token });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ reason: "company is outside the caller's access scope" });
    expect((await call(`/v3/company/${sub.id}/fk`, { token })).status).toBe(200);
  });

  it("404 `company not found` for an unknown or deleted company", async () => {
    const token = await companyToken();
    const gone = await makeCompany("Nedlagd");
    await deleteCompany(operatorCaller(), gone.id);
    for (const id of [crypto.randomUUID(), gone.id]) {
      const res = await call(`/v3/company/${id}/fk`, { token });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ reason: "company not found" });
    }
  });
});

describe("PUT /v3/company/{company_id}/fk", () => {
  it("sets fk_status, returns company_id and fk_status, and records the change", async () => {
    const company = await makeCompany();
    const { key, token } = await accessTokenFor({ modules: ["company"], permissions: ["COMPANY.U"] });
    const res = await call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body: { fk_status: "ML_ADDED" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ company_id: company.id, fk_status: "ML_ADDED" });
    const again = await call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body: { fk_status: "ACTIVE" } });
    expect(again.json).toEqual({ company_id: company.id, fk_status: "ACTIVE" });
    const same = await call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body: { fk_status: "ACTIVE" } });
    expect(same.json).toEqual({ company_id: company.id, fk_status: "ACTIVE" });
    expect((await call(`/v3/company/${company.id}/fk`, { token })).json.fk_status).toBe("ACTIVE");

    const history = await fkStatusHistory(company.id);
    expect(history.map(({ from, to, changed_by }) => ({ from, to, changed_by }))).toEqual([
      { from: "ML_ADDED", to: "ACTIVE", changed_by: `api:${key.client_id}` },
      { from: "NONE", to: "ML_ADDED", changed_by: `api:${key.client_id}` },
    ]);
    for (const row of history) {
      expect(row.changed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Math.abs(Date.parse(row.changed_at) - Date.now())).toBeLessThan(60_000);
    }
  });

  it("ignores every field but fk_status", async () => {
    const company = await createCompany(operatorCaller(), {
      name: "Orörd",
      orgNumber: `O${crypto.randomInt(1e8)}`,
      cName: "Kim",
      email: "a@example.org",
    });
    const other = await makeCompany("Annan");
    const token = await companyToken();
    const before = (await call(`/v3/company/${company.id}/fk`, { token })).json;
    const res = await call(`/v3/company/${company.id}/fk`, {
      method: "PUT",
      token,
      body: {
        fk_status: "REJECTED",
        company_id: other.id,
        uuid: crypto.randomUUID(),
        name: "Kapad",
        org_number: "000000-0000",
        email: "evil@example.org",
        c_name: "Mallory",
        deleted_at: "2020-01-01",
        parent_id: other.id,
        company_grants: [{ id: 1 }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ company_id: company.id, fk_status: "REJECTED" });
    const after = (await call(`/v3/company/${company.id}/fk`, { token })).json;
    expect(after).toEqual({ ...before, fk_status: "REJECTED" });
    const row = await db().company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row.parentId).toBeNull();
    expect(row.deletedAt).toBeNull();
    expect((await call(`/v3/company/${other.id}/fk`, { token })).json.fk_status).toBe("NONE");
  });

  it("400 naming the five values and the value received when fk_status is missing or invalid", async () => {
    const company = await makeCompany();
    const token = await companyToken();
    const cases: [unknown, string][] = [
      [{ fk_status: "FOO" }, `must be one of ${VALID}; received "FOO"`],
      [{ fk_status: "active" }, `must be one of ${VALID}; received "active"`],
      [{ fk_status: 3 }, `must be one of ${VALID}; received 3`],
      [{ fk_status: null }, `must be one of ${VALID}; received null`],
      [{ name: "only other fields" }, `must be one of ${VALID}; received nothing`],
      [{}, `must be one of ${VALID}; received nothing`],
    ];
    for (const [body, message] of cases) {
      const res = await call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body });
      expect(res.status).toBe(400);
      expect(res.json).toEqual(validationError("fk_status", message));
    }
    const empty = await call(`/v3/company/${company.id}/fk`, { method: "PUT", token });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ fk_status: [`must be one of ${VALID}; received nothing`] });
    expect((await fkStatusHistory(company.id)).length).toBe(0);
  });

  it("400, never 500, for a body that is not a JSON object", async () => {
    const company = await makeCompany();
    const token = await companyToken();
    // Not JSON at all: nothing can be said of the fields.
    for (const rawBody of ["not json", '{"fk_status":']) {
      const res = await call(`/v3/company/${company.id}/fk`, {
        method: "PUT",
        token,
        rawBody,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, rawBody).toBe(400);
      expect(res.json).toMatchObject({
        code: "validation_error",
        errors: { body: ["must be valid JSON"] },
        form_errors: [],
      });
    }
    // JSON but not an object: reported on the contract's field, as a missing one (tests/integration/hostile-input.test.ts).
    for (const rawBody of ["[]", "null", '"ACTIVE"', "42"]) {
      const res = await call(`/v3/company/${company.id}/fk`, {
        method: "PUT",
        token,
        rawBody,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, rawBody).toBe(400);
      expect(res.json).toMatchObject({
        code: "validation_error",
        errors: { fk_status: [`must be one of ${VALID}; received nothing`] },
        form_errors: ["the body must be a JSON object"],
      });
    }
    expect((await fkStatusHistory(company.id)).length).toBe(0);
  });

  it("400 for a malformed company_id", async () => {
    const res = await call(`/v3/company/short/fk`, {
      method: "PUT",
      token: await companyToken(),
      body: { fk_status: "ACTIVE" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "validation_error", errors: { company_id: ["must be 36 characters"] } });
  });

  it("401 without a token", async () => {
    const company = await makeCompany();
    const res = await call(`/v3/company/${company.id}/fk`, { method: "PUT", body: { fk_status: "ACTIVE" } });
    expect(res.status).toBe(401);
  });

  it("403 without COMPANY.U, without the company module, or outside the scope; nothing changes", async () => {
    const own = await makeCompany("Egen");
    const other = await makeCompany("Annan");
    const readOnly = await companyToken({ permissions: [] });
    const noModule = (await accessTokenFor({ modules: ["member"], permissions: ["COMPANY.U"] })).token;
    const scoped = await companyToken({ companyId: own.id, companyIds: [own.id] });
    const put = (token: string, id: string) =>
      call(`/v3/company/${id}/fk`, { method: "PUT", token, body: { fk_status: "ACTIVE" } });

    const r1 = await put(readOnly, other.id);
    expect(r1.status).toBe(403);
    expect(r1.json).toEqual({ reason: "access group lacks the COMPANY.U permission" });
    const r2 = await put(noModule, other.id);
    expect(r2.status).toBe(403);
    expect(r2.json).toEqual({ reason: "access group lacks the company module" });
    const r3 = await put(scoped, other.id);
    expect(r3.status).toBe(403);
    expect(r3.json).toEqual({ reason: "company is outside the caller's access scope" });
    expect((await put(scoped, own.id)).status).toBe(200);

    expect((await db().company.findUniqueOrThrow({ where: { id: other.id } })).fkStatus).toBe("NONE");
    expect(await fkStatusHistory(other.id)).toEqual([]);
    // The scope-excluded caller still sees the company in the register.
    expect((await register(scoped)).some((c) => c.org_number === other.orgNumber)).toBe(true);
  });

  it("404 `company not found` for an unknown or deleted company", async () => {
    const token = await companyToken();
    const gone = await makeCompany("Nedlagd");
    await deleteCompany(operatorCaller(), gone.id);
    for (const id of [crypto.randomUUID(), gone.id]) {
      const res = await call(`/v3/company/${id}/fk`, { method: "PUT", token, body: { fk_status: "ACTIVE" } });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ reason: "company not found" });
    }
    expect((await db().company.findUniqueOrThrow({ where: { id: gone.id } })).fkStatus).toBe("NONE");
  });

  it("keeps a consistent history under concurrent updates", async () => {
    const company = await makeCompany();
    const token = await companyToken();
    const values = ["ML_ADDED", "FK_ADDED", "ACTIVE", "REJECTED", "NONE", "ACTIVE", "ML_ADDED", "REJECTED"];
    const results = await Promise.all(
      values.map((fk_status) => call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body: { fk_status } })),
    );
    for (const r of results) expect(r.status).toBe(200);
    // Newest first: read oldest first, each change starts from the value the previous one set.
    const history = (await fkStatusHistory(company.id)).reverse();
    expect(history.length).toBeGreaterThan(0);
    expect(history[0].from).toBe("NONE");
    for (let i = 1; i < history.length; i++) expect(history[i].from).toBe(history[i - 1].to);
    const final = (await db().company.findUniqueOrThrow({ where: { id: company.id } })).fkStatus;
    expect(history[history.length - 1].to).toBe(final);
  });

  it("history survives register edits made by operators", async () => {
    const company = await makeCompany();
    await call(`/v3/company/${company.id}/fk`, {
      method: "PUT",
      token: await companyToken(),
      body: { fk_status: "FK_ADDED" },
    });
    await updateCompany(operatorCaller(), company.id, { name: "Nytt namn" });
    expect((await fkStatusHistory(company.id)).map((h) => h.to)).toEqual(["FK_ADDED"]);
  });
});

describe("unexpected server errors (the 500 rows of 7.2)", () => {
  it("500 {reason} without internals on all three endpoints when the caller's access group is corrupt", async () => {
    const company = await makeCompany();
    const { key, token } = await accessTokenFor({ modules: ["company"], permissions: ["COMPANY.U"] });
    // Only this key's group: other tests keep running against the same server.
    await db().accessGroup.update({ where: { id: await accessGroupIdOf(key) }, data: { modules: "{not json" } });
    const responses = [
      await call("/v3/company/fk", { token }),
      await call(`/v3/company/${company.id}/fk`, { token }),
      await call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body: { fk_status: "ACTIVE" } }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ reason: "internal server error" });
    }
    expect((await db().company.findUniqueOrThrow({ where: { id: company.id } })).fkStatus).toBe("NONE");
  });

  it("PUT: 500 when the history row cannot be written, and fk_status stays unchanged (one transaction)", async () => {
    const company = await makeCompany();
    const token = await companyToken();
    const name = `fail_fk_${crypto.randomBytes(4).toString("hex")}`;
    // A trigger that rejects history rows of this one company only.
    if (inject("provider") === "postgres") {
      await db().$executeRawUnsafe(
        `CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'simulated failure'; END $$ LANGUAGE plpgsql`,
      );
      await db().$executeRawUnsafe(
        `CREATE TRIGGER ${name} BEFORE INSERT ON "FkStatusChange" FOR EACH ROW WHEN (NEW."companyId" = '${company.id}') EXECUTE FUNCTION ${name}()`,
      );
    } else {
      await db().$executeRawUnsafe(
        `CREATE TRIGGER ${name} BEFORE INSERT ON "FkStatusChange" WHEN NEW."companyId" = '${company.id}' BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`,
      );
    }
    try {
      const res = await call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body: { fk_status: "ACTIVE" } });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ reason: "internal server error" });
      expect((await db().company.findUniqueOrThrow({ where: { id: company.id } })).fkStatus).toBe("NONE");
      expect(await fkStatusHistory(company.id)).toEqual([]);
    } finally {
      await db().$executeRawUnsafe(
        `DROP TRIGGER ${name}${inject("provider") === "postgres" ? ' ON "FkStatusChange"' : ""}`,
      );
      if (inject("provider") === "postgres") await db().$executeRawUnsafe(`DROP FUNCTION ${name}()`);
    }
  });
});

describe("OpenAPI", () => {
  it("documents the four endpoints with every response of the contract (422: the general table's invalid token; 503: a database outage)", async () => {
    const doc = (await call("/v3/openapi.json")).json;
    expect(Object.keys(doc.paths["/company/fk"].get.responses).sort()).toEqual([
      "200",
      "401",
      "403",
      "422",
      "500",
      "503",
    ]);
    expect(Object.keys(doc.paths["/company/{company_id}/fk"].get.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "422",
      "500",
      "503",
    ]);
    // 413 and 415: every operation that reads a body can answer them (the document adds them to each).
    expect(Object.keys(doc.paths["/company/{company_id}/fk"].put.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "413",
      "415",
      "422",
      "500",
      "503",
    ]);
    expect(Object.keys(doc.paths["/company/fk/status/{company_id}"].get.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "422",
      "500",
      "503",
    ]);
    expect(doc.components.schemas.FkStatus.enum).toEqual(["NONE", "ML_ADDED", "FK_ADDED", "ACTIVE", "REJECTED"]);
    expect(doc.components.schemas.CompanyFk.required).toContain("company_grants");
  });
});
