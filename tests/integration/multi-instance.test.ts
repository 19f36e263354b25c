// Several instances: two built servers on the suite's database and one Redis, with the suite's secrets, are
// one deployment scaled out. Both are started here (the suite's own server runs without Redis). Every guarantee that single-instance tests show must hold whichever instance answers:
// the per-IP token budget lives in Redis; member uniqueness, the subscriber cap, refresh rotation and key revocation
// live in the database. Runs on both providers: on SQLite the instances share one WAL file (a single-machine setup).
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { startServer, type TestServer } from "../../scripts/lib/test-stack";
import { basicHeader, call, cli, makeApiKey, tokensFor, uniqueIp } from "../helpers";
import { makeList } from "../subscription-fixtures";

const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const BASIC = "/v3/access/user/basic";
const REFRESH = "/v3/access/user/oauth/refresh_token";

// A prefix of this run's own, so parallel runs (and the other test files) never share a budget.
const prefix = `rlmulti_${crypto.randomBytes(4).toString("hex")}`;
let instances: TestServer[] = [];
/** The i-th request goes to instance i mod 2, so every batch is spread over both. */
const instance = (i: number) => instances[i % 2].baseUrl;

beforeAll(async () => {
  const options = {
    databaseUrl: inject("databaseUrl"),
    secrets: inject("secrets"),
    env: {
      TZ: "Europe/Stockholm",
      LEISURE_CARD_API_URL: inject("leisureCardUrl"),
      REDIS_URL,
      RATE_LIMIT_PREFIX: prefix,
    },
  };
  // One after the other: both apply pending migrations on start, and the suite's server already did.
  instances.push(await startServer(options));
  instances.push(await startServer(options));
});

afterAll(async () => {
  await Promise.all(instances.map((server) => server.stop()));
  instances = [];
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});

describe("two instances on one database and one Redis", () => {
  it("run on different ports", () => {
    expect(instances).toHaveLength(2);
    expect(instances[0].baseUrl).not.toBe(instances[1].baseUrl);
  });

  it("share the token budget of an IP: 10 requests spread over both succeed, the 11th is refused by either", async () => {
    const key = await makeApiKey();
    const authorization = basicHeader(key.client_id, key.client_secret);
    const ip = uniqueIp();
    const spent = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(BASIC, { method: "POST", ip, headers: { authorization }, baseUrl: instance(i) }),
      ),
    );
    expect(spent.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const server of instances) {
      const refused = await call(BASIC, { method: "POST", ip, headers: { authorization }, baseUrl: server.baseUrl });
      expect(refused.status, server.baseUrl).toBe(429);
      expect(refused.json.reason).toEqual(expect.any(String));
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
    // The budget is the IP's, not the instances': another client still gets tokens from both.
    const other = uniqueIp();
    for (const server of instances) {
      expect(
        (await call(BASIC, { method: "POST", ip: other, headers: { authorization }, baseUrl: server.baseUrl })).status,
      ).toBe(200);
    }
  });

  it("concurrent subscribes with one email (in any case) make exactly one member and one subscription", async () => {
    const f = await makeList();
    const local = `Same.${Date.now()}`;
    const spellings = [
      `${local}@Example.SE`,
      `${local}@example.se`.toLowerCase(),
      `${local}@EXAMPLE.SE`.toUpperCase(),
      ` ${local}@example.SE `,
    ];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(`/v3/subscription_list/public/${f.uuid}`, {
          method: "POST",
          body: { email: spellings[i % spellings.length] },
          baseUrl: instance(i),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    // One member: the answers name none (they are the same for every address), so it is counted below.
    const email = `${local}@example.se`.toLowerCase();
    expect(await db().member.count({ where: { organizationId: f.companyId, email } })).toBe(1);
    expect(await db().subscription.count({ where: { listId: f.id } })).toBe(1);
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: f.id } })).activeCount).toBe(1);
  });

  it("hold a list's subscriber cap together: cap N, 3N concurrent new visitors, exactly N subscribed", async () => {
    const N = 6;
    const f = await makeList({ cap: N });
    const stamp = Date.now();
    const results = await Promise.all(
      Array.from({ length: 3 * N }, (_, i) =>
        call(`/v3/subscription_list/public/${f.uuid}`, {
          method: "POST",
          body: { email: `v${i}.${stamp}@x.se` },
          baseUrl: instance(i),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(N);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * N);
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.json).toEqual({ reason: "subscription temporarily unavailable" });
    }
    expect(await db().subscription.count({ where: { listId: f.id, status: "SUBSCRIBED" } })).toBe(N);
    expect(await db().member.count({ where: { organizationId: f.companyId } })).toBe(N);
    for (const server of instances) {
      const list = await call(`/v3/subscription_list/${f.id}`, { token: f.token, baseUrl: server.baseUrl });
      expect(list.status).toBe(200);
      expect(list.json.active_subscribers).toBe(N);
    }
  });

  it("rotate a refresh token once: the same token sent concurrently to both gives exactly one new pair", async () => {
    const pair = await tokensFor(await makeApiKey());
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(REFRESH, { method: "POST", body: { refresh_token: pair.refresh_token }, baseUrl: instance(i) }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    const winner = results.find((r) => r.status === 200)!;
    // The losers were concurrent duplicates (within the reuse grace), so the winner's pair works on either instance.
    for (const server of instances) {
      expect((await call("/v3/company", { token: winner.json.access_token, baseUrl: server.baseUrl })).status).toBe(
        200,
      );
    }
    const next = await call(REFRESH, {
      method: "POST",
      body: { refresh_token: winner.json.refresh_token },
      baseUrl: instance(1),
    });
    expect(next.status).toBe(200);
  });

  it("stop accepting a revoked API key on both at once", async () => {
    const key = await makeApiKey();
    const pair = await tokensFor(key);
    for (const server of instances) {
      expect((await call("/v3/company", { token: pair.access_token, baseUrl: server.baseUrl })).status).toBe(200);
    }
    // The operator revokes the key from a third process, as in production.
    expect(cli(["api-key:revoke", key.client_id]).code).toBe(0);
    for (const server of instances) {
      const refused = await call("/v3/company", { token: pair.access_token, baseUrl: server.baseUrl });
      expect(refused.status, server.baseUrl).not.toBe(200);
      expect([401, 422]).toContain(refused.status);
      expect(refused.json).toEqual({ reason: "invalid token" });
      const refresh = await call(REFRESH, {
        method: "POST",
        body: { refresh_token: pair.refresh_token },
        baseUrl: server.baseUrl,
      });
      expect(refresh.status).toBe(403);
    }
  });

  it("stop serving a deactivated list on both at once, and show a renamed one on both (cached list info)", async () => {
    const list = await makeList();
    const path = `/v3/subscription_list/public/${list.uuid}`;
    for (const server of instances) expect((await call(path, { baseUrl: server.baseUrl })).status).toBe(200);
    const update = (body: object) =>
      call(`/v3/subscription_list/${list.id}`, { method: "PUT", token: list.token, body, baseUrl: instance(0) });
    expect((await update({ name: "Omdöpt" })).status).toBe(200);
    for (const server of instances) expect((await call(path, { baseUrl: server.baseUrl })).json.name).toBe("Omdöpt");
    expect((await update({ is_active: false })).status).toBe(200);
    for (const server of instances) {
      expect(await call(path, { baseUrl: server.baseUrl })).toMatchObject({
        status: 404,
        json: { reason: "list not found" },
      });
      expect((await call(`/subscribe/${list.uuid}`, { baseUrl: server.baseUrl })).status).toBe(404);
    }
  });
});
