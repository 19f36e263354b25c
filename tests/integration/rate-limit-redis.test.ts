// With REDIS_URL, app instances share one rate-limit budget (the scale-out path); without it each has its own.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";

const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

function instance(ip: string, count: number, env: Record<string, string>): (string | number)[] {
  const out = execFileSync(
    path.resolve("node_modules/.bin/tsx"),
    ["--conditions=react-server", "tests/fixtures/consume-rate-limit.ts", ip, String(count)],
    {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    },
  );
  return JSON.parse(out.toString().trim().split("\n").pop()!);
}

describe("rate limits across instances", () => {
  it("two instances on one Redis share the 10/min token budget of an IP", async () => {
    const prefix = `rltest_${crypto.randomBytes(4).toString("hex")}`;
    const env = { REDIS_URL, RATE_LIMIT_PREFIX: prefix };
    const first = instance("198.51.100.10", 6, env);
    const second = instance("198.51.100.10", 6, env);
    expect(first).toEqual(Array(6).fill("ok"));
    expect(second.slice(0, 4)).toEqual(Array(4).fill("ok"));
    expect(second.slice(4).every((v) => typeof v === "number" && v >= 1 && v <= 60)).toBe(true);

    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}:token_basic*`);
      expect(keys.length).toBe(1);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  }, 30_000);

  it("without Redis each instance counts on its own", () => {
    const env = { REDIS_URL: "" };
    expect(instance("198.51.100.11", 6, env)).toEqual(Array(6).fill("ok"));
    expect(instance("198.51.100.11", 6, env)).toEqual(Array(6).fill("ok"));
  }, 30_000);
});
