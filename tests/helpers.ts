// Shared test helpers: HTTP calls to the real server and fixtures made through the real services.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { inject } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createApiKey } from "@/modules/access/services/api-keys";
import { createCompany } from "@/modules/companies/services/changes";
import { MODULES, PERMISSIONS, type Module, type Permission } from "@/modules/access/schemas/access";

export const baseUrl = () => inject("baseUrl");

/** The spec's ValidationError body for one field with one problem, exactly as the API, actions and CLI send it. */
export function validationError(field: string, message: string) {
  return { reason: `${field}: ${message}`, code: "validation_error", errors: { [field]: [message] }, form_errors: [] };
}

let ipCounter = 0;
/** A client address of its own (the test server trusts one proxy hop), so each scenario has its own rate budget. */
export function uniqueIp(): string {
  ipCounter += 1;
  const r = crypto.randomBytes(2);
  return `10.${(process.pid + ipCounter) % 250}.${r[0]}.${r[1]}`;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  ip?: string;
  token?: string;
  /** "manual" to see a redirect itself instead of where it leads. */
  redirect?: RequestRedirect;
  /** Another app instance than the suite's server (tests/integration/multi-instance.test.ts). */
  baseUrl?: string;
}

export async function call(path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? uniqueIp(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const method = options.method ?? "GET";
  const send = () =>
    fetch(`${options.baseUrl ?? baseUrl()}${path}`, { method, headers, body, redirect: options.redirect });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // Keep-alive race: the server (Node's 5 s keepAliveTimeout) closed an idle pooled connection just as fetch reused
    // it (seen after the CLI tests' seconds-long child processes). A GET changes nothing, so sending it again is safe.
    if (method !== "GET" || (error as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
    response = await send();
  }
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json: json as any, text };
}

export interface SentTarget {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request whose target reaches the server exactly as written. fetch() parses it as a URL first, which resolves
 * dot segments (`..`, and `%2E%2E` too), so a test of what the server does with them must not use it.
 */
export function sendTarget(
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<SentTarget> {
  const { hostname, port } = new URL(baseUrl());
  const headers: Record<string, string> = { "x-forwarded-for": uniqueIp(), ...options.headers };
  if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: target, method: options.method ?? "GET", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

export function basicHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

let orgSeq = 0;
export async function makeCompany(name = "Testföreningen", parentId: string | null = null) {
  orgSeq += 1;
  const org = `${String(process.pid % 1000).padStart(3, "0")}${String(orgSeq).padStart(3, "0")}-${crypto.randomInt(1000, 9999)}`;
  return createCompany(operatorCaller(), { name: `${name} ${orgSeq}`, orgNumber: org, parentId });
}

export async function makeApiKey(
  options: {
    companyId?: string;
    modules?: Module[];
    permissions?: Permission[];
    companyIds?: string[] | null;
    includeDescendants?: boolean;
  } = {},
) {
  const companyId = options.companyId ?? (await makeCompany()).id;
  return createApiKey(operatorCaller(), {
    name: "test key",
    company_id: companyId,
    access: {
      modules: options.modules ?? [...MODULES],
      permissions: options.permissions ?? [...PERMISSIONS],
      company_ids: options.companyIds === undefined ? null : options.companyIds,
      include_descendants: options.includeDescendants ?? true,
    },
  });
}

/** The id of the access group behind an API key (tests corrupt single groups to provoke failures). */
export async function accessGroupIdOf(key: { id: number }): Promise<number> {
  return (await db().apiKey.findUniqueOrThrow({ where: { id: key.id }, select: { accessGroupId: true } }))
    .accessGroupId;
}

export async function tokensFor(key: { client_id: string; client_secret: string }) {
  const res = await call("/v3/access/user/basic", {
    method: "POST",
    headers: { authorization: basicHeader(key.client_id, key.client_secret) },
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return res.json as { access_token: string; refresh_token: string; expires_in: number; refresh_expires_ts: number };
}

export async function accessTokenFor(options: Parameters<typeof makeApiKey>[0] = {}) {
  const key = await makeApiKey(options);
  return { key, token: (await tokensFor(key)).access_token };
}

/**
 * The operator CLI as the build ships it (`node dist/cli.mjs`, docs/operating.md): the integration tier tests the
 * built artifacts, and the bundle starts in about half the CPU time of `npm run cli`'s tsx.
 */
export const cliCommand = (args: string[]): [string, string[]] => [
  process.execPath,
  [path.resolve("dist/cli.mjs"), ...args, "--json"],
];

/** The operator CLI as an operator runs it: a separate process on the run's database (or `databaseUrl`), with --json output. */
export function cli(args: string[], options: { databaseUrl?: string } = {}): { code: number; json: any } {
  const run = spawnSync(...cliCommand(args), {
    env: { ...process.env, DATABASE_URL: options.databaseUrl ?? inject("databaseUrl"), LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
    // A list over the whole run's database (every key the suite made) is more than the 1 MB default.
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const out = run.stdout.toString();
  if (!out.trim()) throw new Error(`cli ${args.join(" ")} exited with ${run.status} without output:\n${run.stderr}`);
  return { code: run.status ?? -1, json: JSON.parse(out) };
}
