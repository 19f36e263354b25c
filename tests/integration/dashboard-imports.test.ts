// The import screen's data routes (/admin/api/imports) over HTTP against the built server, with a signed-in session:
// the upload takes a file larger than a server action may send (the 50 MB limit of /v3/imports) and a binary .xlsx;
// another company's import is not found through every route; a POST whose Origin names another site is refused.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { createImport } from "@/modules/imports/services/imports";
import { IMPORT_MEDIA_TYPES } from "@/modules/imports/schemas/imports";
import { MODULES } from "@/modules/access/schemas/access";
import { newAdminUser, signIn } from "../dashboard-session";
import { baseUrl, makeCompany, uniqueIp } from "../helpers";

const op = operatorCaller();
let company: { id: string };
let other: { id: string };
let cookie: string;

function call(
  path: string,
  init: { method?: string; body?: BodyInit; type?: string; origin?: string; session?: string } = {},
) {
  const headers: Record<string, string> = { cookie: init.session ?? cookie, "x-forwarded-for": uniqueIp() };
  if (init.type) headers["content-type"] = init.type;
  if (init.origin) headers.origin = init.origin;
  return fetch(`${baseUrl()}/admin/api${path}`, { method: init.method ?? "GET", headers, body: init.body });
}

const upload = (companyId: string, body: BodyInit, type: string, extra: { origin?: string; session?: string } = {}) =>
  call(`/imports?kind=MEMBER&company_id=${companyId}&file_name=fil`, { method: "POST", body, type, ...extra });

beforeAll(async () => {
  company = await makeCompany("Importföreningen");
  other = await makeCompany("Annan förening");
  cookie = await signIn(await newAdminUser("EDITOR", { company_ids: [company.id] }));
});

describe("the dashboard's import upload", () => {
  it("takes a 2 MB CSV (over a server action's 1 MB) and a binary .xlsx, then previews, starts and lists them", async () => {
    const lines = [
      "E-post;Förnamn",
      ...Array.from({ length: 40_000 }, (_, i) => `rad.${i}.${Date.now()}@example.se;Namn${i}`),
    ];
    const csv = lines.join("\n");
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1024 * 1024);
    const big = await upload(company.id, csv, "text/csv");
    expect(big.status).toBe(201);
    const view = (await big.json()) as { id: number; columns: string[]; mapping: Record<string, string> };
    expect(view.columns).toEqual(["E-post", "Förnamn"]);
    expect(view.mapping).toMatchObject({ email: "E-post", firstname: "Förnamn" });

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Blad1").addRows([
      ["Email", "First name"],
      [`x.${Date.now()}@example.se`, '[{"a":[[['],
    ]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const sheet = await upload(company.id, xlsx, IMPORT_MEDIA_TYPES.xlsx, { origin: baseUrl() });
    expect(sheet.status).toBe(201);
    const sheetId = ((await sheet.json()) as { id: number }).id;

    const preview = await call(`/imports/${sheetId}/preview`, {
      method: "POST",
      type: "application/json",
      body: JSON.stringify({ mapping: { email: "Email" } }),
    });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { row_count: number }).row_count).toBe(1);
    const started = await call(`/imports/${sheetId}/start`, {
      method: "POST",
      type: "application/json",
      body: JSON.stringify({ mapping: { email: "Email" } }),
    });
    expect(started.status).toBe(200);
    const listed = (await (await call("/imports")).json()) as { id: number }[];
    expect(listed.map((run) => run.id)).toEqual(expect.arrayContaining([view.id, sheetId]));
  });

  it("refuses a cross-site POST, another media type, and a caller without the member module", async () => {
    expect(
      (await upload(company.id, "email\na@example.se\n", "text/csv", { origin: "https://evil.example" })).status,
    ).toBe(403);
    expect((await upload(company.id, "email\na@example.se\n", "application/pdf")).status).toBe(415);
    const lacking = await signIn(
      await newAdminUser("EDITOR", { company_ids: [company.id], modules: MODULES.filter((m) => m !== "member") }),
    );
    expect((await upload(company.id, "email\na@example.se\n", "text/csv", { session: lacking })).status).toBe(403);
  });
});

describe("another company's import", () => {
  it("is refused at upload and not found through every route", async () => {
    expect((await upload(other.id, "email\na@example.se\n", "text/csv")).status).toBe(403);
    const file = new Blob(["email\nb@example.se\n"]).stream();
    const foreign = await createImport(
      op,
      { kind: "MEMBER", company_id: other.id, file_name: "annan.csv" },
      "text/csv",
      file,
    );
    const json = { method: "POST", type: "application/json", body: JSON.stringify({ mapping: { email: "email" } }) };
    for (const answer of [
      await call(`/imports/${foreign.id}`),
      await call(`/imports/${foreign.id}/result.csv`),
      await call(`/imports/${foreign.id}/preview`, json),
      await call(`/imports/${foreign.id}/start`, json),
      await call(`/imports/${foreign.id}/undo`, { method: "POST" }),
    ]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual(expect.objectContaining({ reason: "import not found" }));
    }
    const listed = (await (await call("/imports")).json()) as { id: number }[];
    expect(listed.map((run) => run.id)).not.toContain(foreign.id);
  });
});
