// Spec 2.8, 4.2 rule 4 and the 7.2 rows of GET /company/fk/status/{company_id}: the real simulator over HTTP.
import crypto from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { UpstreamFailed } from "@/lib/errors";
import { fetchProviderStatus } from "@/modules/companies/services/leisure-card-client";
import { operatorCaller } from "@/modules/access/services/caller";
import { deleteCompany } from "@/modules/companies/services/changes";
import { setLeisureCardApiKey } from "@/modules/companies/services/leisure-card";
import type { LeisureCardKeyInput } from "@/modules/companies/schemas/company";
import { freePort } from "@/scripts/lib/ports.mjs";
import { accessTokenFor, call, makeCompany, validationError } from "../helpers";

/** A port nothing listens on (bound, read, released). */
const closedPort = freePort;

async function simulator(pathname: string, body: unknown) {
  const res = await fetch(`${inject("leisureCardUrl")}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** A company with a leisure-card record; approved at the simulator unless told otherwise. */
async function provider(
  options: { approved?: boolean; giroType?: LeisureCardKeyInput["giro_type"]; giroNumber?: string | null } = {},
) {
  const company = await makeCompany("Utförare");
  const apiKey = `fk-${crypto.randomBytes(12).toString("hex")}`;
  const giroType = options.giroType === undefined ? "BANKGIRO" : options.giroType;
  const giroNumber =
    options.giroNumber === undefined
      ? `${crypto.randomInt(100, 999)}-${crypto.randomInt(1000, 9999)}`
      : options.giroNumber;
  await setLeisureCardApiKey(operatorCaller(), company.id, {
    api_key: apiKey,
    giro_type: giroType,
    giro_number: giroNumber,
  });
  if (options.approved !== false) {
    await simulator("/__control/approved", {
      org_number: company.orgNumber,
      giro_type: giroType,
      giro_number: giroNumber,
      api_key: apiKey,
    });
  }
  return { company, apiKey, giroType, giroNumber };
}

async function status(companyId: string, token?: string) {
  return call(`/v3/company/fk/status/${companyId}`, {
    token: token ?? (await accessTokenFor({ modules: ["company"], permissions: [] })).token,
  });
}

function expect500(res: Awaited<ReturnType<typeof call>>, reason: string, apiKey?: string) {
  expect(res.status).toBe(500);
  expect(res.json).toEqual({ reason });
  if (apiKey) expect(res.text).not.toContain(apiKey);
}

describe("GET /v3/company/fk/status/{company_id}", () => {
  it("GODKAND when the simulator approves the org_number with these giro details", async () => {
    const { company } = await provider();
    const res = await status(company.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ utforarestatus: "GODKAND" });
  });

  it("EJ_GODKAND for an unknown provider or other giro details", async () => {
    const unknown = await provider({ approved: false });
    expect((await status(unknown.company.id)).json).toEqual({ utforarestatus: "EJ_GODKAND" });

    const moved = await provider();
    await setLeisureCardApiKey(operatorCaller(), moved.company.id, {
      api_key: moved.apiKey,
      giro_type: "PLUSGIRO",
      giro_number: moved.giroNumber,
    });
    const res = await status(moved.company.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ utforarestatus: "EJ_GODKAND" });
  });

  it("is not limited to the caller's scope (the contract lists no 403 for it)", async () => {
    const own = await makeCompany("Egen");
    const { company } = await provider();
    const { token } = await accessTokenFor({ modules: ["company"], companyId: own.id, companyIds: [own.id] });
    expect((await status(company.id, token)).json).toEqual({ utforarestatus: "GODKAND" });
  });

  it("stores the credential encrypted and sends the decrypted one", async () => {
    const { company, apiKey } = await provider();
    const row = await db().leisureCardApiKey.findUniqueOrThrow({ where: { companyId: company.id } });
    expect(row.apiKeyEncrypted).not.toContain(apiKey);
    expect(decryptSecret(row.apiKeyEncrypted, inject("secrets").ENCRYPTION_KEY)).toBe(apiKey);
    // The simulator's entry names the key: a wrong one is refused, so GODKAND proves the right one was sent.
    expect((await status(company.id)).json).toEqual({ utforarestatus: "GODKAND" });
  });

  it("500 when the service rejects the credential, without echoing it", async () => {
    const { company, apiKey } = await provider();
    const other = `fk-${crypto.randomBytes(12).toString("hex")}`;
    await setLeisureCardApiKey(operatorCaller(), company.id, {
      api_key: other,
      giro_type: "BANKGIRO",
      giro_number: "1",
    });
    await simulator("/__control/approved", {
      org_number: company.orgNumber,
      giro_type: "BANKGIRO",
      giro_number: "1",
      api_key: apiKey,
    });
    expect500(await status(company.id), "leisure-card service rejected the company's credential (HTTP 401)", other);
  });

  it("400 ValidationError for a malformed company_id; 401 without a token; 403 without the company module", async () => {
    const bad = await status("not-36-characters");
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual(validationError("company_id", "must be 36 characters"));
    const { company } = await provider();
    expect((await call(`/v3/company/fk/status/${company.id}`)).status).toBe(401);
    const { token } = await accessTokenFor({ modules: ["member"] });
    const res = await status(company.id, token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ reason: "access group lacks the company module" });
  });

  it("500 (not 404) for a missing or deleted company", async () => {
    expect500(await status(crypto.randomUUID()), "company not found");
    const { company } = await provider();
    await deleteCompany(operatorCaller(), company.id);
    expect500(await status(company.id), "company not found");
  });

  it("500 when the company has no leisure-card API key record", async () => {
    const company = await makeCompany();
    expect500(await status(company.id), "company has no leisure-card API key record");
  });

  it("500 when the org_number is missing", async () => {
    const { company } = await provider();
    await db().company.update({ where: { id: company.id }, data: { orgNumber: "  " } });
    expect500(await status(company.id), "company has no org_number");
  });

  it("500 when the giro details are missing", async () => {
    const noType = await provider({ giroType: null, approved: false });
    expect500(await status(noType.company.id), "leisure-card API key record has no giro details");
    const noNumber = await provider({ giroNumber: null, approved: false });
    expect500(await status(noNumber.company.id), "leisure-card API key record has no giro details");
  });

  it("500 when the credential cannot be decrypted", async () => {
    const { company } = await provider();
    await db().leisureCardApiKey.update({
      where: { companyId: company.id },
      data: { apiKeyEncrypted: "v1.AAAA.BBBB.CCCC" },
    });
    expect500(await status(company.id), "leisure-card API key cannot be decrypted");
  });

  it("500 within the configured timeout when the service is slow", async () => {
    const { company, apiKey } = await provider();
    const timeoutMs = inject("leisureCardTimeoutMs");
    await simulator("/__control/behaviour", { org_number: company.orgNumber, delay_ms: timeoutMs * 4 });
    const started = Date.now();
    const res = await status(company.id);
    const elapsed = Date.now() - started;
    expect500(res, `leisure-card service did not answer within ${timeoutMs} ms`, apiKey);
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(elapsed).toBeLessThan(timeoutMs * 3);
  });

  it("500 when the service answers with an error status", async () => {
    for (const code of [500, 503, 404]) {
      const { company } = await provider();
      await simulator("/__control/behaviour", { org_number: company.orgNumber, status: code });
      expect500(await status(company.id), `leisure-card service answered HTTP ${code}`);
    }
  });

  it("500 when the answer is malformed", async () => {
    const text = await provider();
    await simulator("/__control/behaviour", { org_number: text.company.orgNumber, malformed: "text" });
    expect500(await status(text.company.id), "leisure-card service gave a malformed answer (not JSON)");
    const json = await provider();
    await simulator("/__control/behaviour", { org_number: json.company.orgNumber, malformed: "json" });
    expect500(
      await status(json.company.id),
      "leisure-card service gave a malformed answer (no GODKAND/EJ_GODKAND status)",
    );
  });

  it("500 when the service drops the connection", async () => {
    const { company } = await provider();
    await simulator("/__control/behaviour", { org_number: company.orgNumber, close: true });
    const res = await status(company.id);
    expect(res.status).toBe(500);
    expect(res.json.reason).toMatch(/^leisure-card service unreachable/);
  });

  it("the client reports a refused connection (nothing listens at LEISURE_CARD_API_URL) as UpstreamFailed", async () => {
    // In-process: a second server pointed at a closed port cannot start beside the test server on one SQLite file
    // (prisma migrate deploy needs the lock). The HTTP path of this failure is the dropped-connection test above.
    const error = await fetchProviderStatus(
      { baseUrl: `http://127.0.0.1:${await closedPort()}`, timeoutMs: 1000 },
      { apiKey: "secret-key-never-shown", orgNumber: "1", giroType: "BANKGIRO", giroNumber: "1" },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamFailed);
    expect((error as UpstreamFailed).status).toBe(500);
    expect((error as UpstreamFailed).message).toBe("leisure-card service unreachable (ECONNREFUSED)");
  });
});
