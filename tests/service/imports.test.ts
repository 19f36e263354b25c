// Imports of members and subscribers (docs/api.md "Import"): CSV (`;` with a BOM, `,`) and .xlsx read as streams, the
// preview's problems, merging by normalized email, duplicates in the file, the subscriber rules (suppressed, opted
// out, the list's capacity), resuming after the last committed batch, the result file and undo.
import ExcelJS from "exceljs";
import { describe, expect, it, vi } from "vitest";
import { db, isPostgres } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import {
  createImport,
  getImport,
  importResultCsv,
  previewImport,
  startImport,
  undoImport,
} from "@/modules/imports/services/imports";
import { runImportRound } from "@/modules/imports/services/run";
import { createMember, updateMember } from "@/modules/members/services/changes";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList, updateList } from "@/modules/lists/services/lists";
import { suppressAddress } from "@/modules/sendouts/services/suppressions";
import { importsMessages, reasonLabel } from "@/modules/imports/texts/imports";
import type { Lang } from "@/lib/i18n/lang";
import { parseStoredReason } from "@/modules/imports/schemas/reasons";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeApiKey, makeCompany } from "../helpers";
import { callerForApiKey } from "@/modules/access/services/api-keys";

const op = operatorCaller();
const stream = (content: string | Buffer) =>
  new Blob([typeof content === "string" ? content : new Uint8Array(content)]).stream();

async function upload(
  caller: Caller,
  target: { company_id?: string; list_id?: number },
  content: string | Buffer,
  type = "text/csv",
) {
  const kind = target.list_id ? "SUBSCRIBER" : "MEMBER";
  return createImport(caller, { kind, file_name: "fil.csv", ...target } as never, type, stream(content));
}

