// Spec 7.1 and 5: the token endpoints over HTTP, every status and reason, rotation, reuse detection, rate limits.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sha256Hex } from "@/lib/crypto";
import { operatorCaller } from "@/modules/access/services/caller";
import { revokeApiKey } from "@/modules/access/services/api-keys";
import { basicHeader, call, makeApiKey, tokensFor, uniqueIp, validationError } from "../helpers";

const BASIC = "/v3/access/user/basic";
const REFRESH = "/v3/access/user/oauth/refresh_token";
/** Past REFRESH_REUSE_GRACE_SECONDS (default 2): a repeat is reuse, not a concurrent duplicate. */
const pastReuseGrace = () => new Promise((resolve) => setTimeout(resolve, 2100));

function expectTokenResponse(body: { access_token: string; refresh_expires_ts: number }) {
  expect(body).toEqual({
    access_token: expect.any(String),
    token_type: "Bearer",
    expires_in: 3600,
    refresh_token: expect.any(String),
    refresh_expires_ts: expect.any(Number),
  });
  expect(body.access_token.split(".")).toHaveLength(3);
  expect(body.refresh_expires_ts).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3600);
}

describe("POST /v3/access/user/basic", () => {
  it("answers valid client credentials with a TokenResponse, no-store, whose access token works", async () => {
    const key = await makeApiKey();
    const res = await call(BASIC, {
      method: "POST",
      headers: { authorization: basicHeader(key.client_id, key.client_secret) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expectTokenResponse(res.json);
    const company = await call("/v3/company", { token: res.json.access_token });
    expect(company.status).toBe(200);
    expect(company.json.company_id).toBe(key.company_id);
  });

  it("stores the refresh token's hash and dates; the key's last use is written when older than a minute, not on every request", async () => {
    const key = await makeApiKey();
    const lastUsed = async () => (await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const first = await tokensFor(key);
    const stored = await db().refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(first.refresh_token) } });
    expect(stored).toMatchObject({ apiKeyId: key.id, rotatedAt: null, revokedAt: null });
    expect(Math.floor(stored.expiresAt.getTime() / 1000)).toBe(first.refresh_expires_ts);
    expect(Math.abs(stored.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const written = await lastUsed();
    expect(Math.abs(written!.getTime() - Date.now())).toBeLessThan(60_000);

    await tokensFor(key);
    expect(await lastUsed()).toEqual(written);
    // A key last used over a minute ago is written again.
    const other = await makeApiKey();
    const old = new Date(Date.now() - 61_000);
    await db().apiKey.update({ where: { id: other.id }, data: { lastUsedAt: old } });
    await tokensFor(other);
    const after = (await db().apiKey.findUniqueOrThrow({ where: { id: other.id } })).lastUsedAt!;
    expect(after.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it("a revoked key, or one whose secret hash changed elsewhere, gets no token at its next request (cached keys)", async () => {
    const key = await makeApiKey();
    const exchange = (secret: string) =>
      call(BASIC, { method: "POST", headers: { authorization: basicHeader(key.client_id, secret) } });
    expect((await exchange(key.client_secret)).status).toBe(200);
    await db().$executeRaw`UPDATE "ApiKey" SET "secretHash" = ${sha256Hex("another secret")} WHERE "id" = ${key.id}`;
    const oldSecret = await exchange(key.client_secret);
    expect(oldSecret.status).toBe(401);
    expect(oldSecret.json).toEqual({ reason: "provided client_id and client_secret does not match any record" });
    expect((await exchange("another secret")).status).toBe(200);
    await revokeApiKey(operatorCaller(), key.client_id);
    expect((await exchange("another secret")).status).toBe(401);
  });

  it("401 `Missing or invalid Authorization header` without a Basic header (Memlist's text)", async () => {
    const missing = await call(BASIC, { method: "POST" });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ reason: "Missing or invalid Authorization header" });
    for (const authorization of ["Bearer abc", "Basic", "Basic   ", "Digest username=x", "Basicabc"]) {
      const res = await call(BASIC, { method: "POST", headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.json, authorization).toEqual({ reason: "Missing or invalid Authorization header" });
    }
  });

  it('401 `invalid "Basic" credentials` when the value cannot be parsed into client_id and client_secret', async () => {
    const encoded = ["no-colon", ":secret-only", "id-only:", ":"].map((decoded) =>
      Buffer.from(decoded).toString("base64"),
    );
    for (const value of [...encoded, "!!!not-base64!!!", "abc def"]) {
      const res = await call(BASIC, { method: "POST", headers: { authorization: `Basic ${value}` } });
      expect(res.status, value).toBe(401);
      expect(res.json, value).toEqual({ reason: 'invalid "Basic" credentials' });
    }
  });

  it("401 when client_id and client_secret match no record (wrong secret, unknown id, revoked key)", async () => {
    const key = await makeApiKey();
    const wrongSecret = await call(BASIC, {
      method: "POST",
      headers: { authorization: basicHeader(key.client_id, "wrong") },
    });
    const unknownId = await call(BASIC, {
      method: "POST",
      headers: { authorization: basicHeader("ck_nobody", key.client_secret) },
    });
    await revokeApiKey(operatorCaller(), key.client_id);
    const revoked = await call(BASIC, {
      method: "POST",
      headers: { authorization: basicHeader(key.client_id, key.client_secret) },
    });
    for (const res of [wrongSecret, unknownId, revoked]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ reason: "provided client_id and client_secret does not match any record" });
    }
  });

  it("429 with Retry-After after 10 requests per minute from one IP; other IPs are unaffected", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(BASIC, { method: "POST", ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await call(BASIC, { method: "POST", ip });
    expect(statuses[10]).toBe(429);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ reason: "Too Many Requests" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await call(BASIC, { method: "POST", ip: uniqueIp() })).status).toBe(401);
  });
});

describe("POST /v3/access/user/oauth/refresh_token", () => {
  it("rotates: returns a new pair, and the new refresh token works next", async () => {
    const first = await tokensFor(await makeApiKey());
    const second = await call(REFRESH, { method: "POST", body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.headers.get("cache-control")).toBe("no-store");
    expectTokenResponse(second.json);
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    expect((await call("/v3/company", { token: second.json.access_token })).status).toBe(200);
    const third = await call(REFRESH, { method: "POST", body: { refresh_token: second.json.refresh_token } });
    expect(third.status).toBe(200);
  });

  it("400 ValidationError when refresh_token is missing, empty, not a string or the body is not JSON", async () => {
    const missing = await call(REFRESH, { method: "POST", body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual(validationError("refresh_token", "required"));
    const empty = await call(REFRESH, { method: "POST", body: { refresh_token: "" } });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.refresh_token).toEqual(["required"]);
    const wrongType = await call(REFRESH, { method: "POST", body: { refresh_token: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.code).toBe("validation_error");
    const notJson = await call(REFRESH, {
      method: "POST",
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ code: "validation_error", errors: { body: ["must be valid JSON"] } });
    const noBody = await call(REFRESH, { method: "POST" });
    expect(noBody.status).toBe(400);
    expect(noBody.json.errors.refresh_token).toEqual(["required"]);
  });

  it("401 `expired` when the refresh token has expired", async () => {
    const pair = await tokensFor(await makeApiKey());
    await db().refreshToken.update({
      where: { tokenHash: sha256Hex(pair.refresh_token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await call(REFRESH, { method: "POST", body: { refresh_token: pair.refresh_token } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ reason: "expired" });
  });

  it("403 `forbidden` for an unknown refresh token", async () => {
    const res = await call(REFRESH, { method: "POST", body: { refresh_token: "not-a-token-we-issued" } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ reason: "forbidden" });
  });

  it("reusing a rotated token answers 403 and revokes the whole family, including the newest token", async () => {
    const first = await tokensFor(await makeApiKey());
    const second = await call(REFRESH, { method: "POST", body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    await pastReuseGrace();
    const reuse = await call(REFRESH, { method: "POST", body: { refresh_token: first.refresh_token } });
    expect(reuse.status).toBe(403);
    expect(reuse.json).toEqual({ reason: "forbidden" });
    const newest = await call(REFRESH, { method: "POST", body: { refresh_token: second.json.refresh_token } });
    expect(newest.status).toBe(403);
    expect(newest.json).toEqual({ reason: "forbidden" });
    // The family's access tokens end with it, not at their expiry: the thief's one too (security finding 8).
    for (const token of [first.access_token, second.json.access_token]) {
      const res = await call("/v3/company", { token });
      expect(res.status).toBe(422);
      expect(res.json).toEqual({ reason: "invalid token" });
    }
  });

  it("a family's revocation leaves other families of the same key working", async () => {
    const key = await makeApiKey();
    const a = await tokensFor(key);
    const b = await tokensFor(key);
    const rotated = await call(REFRESH, { method: "POST", body: { refresh_token: a.refresh_token } });
    await pastReuseGrace();
    await call(REFRESH, { method: "POST", body: { refresh_token: a.refresh_token } }); // reuse: revokes family a
    expect((await call(REFRESH, { method: "POST", body: { refresh_token: rotated.json.refresh_token } })).status).toBe(
      403,
    );
    expect((await call(REFRESH, { method: "POST", body: { refresh_token: b.refresh_token } })).status).toBe(200);
    expect((await call("/v3/company", { token: rotated.json.access_token })).status).toBe(422);
    expect((await call("/v3/company", { token: b.access_token })).status).toBe(200);
  });

  it("20 concurrent refreshes with one token yield exactly one new pair, the rest 403, no 500", async () => {
    const pair = await tokensFor(await makeApiKey());
    const ip = uniqueIp();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(REFRESH, { method: "POST", ip, body: { refresh_token: pair.refresh_token } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    const winner = results.find((r) => r.status === 200)!;
    // The race losers (within the reuse grace) did not revoke the winner's family: its refresh token still works.
    const next = await call(REFRESH, { method: "POST", body: { refresh_token: winner.json.refresh_token } });
    expect(next.status).toBe(200);
  });

  it("a refresh token of a revoked API key is refused", async () => {
    const key = await makeApiKey();
    const pair = await tokensFor(key);
    await revokeApiKey(operatorCaller(), key.client_id);
    const res = await call(REFRESH, { method: "POST", body: { refresh_token: pair.refresh_token } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ reason: "forbidden" });
  });

  it("429 with Retry-After after 20 requests per minute from one IP", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      expect((await call(REFRESH, { method: "POST", ip, body: {} })).status).toBe(400);
    }
    const limited = await call(REFRESH, { method: "POST", ip, body: {} });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ reason: "too many requests" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
