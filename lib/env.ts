// The only reader of process.env. Every setting, its default and its meaning is listed here and in docs/operating.md.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { defaultDatabaseUrl, SQLITE_BUSY_TIMEOUT_MS } from "./database-url";

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .default(fallback ? "true" : "false")
    .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().default(defaultDatabaseUrl),
  /** SQLite: how long a write waits for another connection's lock before it fails (503 "database unavailable"). */
  SQLITE_BUSY_TIMEOUT_MS: int(SQLITE_BUSY_TIMEOUT_MS),
  PORT: int(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public origin of the service, used in links (sendout links, OpenAPI servers). */
  SITE_URL: z.string().url().optional(),
  /** Log every SQL statement at debug level (tests turn it on to count statements). */
  LOG_SQL: bool(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Secrets. When unset they are generated once and kept in SECRETS_FILE (fine for one instance; set them for several). */
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z.string().min(32).optional(),
  LINK_SIGNING_SECRET: z.string().min(32).optional(),
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  SECRETS_FILE: z.string().default("./data/secrets.json"),
  ACCESS_TOKEN_TTL_SECONDS: int(3600),
  REFRESH_TOKEN_TTL_SECONDS: int(30 * 24 * 3600),
  /** A rotated refresh token presented again within this many seconds is a concurrent duplicate, not a theft. */
  REFRESH_REUSE_GRACE_SECONDS: int(2),
  /** Rate-limit store shared by all instances; in-process memory when unset. */
  REDIS_URL: z.string().optional(),
  RATE_LIMIT_PREFIX: z.string().default("rl"),
  RATE_LIMIT_TOKEN_BASIC_PER_MIN: int(10),
  RATE_LIMIT_TOKEN_REFRESH_PER_MIN: int(20),
  RATE_LIMIT_PUBLIC_GET_PER_MIN: int(120),
  RATE_LIMIT_PUBLIC_POST_PER_MIN: int(20),
  /**
   * Failed dashboard sign-ins: per account at one client IP per 15 minutes (forgotten when it signs in there), per
   * client IP across accounts per hour, and per account from all addresses per hour.
   */
  RATE_LIMIT_LOGIN_PAIR_FAILS_PER_15_MIN: int(5),
  RATE_LIMIT_LOGIN_IP_FAILS_PER_HOUR: int(20),
  RATE_LIMIT_LOGIN_ACCOUNT_FAILS_PER_HOUR: int(100),
  /** Dashboard writes (server actions) per signed-in user per minute. */
  RATE_LIMIT_DASHBOARD_WRITE_PER_MIN: int(120),
  /** How long a dashboard session lasts without a request: each session read renews it. */
  ADMIN_SESSION_MAX_AGE_SECONDS: int(8 * 3600),
  /** How long a dashboard session lasts after sign-in at most, however often it is renewed. */
  ADMIN_SESSION_ABSOLUTE_MAX_AGE_SECONDS: int(12 * 3600),
  /** How many reverse-proxy hops in X-Forwarded-For to trust; 0 uses the socket address. */
  TRUST_PROXY_HOPS: int(0),
  /** Active-subscriber cap of a list whose admin set none; the public form answers 429 once it is reached. */
  SUBSCRIBER_CAP_DEFAULT: int(10_000),
  /** Lifetime of the signed global opt-out links in sendouts. */
  OPT_OUT_LINK_TTL_DAYS: int(365),
  /** The external leisure-card (Fritidskortet) service; the default is the bundled simulator (npm run simulator). */
  LEISURE_CARD_API_URL: z.string().url().default("http://127.0.0.1:4010"),
  /** Upper bound for one call to the leisure-card service, connect to last byte. */
  LEISURE_CARD_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Largest request body any endpoint or server action reads; a larger one is 413. */
  MAX_BODY_BYTES: int(1024 * 1024),
  /** Requests with a body one client address may have in flight at once; the excess is 503 with Retry-After before its body is read. */
  MAX_CONCURRENT_REQUESTS_PER_CLIENT: z.coerce.number().int().positive().default(32),
  /** How long a client may take to send a request's headers (Node's headersTimeout); then the connection is closed. */
  REQUEST_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How long a client may take to send a whole request, body included (Node's requestTimeout; its default is 300 s). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Outgoing mail. Unset SMTP_URL sends to the embedded mail catcher (MAIL_CATCHER_PORT), which keeps what it receives
   * in MAIL_CATCHER_DIR for the dashboard's Outbox: nothing leaves the machine.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Föreningstjänsten <no-reply@localhost>"),
  /** Messages per second across the pool (nodemailer's rateLimit per rateDelta of 1 s); 0 sends unthrottled. */
  SMTP_MAX_PER_SECOND: int(20),
  /** Simultaneous SMTP connections of one instance. */
  SMTP_POOL_SIZE: z.coerce.number().int().positive().default(4),
  /** DKIM signing, on when all three are set; the key is PEM text or a path to a PEM file. */
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  DKIM_PRIVATE_KEY: z.string().optional(),
  /**
   * The password of the mail provider's event webhooks (bounces, complaints, deliveries: docs/api.md "Bounces and
   * complaints"), given as HTTP Basic credentials. Unset: the endpoints answer 404, as if they did not exist.
   */
  MAIL_EVENTS_SECRET: z.string().min(32).optional(),
  MAIL_CATCHER_PORT: int(2525),
  MAIL_CATCHER_DIR: z.string().default("./data/outbox"),
  /**
   * The sendout worker in this process (docs/api.md, Sendouts): on in the server by default; test servers start with it off
   * unless a test turns it on.
   */
  SENDOUT_WORKER: z.enum(["on", "off"]).default("on"),
  /** What wakes workers: pg-boss on PostgreSQL, an in-process loop on SQLite (auto), or one of them named. */
  JOB_QUEUE: z.enum(["auto", "in-process", "pg-boss"]).default("auto"),
  /** How often an idle worker looks for due work (scheduled sendouts, retries whose backoff ended, expired leases). */
  SENDOUT_POLL_MS: z.coerce.number().int().positive().default(2000),
  /** How long a worker holds the recipients it claimed; after a crash, another worker takes them when it ends. */
  SENDOUT_LEASE_SECONDS: z.coerce.number().int().positive().default(120),
  /** The first retry's delay after a temporary refusal; each further one waits twice as long (at most an hour). */
  SENDOUT_RETRY_BASE_MS: z.coerce.number().int().positive().default(60_000),
  /** Attempts of one message before a temporary refusal counts as a failure. */
  SENDOUT_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  /**
   * Webhook deliveries in this process (docs/api.md, Webhooks): on in the server by default; test servers start with it off
   * unless a test turns it on.
   */
  WEBHOOK_WORKER: z.enum(["on", "off"]).default("on"),
  /** How often an idle webhook worker looks for new events and due retries. */
  WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** How long a worker holds the deliveries it claimed; after a crash, another worker takes them when it ends. */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().positive().default(60),
  /** Upper bound of one delivery attempt, connect to last byte. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Multiplies the retry schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); tests make it tiny. */
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  /**
   * An endpoint is disabled when a delivery has used all its attempts and the endpoint has not accepted any delivery
   * for this many hours (0: at the first delivery that used all its attempts).
   */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().nonnegative().default(120),
  /** How long finished webhook deliveries, with their attempts and events, are kept. */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  /** Allow http:// endpoint URLs (tests, the demo); otherwise https only. */
  WEBHOOK_ALLOW_HTTP: bool(false),
  /** Allow endpoints on private, loopback and link-local addresses (tests, a closed network); otherwise refused (SSRF). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool(false),
  /** Seed the demo organization when the database is empty. */
  DEMO_SEED: bool(true),
});

export type Env = z.infer<typeof envSchema> & {
  JWT_SECRET: string;
  ENCRYPTION_KEY: string;
  LINK_SIGNING_SECRET: string;
  NEXTAUTH_SECRET: string;
};

const generatedSecretNames = ["JWT_SECRET", "ENCRYPTION_KEY", "LINK_SIGNING_SECRET", "NEXTAUTH_SECRET"] as const;

function loadOrCreateSecrets(file: string, given: Partial<Record<(typeof generatedSecretNames)[number], string>>) {
  const missing = generatedSecretNames.filter((name) => !given[name]);
  if (missing.length === 0) return given as Record<(typeof generatedSecretNames)[number], string>;
  const absolute = path.resolve(file);
  let stored: Record<string, string> = {};
  if (fs.existsSync(absolute)) stored = JSON.parse(fs.readFileSync(absolute, "utf8"));
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = crypto.randomBytes(32).toString("base64url");
      changed = true;
    }
  }
  if (changed) {
    fs.mkdirSync(path.dirname(absolute), { recursive: true });
    fs.writeFileSync(absolute, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return Object.fromEntries(generatedSecretNames.map((name) => [name, given[name] || stored[name]])) as Record<
    (typeof generatedSecretNames)[number],
    string
  >;
}

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const secrets = loadOrCreateSecrets(parsed.data.SECRETS_FILE, parsed.data);
  cached = { ...parsed.data, ...secrets };
  return cached;
}