async function finished(caller: Caller, id: number) {
  for (let i = 0; i < 400; i++) {
    const run = await getImport(caller, id);
    if (run.status === "DONE" || run.status === "FAILED") return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the import did not finish");
}

/** The dashboard's result file in a language; without one the API's (English reasons, their codes last). */
async function resultLines(caller: Caller, id: number, lang?: Lang) {
  const { lines } = await importResultCsv(caller, id, lang);
  let text = "";
  for await (const line of lines) text += line;
  return text;
}

describe("member imports", () => {
  it("reads a Swedish CSV (`;`, BOM), merges by normalized email, skips duplicates and bad rows, and undoes", async () => {
    const company = await makeCompany("Importföreningen");
    const known = await createMember(
      op,
      CreateMemberRequest.parse({
        company_id: company.id,
        email: "karin@example.org",
        firstname: "Karin",
        phone: null,
      }),
    );
    const csv =
      "\uFEFFE-post;Förnamn;Efternamn;Telefon;Födelsedatum\r\n" +
      " KARIN@example.org ;Kajsa;Lind;070-111;\r\n" +
      "ola@example.org;Ola;Berg;;1990-02-30\r\n" +
      "per@example.org;Per;Ek;;1985-05-05\r\n" +
      "Per@Example.org;Pelle;Ekström;;\r\n" +
      "inte-en-adress;Ida;;;\r\n";
    const uploaded = await upload(op, { company_id: company.id }, csv);
    expect(uploaded.status).toBe("UPLOADED");
    expect(uploaded.columns).toEqual(["E-post", "Förnamn", "Efternamn", "Telefon", "Födelsedatum"]);
    expect(uploaded.mapping).toEqual({
      email: "E-post",
      firstname: "Förnamn",
      lastname: "Efternamn",
      phone: "Telefon",
      birthdate: "Födelsedatum",
    });

    const preview = await previewImport(op, uploaded.id, uploaded.mapping as { email: string });
    expect(preview.row_count).toBe(5);
    expect(preview.rows[0]).toEqual({
      row: 2,
      values: { email: "KARIN@example.org", firstname: "Kajsa", lastname: "Lind", phone: "070-111" },
    });
    expect(preview.problems).toEqual([
      {
        row: 3,
        field: "birthdate",
        code: "invalid",
        params: { issue: "invalid_date" },
        message: "must be a date (YYYY-MM-DD)",
      },
      {
        row: 5,
        field: "email",
        code: "duplicate_in_file",
        params: { first_row: 4 },
        message: "duplicate of row 4 in the file",
      },
      {
        row: 6,
        field: "email",
        code: "invalid",
        params: { issue: "invalid_email" },
        message: "must be a valid email address",
      },
    ]);
    const sv = importsMessages("sv");
    expect(preview.problems.map((p) => reasonLabel(sv, { ...p.params, code: p.code, field: p.field }))).toEqual([
      "inte ett datum (ÅÅÅÅ-MM-DD)",
      "samma e-post som rad 4 i filen",
      "ogiltig e-postadress",
    ]);

    await startImport(op, uploaded.id, { mapping: uploaded.mapping as { email: string } });
    const run = await finished(op, uploaded.id);
    expect(run).toMatchObject({ status: "DONE", rows_read: 5, added: 1, updated: 1, skipped: 3 });
    const karin = await db().member.findUniqueOrThrow({ where: { id: known.id } });
    expect(karin).toMatchObject({ firstname: "Karin", lastname: "Lind", phone: "070-111" }); // filled in, not overwritten
    const per = await db().member.findFirstOrThrow({ where: { organizationId: company.id, email: "per@example.org" } });
    expect(per).toMatchObject({ firstname: "Per", birthdate: "1985-05-05" });
    // The file is gone once the run ended.
    expect((await db().importRun.findUniqueOrThrow({ where: { id: run.id } })).filePath).toBeNull();

    const result = await resultLines(op, run.id, "sv");
    expect(result.startsWith("\uFEFFRad;E-post;Resultat;Orsak;Medlems-id\r\n")).toBe(true);
    expect(result).toContain(`2;karin@example.org;Uppdaterad;;${known.id}\r\n`);
    expect(result).toContain("5;per@example.org;Överhoppad;samma e-post som rad 4 i filen;\r\n");
    expect(result).toContain("6;;Överhoppad;E-post: ogiltig e-postadress;\r\n");
    // A row refused for another field still says whose it was.
    expect(result).toContain("3;ola@example.org;Överhoppad;Födelsedatum: inte ett datum (ÅÅÅÅ-MM-DD);\r\n");
    // The API's file: the reasons in English as before, their codes in a last column.
    const forApi = await resultLines(op, run.id);
    expect(forApi.startsWith("\uFEFFRad;E-post;Resultat;Orsak;Medlems-id;Kod\r\n")).toBe(true);
    expect(forApi).toContain(`2;karin@example.org;Uppdaterad;;${known.id};\r\n`);
    expect(forApi).toContain("5;per@example.org;Överhoppad;duplicate of row 4 in the file;;duplicate_in_file\r\n");
    expect(forApi).toContain("6;;Överhoppad;email: must be a valid email address;;invalid\r\n");

    // A second import remembers the mapping.
    const again = await upload(
      op,
      { company_id: company.id },
      "Förnamn;E-post;Efternamn;Telefon;Födelsedatum\r\nA;a@example.org;B;;\r\n",
    );
    expect(again.mapping).toEqual(uploaded.mapping);

    const undone = await undoImport(op, run.id);
    expect(undone).toEqual({ removed: 2, kept: 0, reason: null });
    expect(await db().member.count({ where: { id: per.id } })).toBe(0);
    expect(await db().member.findUniqueOrThrow({ where: { id: known.id } })).toMatchObject({
      firstname: "Karin",
      lastname: null,
      phone: null,
    });
    expect((await getImport(op, run.id)).status).toBe("UNDONE");
    await expect(undoImport(op, run.id)).rejects.toMatchObject({ status: 409 });
    const audit = await db().auditEntry.findFirst({ where: { action: "import.undo", companyId: company.id } });
    expect(audit?.summary).toContain("2 rows undone, 0 kept");
  });

  it("undo leaves what was touched since, and says so", async () => {
    const company = await makeCompany();
    const uploaded = await upload(
      op,
      { company_id: company.id },
      "email,firstname\nrut@example.org,Rut\nsten@example.org,Sten\n",
    );
    await startImport(op, uploaded.id, { mapping: { email: "email", firstname: "firstname" } });
    await finished(op, uploaded.id);
    const rut = await db().member.findFirstOrThrow({ where: { organizationId: company.id, email: "rut@example.org" } });
    await updateMember(op, rut.id, { lastname: "Ändrad" });
    const undone = await undoImport(op, uploaded.id);
    expect(undone.removed).toBe(1);
    expect(undone.kept).toBe(1);
    expect(undone.reason).toMatch(/changed since the import/);
    expect(await db().member.count({ where: { id: rut.id } })).toBe(1);
  });

  it("reads the first sheet of an .xlsx file as a stream", async () => {
    const company = await makeCompany();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Medlemmar");
    sheet.addRow(["Email", "Firstname", "Birthdate"]);
    sheet.addRow(["xl@example.org", "Xena", new Date("1970-01-02T00:00:00Z")]);
    sheet.addRow([
      { text: "link@example.org", hyperlink: "mailto:link@example.org" },
      { richText: [{ text: "Li" }, { text: "nk" }] },
      null,
    ]);
    workbook.addWorksheet("Annat").addRow(["ignored"]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = await upload(
      op,
      { company_id: company.id },
      buffer,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(uploaded.mapping).toEqual({ email: "Email", firstname: "Firstname", birthdate: "Birthdate" });
    await startImport(op, uploaded.id, { mapping: uploaded.mapping as { email: string } });
    expect(await finished(op, uploaded.id)).toMatchObject({ added: 2, skipped: 0 });
    expect(
      await db().member.findFirst({ where: { organizationId: company.id, email: "xl@example.org" } }),
    ).toMatchObject({ firstname: "Xena", birthdate: "1970-01-02" });
    expect(
      await db().member.findFirst({ where: { organizationId: company.id, email: "link@example.org" } }),
    ).toMatchObject({ firstname: "Link" });
  });

  it("refuses what is not a file of its kind, and another organization's company or import", async () => {
    const company = await makeCompany();
    await expect(
      upload(op, { company_id: company.id }, "email\nx@example.org\n", "application/json"),
    ).rejects.toMatchObject({ status: 415 });
    await expect(upload(op, { company_id: company.id }, "")).rejects.toBeInstanceOf(ValidationFailed);
    const own = await makeCompany();
    const key = await makeApiKey({
      companyId: own.id,
      modules: ["member"],
      permissions: ["MEMBER.U"],
      companyIds: [own.id],
    });
    const outsider = (await callerForApiKey(key.id))!;
    await expect(upload(outsider, { company_id: company.id }, "email\nx@example.org\n")).rejects.toMatchObject({
      status: 403,
    });
    const theirs = await upload(op, { company_id: company.id }, "email\nx@example.org\n");
    await expect(getImport(outsider, theirs.id)).rejects.toMatchObject({ status: 404, message: "import not found" });
    await expect(startImport(outsider, theirs.id, { mapping: { email: "email" } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(startImport(op, theirs.id, { mapping: { email: "E-mail" } })).rejects.toBeInstanceOf(ValidationFailed);
  });

  it("gives each problem a code and parameters: English for the API, the staff member's language on the screen", async () => {
    const company = await makeCompany();
    await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: "finns@example.org", phone: "08-1" }),
    );
    const csv = `email;phone;birthdate\n;070;\nlang@example.org;${"1".repeat(65)};\nfram@example.org;;2999-01-01\nfel@example.org;;1990-02-30\nfinns@example.org;;\n`;
    const uploaded = await upload(op, { company_id: company.id }, csv);
    const preview = await previewImport(op, uploaded.id, {
      email: "email",
      phone: "phone",
      birthdate: "birthdate",
      firstname: "Förnamn",
    });
    expect(preview.problems).toEqual([
      {
        row: 1,
        field: "firstname",
        code: "no_column",
        params: { header: "Förnamn" },
        message: "no column named Förnamn",
      },
      { row: 2, field: "email", code: "required", params: {}, message: "required" },
      {
        row: 3,
        field: "phone",
        code: "invalid",
        params: { issue: "too_long", max: 64 },
        message: "must be at most 64 characters",
      },
      {
        row: 4,
        field: "birthdate",
        code: "invalid",
        params: { issue: "future_date" },
        message: "must not be in the future",
      },
      {
        row: 5,
        field: "birthdate",
        code: "invalid",
        params: { issue: "invalid_date" },
        message: "must be a date (YYYY-MM-DD)",
      },
    ]);
    const label = (lang: Lang) =>
      preview.problems.map((p) => reasonLabel(importsMessages(lang), { ...p.params, code: p.code, field: p.field }));
    expect(label("sv")).toEqual([
      "ingen kolumn heter Förnamn",
      "saknas",
      "för långt (högst 64 tecken)",
      "datumet ligger i framtiden",
      "inte ett datum (ÅÅÅÅ-MM-DD)",
    ]);
    expect(label("en")[2]).toBe("too long (at most 64 characters)");

    await startImport(op, uploaded.id, { mapping: { email: "email", phone: "phone", birthdate: "birthdate" } });
    const run = await finished(op, uploaded.id);
    expect(run).toMatchObject({ added: 0, skipped: 5 });
    // A row of a run made before the codes: its English text is shown as it is.
    await db().importRow.create({
      data: { runId: run.id, rowNumber: 99, outcome: "SKIPPED", reason: "the list is full" },
    });
    const sv = await resultLines(op, run.id, "sv");
    expect(sv).toContain("2;;Överhoppad;E-post: saknas;\r\n");
    expect(sv).toContain("3;lang@example.org;Överhoppad;Telefon: för långt (högst 64 tecken);\r\n");
    expect(sv).toContain('6;finns@example.org;Överhoppad;"finns redan; inget att fylla i";');
    expect(sv).toContain("99;;Överhoppad;the list is full;\r\n");
    const en = await resultLines(op, run.id, "en");
    expect(en.startsWith("\uFEFFRow;Email;Outcome;Reason;Member id\r\n")).toBe(true);
    expect(en).toContain("4;fram@example.org;Skipped;Birthdate: the date is in the future;\r\n");
    const forApi = await resultLines(op, run.id);
    expect(forApi).toContain("2;;Överhoppad;email: required;;required\r\n");
    expect(forApi).toContain("3;lang@example.org;Överhoppad;phone: must be at most 64 characters;;invalid\r\n");
    expect(forApi).toContain('6;finns@example.org;Överhoppad;"already a member; nothing to fill in";');
    expect(forApi).toContain("99;;Överhoppad;the list is full;;\r\n");
  });

  it("resumes after the last committed batch when a worker stops mid-run", async () => {
    const company = await makeCompany();
    // The first row is refused (its date) but keeps its address; the same address later in the file, after the
    // resume, is the first valid one and is imported, as it would be without the stop.
    const rows = [
      "igen@example.org;1990-02-30",
      ...Array.from({ length: 1198 }, (_, i) => `r${i}@example.org;`),
      "igen@example.org;",
    ];
    const uploaded = await upload(op, { company_id: company.id }, `email;birthdate\n${rows.join("\n")}\n`);
    // Queued directly, so only this test's rounds run it.
    await db().importRun.update({
      where: { id: uploaded.id },
      data: { status: "QUEUED", mapping: JSON.stringify({ email: "email", birthdate: "birthdate" }) },
    });
    await runImportRound("first", () => true); // stops after its first batch
    expect(await getImport(op, uploaded.id)).toMatchObject({
      status: "RUNNING",
      rows_read: 500,
      added: 499,
      skipped: 1,
    });
    await runImportRound("second", () => false);
    expect(await getImport(op, uploaded.id)).toMatchObject({
      status: "DONE",
      rows_read: 1200,
      added: 1199,
      skipped: 1,
    });
    expect(await db().member.count({ where: { organizationId: company.id } })).toBe(1199);
    expect(await db().importRow.count({ where: { runId: uploaded.id } })).toBe(1200);
    expect(
      await db().importRow.findFirst({
        where: { runId: uploaded.id, rowNumber: 2 },
        select: { email: true, outcome: true },
      }),
    ).toEqual({ email: "igen@example.org", outcome: "SKIPPED" });
  });
});

describe("subscriber imports", () => {
  it.runIf(isPostgres())(
    "refresh PostgreSQL's statistics of what they wrote from 1,000 rows on, not for a few",
    async () => {
      const company = await makeCompany();
      const list = await createList(op, { name: "Stor lista", company_id: company.id });
      const lastAnalyze = async () =>
        (
          await db().$queryRaw<
            { at: Date | null }[]
          >`SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = 'Subscription'`
        )[0].at?.getTime() ?? 0;
      const importRows = async (count: number) => {
        const csv =
          "email\n" +
          Array.from({ length: count }, (_, i) => `stor-${count}-${i}-${crypto.randomUUID()}@example.org`).join("\n") +
          "\n";
        const uploaded = await upload(op, { list_id: list.id }, csv);
        await startImport(op, uploaded.id, { mapping: { email: "email" }, consent_source: "Mässa" });
        return finished(op, uploaded.id);
      };
      const before = await lastAnalyze();
      expect(await importRows(3)).toMatchObject({ added: 3 });
      expect(await lastAnalyze()).toBe(before);
      expect(await importRows(1000)).toMatchObject({ added: 1000 });
      // The refresh follows DONE, and another backend's ANALYZE reaches pg_stat_user_tables within a second.
      await vi.waitFor(async () => expect(await lastAnalyze()).toBeGreaterThan(before), {
        timeout: 10_000,
        interval: 100,
      });
    },
  );

  it("subscribes with the consent statement, skipping the suppressed, the opted out, those who left and beyond the cap", async () => {
    const company = await makeCompany();
    const list = await createList(op, { name: "Nyhetsbrev", company_id: company.id });
    const optedOut = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: "borta@example.org" }),
    );
    await db().member.update({ where: { id: optedOut.id }, data: { globalOptOutAt: new Date() } });
    const left = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: "lamnade@example.org" }),
    );
    await setMemberSubscription(op, list.id, left.id, true);
    await db().subscription.updateMany({
      where: { listId: list.id, memberId: left.id },
      data: { status: "UNSUBSCRIBED", unsubscribedAt: new Date(), unsubscribedVia: "LINK" },
    });
    await db().subscriptionList.update({ where: { id: list.id }, data: { activeCount: 0 } });
    await suppressAddress(op, { company_id: company.id, email: "studs@example.org", note: "Studsar" });
    await updateList(op, list.id, { subscriber_cap: 2 } as never);
    const csv =
      "email;firstname\nborta@example.org;B\nlamnade@example.org;L\nstuds@example.org;S\nett@example.org;Ett\ntva@example.org;Två\ntre@example.org;Tre\n";
    const uploaded = await upload(op, { list_id: list.id }, csv);
    await expect(startImport(op, uploaded.id, { mapping: { email: "email" } })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    await startImport(op, uploaded.id, {
      mapping: { email: "email", firstname: "firstname" },
      consent_source: "Anmälan på årsmötet, pappersblankett",
    });
    const run = await finished(op, uploaded.id);
    expect(run).toMatchObject({ added: 2, skipped: 4, consent_source: "Anmälan på årsmötet, pappersblankett" });
    const rows = await db().importRow.findMany({
      where: { runId: run.id, outcome: "SKIPPED" },
      orderBy: { rowNumber: "asc" },
    });
    expect(rows.map((r) => parseStoredReason(r.reason)?.code)).toEqual([
      "opted_out",
      "left_list",
      "suppressed",
      "list_full",
    ]);
    const result = await resultLines(op, run.id, "sv");
    expect(result).toContain("borta@example.org;Överhoppad;avregistrerad från all e-post;");
    expect(result).toContain("lamnade@example.org;Överhoppad;lämnade listan själv;");
    expect(result).toContain("studs@example.org;Överhoppad;adressen är spärrad (studsar eller klagomål);");
    expect(result).toContain("tre@example.org;Överhoppad;listan är full;");
    const forApi = await resultLines(op, run.id);
    expect(forApi).toContain("borta@example.org;Överhoppad;opted out of all mail;;opted_out\r\n");
    expect(forApi).toContain("lamnade@example.org;Överhoppad;left the list themselves;;left_list\r\n");
    expect(forApi).toContain(
      "studs@example.org;Överhoppad;the address is suppressed (bounces or complaints);;suppressed\r\n",
    );
    expect(forApi).toContain("tre@example.org;Överhoppad;the list is full;;list_full\r\n");
    const active = await db().subscription.findMany({
      where: { listId: list.id, status: "SUBSCRIBED" },
      include: { member: true },
    });
    expect(active.map((s) => s.member.email).sort()).toEqual(["ett@example.org", "tva@example.org"]);
    expect(active.every((s) => s.confirmedVia === "ADMIN" && s.source === "ADMIN")).toBe(true);
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: list.id } })).activeCount).toBe(2);
    expect(await undoImport(op, run.id)).toMatchObject({ removed: 2, kept: 0 });
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: list.id } })).activeCount).toBe(0);
    expect(
      await db().member.count({
        where: { organizationId: company.id, email: { in: ["ett@example.org", "tva@example.org"] } },
      }),
    ).toBe(0);
  });
});
