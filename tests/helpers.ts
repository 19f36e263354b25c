// Shared test helpers: HTTP calls to the real server and fixtures made through the real services.
import crypto from "node:crypto";
import { inject } from "vitest";
import { MODULES, PERMISSIONS } from "@/lib/services/access";
import { createApiKey } from "@/lib/services/api-keys";
import { createCompany } from "@/lib/services/company-admin";

export const baseUrl = () => inject("baseUrl");

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
}

export async function call(path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? uniqueIp(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const response = await fetch(`${baseUrl()}${path}`, { method: options.method ?? "GET", headers, body });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // Tests read response bodies field by field and assert on them; the body's type is what the test checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, json: json as any, text };
}

export function basicHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

let orgSeq = 0;
export async function makeCompany(name = "Testföreningen", parentId: string | null = null) {
  orgSeq += 1;
  const org = `${String(process.pid % 1000).padStart(3, "0")}${String(orgSeq).padStart(3, "0")}-${crypto.randomInt(1000, 9999)}`;
  return createCompany({ name: `${name} ${orgSeq}`, orgNumber: org, parentId });
}

export async function makeApiKey(
  options: { companyId?: string; modules?: string[]; permissions?: string[]; companyIds?: string[] | null; includeDescendants?: boolean } = {},
) {
  const companyId = options.companyId ?? (await makeCompany()).id;
  return createApiKey({
    name: "test key",
    companyId,
    access: {
      name: "test group",
      modules: options.modules ?? [...MODULES],
      permissions: options.permissions ?? [...PERMISSIONS],
      companyIds: options.companyIds === undefined ? null : options.companyIds,
      includeDescendants: options.includeDescendants ?? true,
    },
  });
}

export async function tokensFor(key: { clientId: string; clientSecret: string }) {
  const res = await call("/v3/access/user/basic", {
    method: "POST",
    headers: { authorization: basicHeader(key.clientId, key.clientSecret) },
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return res.json as { access_token: string; refresh_token: string; expires_in: number; refresh_expires_ts: number };
}

export async function accessTokenFor(options: Parameters<typeof makeApiKey>[0] = {}) {
  const key = await makeApiKey(options);
  return { key, token: (await tokensFor(key)).access_token };
}
