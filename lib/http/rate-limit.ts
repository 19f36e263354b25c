// Rate limits (per client IP, account or user) through rate-limiter-flexible: Redis when REDIS_URL is set (shared by
// all instances), process memory otherwise. If Redis is unreachable, the in-memory limiter takes over instead of
// failing requests.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "../env";
import { RateLimited } from "../errors";

export type RateLimitName =
  | "token_basic"
  | "token_refresh"
  | "public_get"
  | "public_post"
  | "login_pair"
  | "login_ip"
  | "login_account"
  | "login_second_factor"
  | "dashboard_write"
  | "sendout_test_copy"
  | "password_reset_ip"
  | "password_reset_account";

/** Points per window (seconds) of each limit. */
function budget(name: RateLimitName): { points: number; duration: number } {
  const e = env();
  switch (name) {
    case "token_basic":
      return { points: e.RATE_LIMIT_TOKEN_BASIC_PER_MIN, duration: 60 };
    case "token_refresh":
      return { points: e.RATE_LIMIT_TOKEN_REFRESH_PER_MIN, duration: 60 };
    case "public_get":
      return { points: e.RATE_LIMIT_PUBLIC_GET_PER_MIN, duration: 60 };
    case "public_post":
      return { points: e.RATE_LIMIT_PUBLIC_POST_PER_MIN, duration: 60 };
    case "login_pair":
      return { points: e.RATE_LIMIT_LOGIN_PAIR_FAILS_PER_15_MIN, duration: 15 * 60 };
    case "login_ip":
      return { points: e.RATE_LIMIT_LOGIN_IP_FAILS_PER_HOUR, duration: 3600 };
    case "login_account":
      return { points: e.RATE_LIMIT_LOGIN_ACCOUNT_FAILS_PER_HOUR, duration: 3600 };
    // Wrong two-factor codes of an account (lib/auth/options.ts): their own budget, which a sign-in that stops at
    // "code required" does not give back; 10 an hour leaves a guesser who has the password about 1 in 33,000 a day.
    case "login_second_factor":
      return { points: 10, duration: 3600 };
    case "dashboard_write":
      return { points: e.RATE_LIMIT_DASHBOARD_WRITE_PER_MIN, duration: 60 };
    // Test copies of sendouts (modules/sendouts/services/test-copy.ts), per caller: enough to check a draft many times.
    case "sendout_test_copy":
      return { points: 20, duration: 3600 };
    // Password reset mail (modules/access/services/staff-password-reset.ts): 3 per address and 20 per client address an hour.
    case "password_reset_account":
      return { points: 3, duration: 3600 };
    case "password_reset_ip":
      return { points: 20, duration: 3600 };
  }
}

/** The 429 reason of a limit: the token endpoint uses Memlist's words (its public developer documentation). */
function refusal(name: RateLimitName): string | undefined {
  return name === "token_basic" ? "Too Many Requests" : undefined;
}

const globalForLimits = globalThis as unknown as {
  __rateLimiters?: Map<RateLimitName, RateLimiterAbstract>;
  __redis?: Redis;
  __redisFirstConnection?: Promise<void>;
};

/** The shared client, made on first use; ioredis is loaded only then (2 MB of heap a process without Redis never needs). */
async function redisClient(url: string): Promise<Redis> {
  if (globalForLimits.__redis) return globalForLimits.__redis;
  const { Redis } = await import("ioredis");
  globalForLimits.__redis ??= new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  return globalForLimits.__redis;
}

const REDIS_READY_WAIT_MS = 3000;

/**
 * Without an offline queue, commands sent before the connection is up fail at once and the in-memory insurance
 * limiter counts them: a new instance would start with a budget of its own. So the first request of a process waits
 * (once, at most REDIS_READY_WAIT_MS) for the connection; later ones never wait, even while Redis is down.
 */
function firstConnection(client: Redis): Promise<void> {
  globalForLimits.__redisFirstConnection ??= new Promise<void>((resolve) => {
    if (client.status === "ready") return resolve();
    const timer = setTimeout(done, REDIS_READY_WAIT_MS);
    client.once("ready", done);
    function done() {
      clearTimeout(timer);
      client.off("ready", done);
      resolve();
    }
  });
  return globalForLimits.__redisFirstConnection;
}

/** The key's limiter: in Redis (`redis`, when REDIS_URL is set) or in memory. */
function limiter(name: RateLimitName, redis: Redis | undefined): RateLimiterAbstract {
  const limiters = (globalForLimits.__rateLimiters ??= new Map());
  let found = limiters.get(name);
  if (!found) {
    const options = { keyPrefix: `${env().RATE_LIMIT_PREFIX}:${name}`, ...budget(name) };
    found = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
    limiters.set(name, found);
  }
  return found;
}

/** The key's limiter, once a process's first wait for Redis (see firstConnection) is over. */
async function readyLimiter(name: RateLimitName): Promise<RateLimiterAbstract> {
  const redisUrl = env().REDIS_URL;
  const redis = redisUrl ? await redisClient(redisUrl) : undefined;
  if (redis) await firstConnection(redis);
  return limiter(name, redis);
}

/**
 * Spends one point of the key's budget (a client IP, an account, a user); throws RateLimited (429 with Retry-After)
 * when it is used up.
 */
export async function consumeRateLimit(name: RateLimitName, key: string, reason?: string): Promise<void> {
  const found = await readyLimiter(name);
  try {
    await found.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new RateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), reason ?? refusal(name));
    }
    throw rejection;
  }
}

/** Gives back the point an attempt spent, when it turned out not to count (a sign-in that succeeded). */
export async function refundRateLimit(name: RateLimitName, key: string): Promise<void> {
  await (await readyLimiter(name)).reward(key, 1);
}

/** Forgets what the key has spent in its window. */
export async function resetRateLimit(name: RateLimitName, key: string): Promise<void> {
  await (await readyLimiter(name)).delete(key);
}

/** Closes the Redis connection, if one was opened (graceful shutdown). */
export async function closeRateLimitStore(): Promise<void> {
  const client = globalForLimits.__redis;
  if (!client) return;
  globalForLimits.__redis = undefined;
  globalForLimits.__rateLimiters = undefined;
  globalForLimits.__redisFirstConnection = undefined;
  await client.quit().catch(() => client.disconnect());
}
