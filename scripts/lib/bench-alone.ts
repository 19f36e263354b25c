// What a bench scenario needs to run on its own (`npx tsx --conditions=react-server scripts/bench-<x>.ts`): a fresh
// database with one company, the production server started on it, and an API key's bearer header.
import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../../lib/migrate-deploy";
import { RUN_SETTINGS, runSecrets } from "./bench-fixtures";
import { startStack, type Stack } from "./bench-stack";
import { createTestDatabase } from "./test-stack";

export async function json(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A bearer header of a new API key of `companyId` with `access` (its company and those below it). */
export async function bearerOfNewKey(
  base: string,
  companyId: string,
  name: string,
  access: { modules: string[]; permissions: string[] },
): Promise<Record<string, string>> {
  const { operatorCaller } = await import("../../modules/access/services/caller");
  const { createApiKey } = await import("../../modules/access/services/api-keys");
  const key = await createApiKey(operatorCaller(), {
    name,
    company_id: companyId,
    access: { ...access, company_ids: [companyId], include_descendants: true } as never,
  });
  const basic = `Basic ${Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64")}`;
  const token = await json(
    await fetch(`${base}/v3/access/user/basic`, { method: "POST", headers: { authorization: basic } }),
    "token",
  );
  return { authorization: `Bearer ${token.access_token}` };
}

/**
 * A fresh database of `provider` with one top-level company (what `prepare` adds besides), the server on it with
 * `settings`, then `scenario`; everything is stopped and dropped after.
 */
export async function runAlone(
  provider: "sqlite" | "postgres",
  name: string,
  settings: Record<string, string>,
  prepare: (companyId: string) => Promise<void>,
  scenario: (stack: Stack, companyId: string) => Promise<void>,
): Promise<void> {
  const runId = `bench_${name}_${Date.now()}`;
  const database = await createTestDatabase(provider, runId);
  const secrets = runSecrets();
  // lib/env.ts reads process.env once, on first use: configure before the services are imported.
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: "warn", ...secrets, ...settings });
  applyMigrations(database.url);
  const { disconnectDb, prepareDatabase } = await import("../../lib/db");
  const { operatorCaller } = await import("../../modules/access/services/caller");
  const { createCompany } = await import("../../modules/companies/services/changes");
  await prepareDatabase();
  const company = await createCompany(operatorCaller(), {
    name: "Benchföreningen",
    orgNumber: "802000-0011",
    parentId: null,
  });
  await prepare(company.id);
  // The server applies migrations at start, which waits for every other SQLite connection to let go.
  await disconnectDb();
  const logFile = path.resolve("data", "bench", `${runId}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const stack = await startStack({
    databaseUrl: database.url,
    secrets,
    settings: { ...RUN_SETTINGS, ...settings },
    logFile,
  });
  try {
    await scenario(stack, company.id);
  } finally {
    await stack.stop();
    await disconnectDb();
    await database.drop();
  }
}
