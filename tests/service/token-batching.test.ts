// The client-credentials grant writes the refresh tokens of concurrent requests together (insertBatcher in
// lib/db.ts): fewer INSERTs than requests, and every pair it answered is stored and rotates exactly once.
import { describe, expect, it } from "vitest";
import { db, watchStatements } from "@/lib/db";
import { issueTokenPair, rotateRefreshToken } from "@/modules/access/services/tokens";
import { makeApiKey } from "../helpers";

describe("refresh tokens of concurrent token requests", () => {
  it("are written in fewer statements than requests, each stored and usable once", async () => {
    const key = await makeApiKey();
    const row = await db().apiKey.findUniqueOrThrow({
      where: { id: key.id },
      select: { id: true, clientId: true, lastUsedAt: true },
    });
    const watch = watchStatements();
    const pairs = await Promise.all(Array.from({ length: 40 }, () => issueTokenPair(row)));
    watch.stop();
    const inserts = watch.statements.filter((sql) => /INSERT INTO "RefreshToken"/.test(sql));
    expect(inserts.length).toBeGreaterThan(0);
    expect(inserts.length).toBeLessThan(pairs.length);
    expect(await db().refreshToken.count({ where: { apiKeyId: key.id } })).toBe(40);

    const rotated = await Promise.all(pairs.map((pair) => rotateRefreshToken(pair.refresh_token)));
    expect(new Set(rotated.map((pair) => pair.refresh_token)).size).toBe(40);
    await expect(rotateRefreshToken(pairs[0].refresh_token)).rejects.toThrow();
  });
});
