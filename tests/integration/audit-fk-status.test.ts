// PUT /v3/company/{company_id}/fk records each change twice in its transaction: a history row and an audit entry.
// Setting the current value again is not a change and records neither.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { accessTokenFor, call, makeCompany } from "../helpers";

const auditOf = (companyId: string) => db().auditEntry.findMany({ where: { companyId }, orderBy: { id: "asc" } });
const historyOf = (companyId: string) => db().fkStatusChange.findMany({ where: { companyId }, orderBy: { id: "asc" } });

describe("PUT /v3/company/{company_id}/fk and the audit log", () => {
  it("a change writes exactly one AuditEntry and one FkStatusChange; an unchanged value writes neither", async () => {
    const company = await makeCompany("Granskad");
    const { key, token } = await accessTokenFor({
      companyId: company.id,
      modules: ["company"],
      permissions: ["COMPANY.U"],
      companyIds: [company.id],
    });
    const put = (fk_status: string) =>
      call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body: { fk_status } });
    const auditBefore = await auditOf(company.id); // the operator's company.create
    expect(await historyOf(company.id)).toEqual([]);

    const started = Date.now();
    const changed = await put("ML_ADDED");
    expect(changed.status).toBe(200);
    const audit = (await auditOf(company.id)).slice(auditBefore.length);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: `api:${key.client_id}`,
      actorKind: "api_key",
      action: "company.fk_status",
      objectType: "company",
      objectId: company.id,
      companyId: company.id,
      summary: "NONE → ML_ADDED",
    });
    expect(audit[0].createdAt.getTime()).toBeGreaterThanOrEqual(started - 5_000);
    const history = await historyOf(company.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: "NONE", toStatus: "ML_ADDED", changedBy: `api:${key.client_id}` });

    const unchanged = await put("ML_ADDED");
    expect(unchanged.status).toBe(200);
    expect(unchanged.json).toEqual({ company_id: company.id, fk_status: "ML_ADDED" });
    expect(await auditOf(company.id)).toHaveLength(auditBefore.length + 1);
    expect(await historyOf(company.id)).toEqual(history);

    expect((await put("ACTIVE")).status).toBe(200);
    const next = (await auditOf(company.id)).slice(auditBefore.length + 1);
    expect(next.map((e) => [e.action, e.summary])).toEqual([["company.fk_status", "ML_ADDED → ACTIVE"]]);
    expect((await historyOf(company.id)).map((h) => [h.fromStatus, h.toStatus])).toEqual([
      ["NONE", "ML_ADDED"],
      ["ML_ADDED", "ACTIVE"],
    ]);
  });

  it("a refused change (no COMPANY.U) writes neither", async () => {
    const company = await makeCompany("Orörd");
    const { token } = await accessTokenFor({
      companyId: company.id,
      modules: ["company"],
      permissions: [],
      companyIds: [company.id],
    });
    const before = await auditOf(company.id);
    const res = await call(`/v3/company/${company.id}/fk`, { method: "PUT", token, body: { fk_status: "ACTIVE" } });
    expect(res.status).toBe(403);
    expect(await auditOf(company.id)).toEqual(before);
    expect(await historyOf(company.id)).toEqual([]);
  });
});
