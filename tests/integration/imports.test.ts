// Imports over HTTP against the built server (docs/api.md "Import"): the file as the raw request body (larger than the
// 1 MiB JSON limit, smaller than the import's 50 MB), the preview, a run to DONE (with the workers off, the server runs
// it in the request's process), the result CSV for Excel, undo; and the refusals at the edge.
import { beforeAll, describe, expect, it } from "vitest";
import { call, makeApiKey, makeCompany, sendTarget, tokensFor } from "../helpers";

let token: string;
let companyId: string;

beforeAll(async () => {
  companyId = (await makeCompany("HTTP-import")).id;
  const key = await makeApiKey({ companyId, modules: ["member"], permissions: ["MEMBER.U"], companyIds: [companyId] });
  token = (await tokensFor(key)).access_token;
});

async function until(id: number, status: string) {
  for (let i = 0; i < 600; i++) {
    const res = await call(`/v3/imports/${id}`, { token });
    if (res.json.status === status || res.json.status === "FAILED") return res.json;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the import did not finish");
}

describe("imports over HTTP", () => {
  it("takes a 2 MB CSV, previews, runs, serves the result for Excel and undoes", async () => {
    const lines = Array.from(
      { length: 30_000 },
      (_, i) => `rad${i}@http-import.example.org;Förnamn${i};Efternamnsson${i}`,
    );
    const csv = `\uFEFFE-post;Förnamn;Efternamn\r\n${lines.join("\r\n")}\r\nrad1@http-import.example.org;Dubblett;X\r\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1024 * 1024);
    const created = await call(`/v3/imports?kind=MEMBER&company_id=${companyId}&file_name=medlemmar.csv`, {
      method: "POST",
      token,
      headers: { "content-type": "text/csv; charset=utf-8" },
      rawBody: csv,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      status: "UPLOADED",
      file_name: "medlemmar.csv",
      columns: ["E-post", "Förnamn", "Efternamn"],
      mapping: { email: "E-post", firstname: "Förnamn", lastname: "Efternamn" },
    });
    const id = created.json.id;

    const preview = await call(`/v3/imports/${id}/preview`, {
      method: "POST",
      token,
      body: { mapping: created.json.mapping },
    });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({
      row_count: 30_001,
      problem_count: 1,
      problems: [{ row: 30_002, field: "email", message: "duplicate of row 3 in the file" }],
    });
    expect(preview.json.rows).toHaveLength(20);

    expect(
      (await call(`/v3/imports/${id}/start`, { method: "POST", token, body: { mapping: { email: "Mejl" } } })).json
        .errors,
    ).toEqual({ "mapping.email": ["no column named Mejl"] });
    const startedAt = performance.now();
    const started = await call(`/v3/imports/${id}/start`, {
      method: "POST",
      token,
      body: { mapping: created.json.mapping },
    });
    expect(started.status).toBe(200);
    expect(started.json.status).toBe("QUEUED");
    expect(
      (await call(`/v3/imports/${id}/start`, { method: "POST", token, body: { mapping: created.json.mapping } }))
        .status,
    ).toBe(409);
    expect(await until(id, "DONE")).toMatchObject({
      status: "DONE",
      rows_read: 30_001,
      added: 30_000,
      skipped: 1,
      undo_removable: 30_000,
    });

    console.log(`30,001 rows imported in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    const result = await call(`/v3/imports/${id}/result`, { token });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // (fetch's text() drops the byte-order mark; the service test checks it.)
    expect(result.text.startsWith("Rad;E-post;Resultat;Orsak;Medlems-id;Kod\r\n")).toBe(true);
    expect(result.text).toContain("30002;rad1@http-import.example.org;Överhoppad;duplicate of row 3 in the file;");

    const undoAt = performance.now();
    const undone = await call(`/v3/imports/${id}/undo`, { method: "POST", token });
    console.log(`undone in ${((performance.now() - undoAt) / 1000).toFixed(1)} s`);
    expect(undone.status).toBe(200);
    expect(undone.json).toEqual({ removed: 30_000, kept: 0, reason: null });
    expect((await call(`/v3/imports/${id}/undo`, { method: "POST", token })).status).toBe(409);
  }, 120_000);

  it("refuses a declared size over 50 MB, another media type, and a missing target", async () => {
    const big = await sendTarget(`/v3/imports?kind=MEMBER&company_id=${companyId}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "text/csv",
        "content-length": String(50 * 1024 * 1024 + 1),
      },
    });
    expect(big.status).toBe(413);
    const json = await call(`/v3/imports?kind=MEMBER&company_id=${companyId}`, {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      rawBody: "{}",
    });
    expect(json.status).toBe(415);
    const noTarget = await call("/v3/imports?kind=SUBSCRIBER", {
      method: "POST",
      token,
      headers: { "content-type": "text/csv" },
      rawBody: "email\n",
    });
    expect(noTarget.status).toBe(400);
    expect(noTarget.json.errors).toEqual({ list_id: ["required for a SUBSCRIBER import"] });
  });
});
