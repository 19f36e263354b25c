// Requests to the token endpoint shared by the OAuth 2.0 client tests (tests/integration/oauth-*.test.ts).
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { call } from "./helpers";

export const TOKEN_PATH = "/v3/access/user/basic";
export const REFRESH = "/v3/access/user/oauth/refresh_token";
/** Past REFRESH_REUSE_GRACE_SECONDS (default 2): a repeat is reuse, not a concurrent duplicate. */
export const pastReuseGrace = () => new Promise((resolve) => setTimeout(resolve, 2100));

/** The refresh-token family a refresh token belongs to. */
export const familyOf = async (refreshToken: string) =>
  (await db().refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(refreshToken) } })).familyId;

/** RFC 6749 section 2.3.1, as openid-client encodes: every character but A-Z a-z 0-9 as %XX (a space as +). */
export const formUrlEncode = (value: string) =>
  value
    .replace(/[^A-Za-z0-9 ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
    .replaceAll(" ", "+");

/** A form body to the token endpoint, from its own IP unless one is given. */
export function tokenRequest(form: Record<string, string>, options: { authorization?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (options.authorization) headers.authorization = options.authorization;
  return call(TOKEN_PATH, { method: "POST", headers, rawBody: new URLSearchParams(form).toString(), ip: options.ip });
}
