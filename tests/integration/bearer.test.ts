// Spec 5, 7 (422 invalid token) and 7.2 (401 rows): bearer checks on an authenticated route.
import { SignJWT } from "jose";
import { describe, expect, inject, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { revokeApiKey } from "@/modules/access/services/api-keys";
import { accessTokenFor, call, makeApiKey } from "../helpers";

async function sign(claims: { sub: string; expSecondsFromNow: number; secret?: string; issuer?: string }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: "whatever" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuer(claims.issuer ?? "forening-service")
    .setAudience("v3")
    .setIssuedAt(now - 7200)
    .setExpirationTime(now + claims.expSecondsFromNow)
    .sign(new TextEncoder().encode(claims.secret ?? inject("secrets").JWT_SECRET));
}

describe("Bearer authentication", () => {
  it("401 `missing bearer token` without an Authorization header, with another scheme or an empty Bearer value", async () => {
    const res = await call("/v3/company");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ reason: "missing bearer token" });
    for (const authorization of ["Token abc", "Basic abc", "Bearer", "Bearer   ", "Bearerabc"]) {
      const other = await call("/v3/company", { headers: { authorization } });
      expect(other.status, authorization).toBe(401);
      expect(other.json, authorization).toEqual({ reason: "missing bearer token" });
    }
  });

  it("422 `invalid token` for a malformed, forged or wrongly issued token (spec 7: 422 invalid token)", async () => {
    const { key } = await accessTokenFor();
    const forged = await sign({ sub: String(key.id), expSecondsFromNow: 600, secret: "x".repeat(40) });
    const wrongIssuer = await sign({ sub: String(key.id), expSecondsFromNow: 600, issuer: "someone-else" });
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(`{"sub":"${key.id}"}`).toString("base64url")}.`;
    const forgedExpired = await sign({ sub: String(key.id), expSecondsFromNow: -5, secret: "x".repeat(40) });
    for (const token of ["garbage", "two words", forged, wrongIssuer, unsigned, forgedExpired]) {
      const res = await call("/v3/company", { token });
      expect(res.status, token).toBe(422);
      expect(res.json, token).toEqual({ reason: "invalid token" });
    }
  });

  it('401 {"error":"expired","context":"user"} for an expired access token', async () => {
    const key = await makeApiKey();
    const expired = await sign({ sub: String(key.id), expSecondsFromNow: -5 });
    const res = await call("/v3/company", { token: expired });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "expired", context: "user" });
  });

  it("422 `invalid token` for a valid token whose API key was revoked or no longer exists", async () => {
    const { key, token } = await accessTokenFor();
    expect((await call("/v3/company", { token })).status).toBe(200);
    await revokeApiKey(operatorCaller(), key.client_id);
    const revoked = await call("/v3/company", { token });
    expect(revoked.status).toBe(422);
    expect(revoked.json).toEqual({ reason: "invalid token" });
    const ghost = await call("/v3/company", { token: await sign({ sub: "99999999", expSecondsFromNow: 600 }) });
    expect(ghost.status).toBe(422);
    expect(ghost.json).toEqual({ reason: "invalid token" });
  });

  it("every response carries a request id", async () => {
    const res = await call("/v3/company");
    expect(res.headers.get("x-request-id")).toMatch(/.+/);
  });

  it("a token accepted before its expiry is refused once it expires (verified tokens are remembered, their expiry is not)", async () => {
    const key = await makeApiKey();
    // exp is in whole seconds: 4 s leaves a loaded machine 3 s or more for the first request.
    const token = await sign({ sub: String(key.id), expSecondsFromNow: 4 });
    const expiresAtMs = (Math.floor(Date.now() / 1000) + 4) * 1000;
    expect((await call("/v3/company", { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAtMs - Date.now()) + 500));
    const res = await call("/v3/company", { token });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "expired", context: "user" });
  });
});
