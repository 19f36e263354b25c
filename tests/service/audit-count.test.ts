// The audit log is counted exactly up to 10,000 entries past the requested page (modules/audit/services/audit.ts): a large log
// answers with the bound and count_exact false instead of reading the whole index on every page.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { listAuditEntries } from "@/modules/audit/services/audit";
import { AuditQuery } from "@/modules/audit/schemas/audit";
import { makeApiKey, makeCompany } from "../helpers";

describe("the audit log's count", () => {
  it("is exact up to 10,000 entries past the page, then the bound", async () => {
    const company = await makeCompany("Loggföreningen");
    const caller = (await callerForApiKey((await makeApiKey({ companyId: company.id, companyIds: [company.id] })).id))!;
    const entry = (i: number) => ({
      actor: "cli",
      actorKind: "operator",
      action: "company.update",
      objectType: "company",
      objectId: company.id,
      companyId: company.id,
      summary: `${i}`,
      createdAt: new Date(Date.now() + 60_000 - i * 1000),
    });
    const before = (await listAuditEntries(caller, AuditQuery.parse({}))).count; // the company's and the key's own
    await db().auditEntry.createMany({ data: Array.from({ length: 120 }, (_, i) => entry(i)) });
    expect(await listAuditEntries(caller, AuditQuery.parse({ page: "1", limit: "50" }))).toMatchObject({
      count: before + 120,
      count_exact: true,
    });

    await db().auditEntry.createMany({ data: Array.from({ length: 10_000 }, (_, i) => entry(120 + i)) });
    const first = await listAuditEntries(caller, AuditQuery.parse({ page: "1", limit: "50" }));
    expect(first).toMatchObject({ count: 10_050, count_exact: false });
    expect(first.entries.map((e) => e.summary).slice(0, 2)).toEqual(["0", "1"]);
    // Further on, the count reaches the end again.
    expect(await listAuditEntries(caller, AuditQuery.parse({ page: "3", limit: "50" }))).toMatchObject({
      count: before + 10_120,
      count_exact: true,
    });
  });
});
