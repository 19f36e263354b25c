// Access tokens (JWT, HS256) and rotating refresh tokens with reuse detection (RFC 9700 section 4.14.2).
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { z } from "zod";
import { setNewest } from "@/lib/cache/bounded-map";
import { readCacheEpochs, type CacheEpochs } from "@/lib/cache/cache-epochs";
import { EpochCache } from "@/lib/cache/epoch-cache";
import { db, insertBatcher, type Tx } from "@/lib/db";
import { randomToken, sha256Hex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { AccessTokenExpired, Forbidden, InvalidToken, OAuthRequestRefused, Unauthorized } from "@/lib/errors";
import type { TokenResponse } from "../schemas/auth";
import { callerForApiKey } from "./api-keys";
import type { Caller } from "./caller";

const ISSUER = "forening-service";
const AUDIENCE = "v3";

type TokenPair = z.output<typeof TokenResponse>;

let key: { secret: string; cryptoKey: Promise<CryptoKey> } | undefined;

/**
 * The HS256 key as a CryptoKey, imported once. jose 6 signs and verifies with WebCrypto: given raw bytes, or a
 * KeyObject (which it exports to bytes), it imports the key again on every sign and verify, which the token endpoint
 * paid on every request (S3; the KeyObject kept here before was meant to spare that and did not).
 */
function signingKey(): Promise<CryptoKey> {
  const secret = env().JWT_SECRET;
  if (key?.secret !== secret) {
    const raw = Buffer.from(secret, "utf8");
    key = {
      secret,
      cryptoKey: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
    };
  }
  return key.cryptoKey;
}

async function signAccessToken(apiKeyId: number, clientId: string, familyId: string): Promise<string> {
  // fam: the refresh-token family the token was issued with, so revoking the family (reuse) ends it too.
  return new SignJWT({ client_id: clientId, fam: familyId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(apiKeyId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomToken(12))
    .setExpirationTime(`${env().ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await signingKey());
}

/** Stores one refresh token: its hash, family, key, expiry and creation time, in the columns' order below. */
type StoreRefreshToken = (values: readonly unknown[]) => Promise<unknown>;
const REFRESH_TOKEN_COLUMNS = ["tokenHash", "familyId", "apiKeyId", "expiresAt", "createdAt"] as const;

/**
 * New refresh tokens of the client-credentials grant, written by concurrent token requests together (insertBatcher):
 * a busy token endpoint sends one INSERT for many requests instead of one each (S3).
 */
const storeIssuedRefreshToken = insertBatcher("RefreshToken", REFRESH_TOKEN_COLUMNS);

/** A refresh token stored in `tx`, the rotation's own transaction. */
function storeInTransaction(tx: Tx): StoreRefreshToken {
  return ([tokenHash, familyId, apiKeyId, expiresAt, createdAt]) =>
    tx.$executeRaw`INSERT INTO "RefreshToken" ("tokenHash", "familyId", "apiKeyId", "expiresAt", "createdAt")
      VALUES (${tokenHash}, ${familyId}, ${apiKeyId}, ${expiresAt}, ${createdAt})`;
}

/** Stores a new refresh token while the access token is signed. */
async function issuePair(
  store: StoreRefreshToken,
  apiKeyId: number,
  clientId: string,
  familyId: string,
): Promise<TokenPair> {
  const refreshToken = randomToken(32);
  const refreshTtl = env().REFRESH_TOKEN_TTL_SECONDS;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + refreshTtl * 1000);
  const [accessToken] = await Promise.all([
    signAccessToken(apiKeyId, clientId, familyId),
    store([sha256Hex(refreshToken), familyId, apiKeyId, expiresAt, now]),
  ]);
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: env().ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    refresh_expires_ts: Math.floor(expiresAt.getTime() / 1000),
  };
}

/**
 * An API key's "last used" (the time it last got a token pair) is shown to the minute: it is written only when it
 * is older than this, which spares a write on most token requests of a busy client.
 */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * When this process last wrote a key's lastUsedAt (ms), by key id: the key it is given may be cached (api-keys.ts),
 * its lastUsedAt as old as the cache entry. Bounded like that cache.
 */
const lastUsedWritten = new Map<number, number>();

/** A new token pair (and a new refresh-token family) for verified client credentials. */
export async function issueTokenPair(apiKey: {
  id: number;
  clientId: string;
  lastUsedAt: Date | null;
}): Promise<TokenPair> {
  const now = Date.now();
  const stale = new Date(now - LAST_USED_RESOLUTION_MS);
  const known = Math.max(apiKey.lastUsedAt?.getTime() ?? 0, lastUsedWritten.get(apiKey.id) ?? 0);
  let touch: Promise<number> | null = null;
  if (known < stale.getTime()) {
    // The condition is checked again in SQL: another instance may have written it since the key was read.
    touch = db()
      .$executeRaw`UPDATE "ApiKey" SET "lastUsedAt" = ${new Date(now)} WHERE "id" = ${apiKey.id} AND ("lastUsedAt" IS NULL OR "lastUsedAt" < ${stale})`;
    setNewest(lastUsedWritten, apiKey.id, now, 10_000);
  }
  const [pair] = await Promise.all([
    issuePair(storeIssuedRefreshToken, apiKey.id, apiKey.clientId, randomToken(16)),
    touch,
  ]);
  return pair;
}

/** POST /v3/access/user/oauth/refresh_token: 403 `forbidden` or 401 `expired` when refused. */
export async function rotateRefreshToken(refreshToken: string): Promise<TokenPair> {
  const rotated = await rotate(refreshToken, null);
  if (rotated === "expired") throw new Unauthorized("expired");
  if (rotated === "forbidden") throw new Forbidden("forbidden");
  return rotated;
}

/**
 * The token endpoint's refresh grant, by an authenticated client: 400 `invalid_grant` (reason `forbidden` or `expired`,
 * the refresh endpoint's words) when refused, and a token issued to another client is refused (RFC 6749 section 6).
 */
export async function rotateClientRefreshToken(refreshToken: string, apiKeyId: number): Promise<TokenPair> {
  const rotated = await rotate(refreshToken, apiKeyId);
  if (typeof rotated === "string") throw new OAuthRequestRefused("invalid_grant", rotated);
  return rotated;
}

/**
 * Exchanges a refresh token for a new pair. The token works once. Presenting an already rotated token is reuse
 * (RFC 9700 4.14.2): the whole family is revoked. Within REFRESH_REUSE_GRACE_SECONDS of the rotation a repeat is
 * taken for a concurrent duplicate of the winning request (a client refreshing from several threads): it is
 * refused too, but the winner's new pair stays valid. Of requests racing on one token exactly one wins. With
 * `clientKeyId`, a token of another API key is refused and left as it is: its presenter is not its owner.
 */
async function rotate(refreshToken: string, clientKeyId: number | null): Promise<TokenPair | "forbidden" | "expired"> {
  const now = new Date();
  const row = await db().refreshToken.findUnique({
    where: { tokenHash: sha256Hex(refreshToken) },
    include: { apiKey: true },
  });
  if (!row || row.revokedAt || row.apiKey.revokedAt) return "forbidden";
  if (clientKeyId !== null && row.apiKeyId !== clientKeyId) return "forbidden";
  if (row.rotatedAt) {
    const graceEnds = row.rotatedAt.getTime() + env().REFRESH_REUSE_GRACE_SECONDS * 1000;
    if (now.getTime() > graceEnds) await revokeFamily(row.familyId, now);
    return "forbidden";
  }
  if (row.expiresAt <= now) return "expired";

  const pair = await db().$transaction(async (tx) => {
    const claimed = await tx.refreshToken.updateMany({
      where: { id: row.id, rotatedAt: null, revokedAt: null },
      data: { rotatedAt: now },
    });
    if (claimed.count !== 1) return null;
    return issuePair(storeInTransaction(tx), row.apiKeyId, row.apiKey.clientId, row.familyId);
  });
  return pair ?? "forbidden";
}

async function revokeFamily(familyId: string, now: Date): Promise<void> {
  await db().refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * The caller behind a bearer token. No Authorization header, another scheme or an empty Bearer value: 401 `missing
 * bearer token`; expired: 401 with the expiry body; malformed, forged, or of a revoked or deleted key: 422 `invalid
 * token` (spec 7, general table).
 */
export async function authenticateBearer(authorization: string | null): Promise<Caller> {
  const match = authorization?.match(/^Bearer(?:\s+(.*))?$/i);
  const presented = match?.[1]?.trim();
  if (!presented) throw new Unauthorized("missing bearer token");
  const { apiKeyId, expiresAt, familyId } = verifiedTokens.get(presented) ?? (await verifyAccessToken(presented));
  // jose's rule: expired once the current second reaches `exp`.
  if (Math.floor(Date.now() / 1000) >= expiresAt) throw new AccessTokenExpired();
  const epochs = await readCacheEpochs();
  if (familyId && (await revokedFamilies(epochs)).has(familyId)) throw new InvalidToken();
  const caller = await callerForApiKey(apiKeyId, epochs);
  if (!caller) throw new InvalidToken();
  return caller;
}

/**
 * Access tokens whose signature and claims were verified, by token: an integrator sends one token for many requests,
 * and the HMAC check is a large part of a cached request. Only a verified token gets in, so nothing forged is ever
 * found here; expiry is checked on each use and revocation by callerForApiKey.
 */
interface VerifiedToken {
  apiKeyId: number;
  expiresAt: number;
  /** Absent in tokens issued before families were named in them. */
  familyId: string | undefined;
}
const verifiedTokens = new Map<string, VerifiedToken>();
const MAX_VERIFIED_TOKENS = 10_000;

async function verifyAccessToken(token: string): Promise<VerifiedToken> {
  let verified: VerifiedToken;
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const familyId = typeof payload.fam === "string" ? payload.fam : undefined;
    verified = { apiKeyId: Number(payload.sub), expiresAt: payload.exp ?? 0, familyId };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AccessTokenExpired();
    throw new InvalidToken();
  }
  if (!Number.isSafeInteger(verified.apiKeyId) || !verified.expiresAt) throw new InvalidToken();
  setNewest(verifiedTokens, token, verified, MAX_VERIFIED_TOKENS);
  return verified;
}

/**
 * Refresh-token families revoked recently enough that access tokens issued with them may still be unexpired. Reuse of
 * a rotated refresh token revokes its family (RFC 9700 4.14.2): the thief's access token must stop working at once,
 * not at its expiry. Revocations are rare, so the set is small; the `access` epoch trigger on RefreshToken.revokedAt
 * refreshes it on every instance.
 */
const revokedFamilySets = new EpochCache<"recent", Set<string>>("access", 1);

export async function revokedFamilies(epochs?: CacheEpochs | null): Promise<Set<string>> {
  const since = new Date(Date.now() - env().ACCESS_TOKEN_TTL_SECONDS * 1000);
  const families = await revokedFamilySets.get(
    "recent",
    async () => {
      const rows = await db().$queryRaw<{ familyId: string }[]>`
      SELECT DISTINCT "familyId" FROM "RefreshToken" WHERE "revokedAt" IS NOT NULL AND "revokedAt" >= ${since}`;
      return new Set(rows.map((row) => row.familyId));
    },
    epochs,
  );
  return families ?? new Set();
}
