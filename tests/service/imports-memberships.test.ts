// A member import gives memberships: each member it creates or finds gets one in the company's current period (its
// own, else the nearest company's above it), unless it has one there; undo removes them, but not one staff changed.
import { describe, expect, it } from "vitest";
import { stockholmToday } from "@/lib/calendar";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createImport, getImport, importResultCsv, startImport, undoImport } from "@/modules/imports/services/imports";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeCompany } from "../helpers";

const op = operatorCaller();

async function importMembers(companyId: string, csv: string) {
  const uploaded = await createImport(
    op,
    { kind: "MEMBER", company_id: companyId, file_name: "medlemmar.csv" } as never,
    "text/csv",
    new Blob([csv]).stream(),
  );
  await startImport(op, uploaded.id, { mapping: { email: "email", firstname: "firstname" } });
  for (let i = 0; i < 400; i++) {
    const run = await getImport(op, uploaded.id);
    if (run.status === "DONE" || run.status === "FAILED") return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the import did not finish");
}

const day = (offset: number) => new Date(Date.parse(`${stockholmToday()}T00:00:00Z`) + offset * 86_400_000);
const period = (companyId: string, name: string, from: number, to: number) =>
  db().period.create({ data: { companyId, name, startsOn: day(from), endsOn: day(to) } });
const membershipsOf = (memberId: number) =>
  db().membership.findMany({
    where: { memberId },
    select: { companyId: true, periodId: true, status: true, memberTypeId: true },
  });

describe("member imports and memberships", () => {
  it("gives each member a membership in the company's current period, counts it as an update, and undo removes it", async () => {
    const company = await makeCompany("Periodföreningen");
    await period(company.id, "I fjol", -400, -40);
    const current = await period(company.id, "I år", -30, 300);
    const known = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: "kand@example.org", firstname: "Känd" }),
    );
    const already = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: "redan@example.org", firstname: "Redan" }),
    );
    await db().membership.create({
      data: { memberId: already.id, companyId: company.id, periodId: current.id, status: "MEMBER" },
    });

    const run = await importMembers(
      company.id,
      "email;firstname\nny@example.org;Ny\nkand@example.org;Känd\nredan@example.org;Redan\n",
    );
    expect(run).toMatchObject({ status: "DONE", added: 1, updated: 1, skipped: 1 });
    const ny = await db().member.findFirstOrThrow({ where: { organizationId: company.id, email: "ny@example.org" } });
    const membership = { companyId: company.id, periodId: current.id, status: "MEMBER", memberTypeId: null };
    expect(await membershipsOf(ny.id)).toEqual([membership]);
    expect(await membershipsOf(known.id)).toEqual([membership]);
    expect(await membershipsOf(already.id)).toEqual([membership]);
    let text = "";
    for await (const line of (await importResultCsv(op, run.id, "sv")).lines) text += line;
    expect(text).toContain(`3;kand@example.org;Uppdaterad;;${known.id}\r\n`);
    expect(text).toContain(`4;redan@example.org;Överhoppad;"finns redan; inget att fylla i";${already.id}\r\n`);

    expect(await undoImport(op, run.id)).toEqual({ removed: 2, kept: 0, reason: null });
    expect(await db().member.count({ where: { id: ny.id } })).toBe(0);
    expect(await membershipsOf(known.id)).toEqual([]);
    expect(await membershipsOf(already.id)).toEqual([membership]);
  });

  it("uses the period of the nearest company above when the company has none of its own, and none without any", async () => {
    const federation = await makeCompany("Förbundet");
    const club = await makeCompany("Klubben", federation.id);
    const shared = await period(federation.id, "Förbundsåret", -10, 10);
    const run = await importMembers(club.id, "email;firstname\nklubb@example.org;Klubb\n");
    expect(run).toMatchObject({ added: 1 });
    const member = await db().member.findFirstOrThrow({
      where: { organizationId: club.id, email: "klubb@example.org" },
    });
    expect(await membershipsOf(member.id)).toEqual([
      { companyId: club.id, periodId: shared.id, status: "MEMBER", memberTypeId: null },
    ]);

    const alone = await makeCompany("Utan period");
    await period(alone.id, "Nästa år", 100, 400);
    const without = await importMembers(alone.id, "email;firstname\nensam@example.org;Ensam\n");
    expect(without).toMatchObject({ added: 1 });
    const ensam = await db().member.findFirstOrThrow({
      where: { organizationId: alone.id, email: "ensam@example.org" },
    });
    expect(await membershipsOf(ensam.id)).toEqual([]);
  });

  it("undo leaves a membership staff changed since, and its member", async () => {
    const company = await makeCompany();
    await period(company.id, "Nu", -1, 1);
    const run = await importMembers(
      company.id,
      "email;firstname\nandrad@example.org;Ändrad\norord@example.org;Orörd\n",
    );
    const changed = await db().member.findFirstOrThrow({
      where: { organizationId: company.id, email: "andrad@example.org" },
    });
    await db().membership.updateMany({ where: { memberId: changed.id }, data: { status: "PENDING_EXIT" } });
    expect(await undoImport(op, run.id)).toMatchObject({ removed: 1, kept: 1 });
    expect(await membershipsOf(changed.id)).toMatchObject([{ status: "PENDING_EXIT" }]);
    expect(await db().member.count({ where: { organizationId: company.id } })).toBe(1);
  });
});
