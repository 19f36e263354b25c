// The Prisma client for the configured database. Every provider-specific line of the application lives here.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import pg from "pg";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { databaseProvider, sqliteFilePath } from "./database-url";
import { env } from "./env";
import { logger } from "./logger";

import { Prisma } from "./generated/sqlite/client";

export { Prisma };
export type * from "./generated/sqlite/models";

/** Both generated clients share one model (tests/integration/schema-drift.test.ts), so one type serves both. */
export type Db = InstanceType<typeof SqliteClient>;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * node-postgres waits for a new connection forever by default: a database host that stops answering (rather than
 * refusing) would hold every request. Past this, the request fails as "database unavailable" (503).
 */
const POSTGRES_CONNECT_TIMEOUT_MS = 5000;

/**
 * SQLite's own limit on bound values is 32766 (since 3.32), but Prisma assumes 999 unless the adapter says otherwise,
 * and refuses a larger `IN` list (P2029): a caller whose scope holds 1,000 companies could not list its members. The
 * adapter now says so, as the PostgreSQL adapter does for its 32766.
 */
const SQLITE_MAX_BIND_VALUES = 32766;

/**
 * SQLite transactions begin IMMEDIATE (patches/@prisma+adapter-better-sqlite3+6.19.3.patch): the adapter's plain
 * BEGIN let a transaction that read first fail with SQLITE_BUSY at its first write once another connection (another
 * instance, the CLI) had committed, whatever the busy timeout. Within a process the adapter runs one transaction at a
 * time anyway, so taking the lock up front costs nothing there (tests/integration/sqlite-transactions.test.ts).
 */
function sqliteAdapter(url: string) {
  const factory = new PrismaBetterSQLite3({ url: sqliteFilePath(url), timeout: SQLITE_BUSY_TIMEOUT_MS });
  const connect = factory.connect.bind(factory);
  factory.connect = async () =>
    Object.assign(await connect(), { getConnectionInfo: () => ({ maxBindValues: SQLITE_MAX_BIND_VALUES, supportsRelationJoins: false }) });
  return factory;
}

type StatementListener = (sql: string) => void;
const statementListeners = new Set<StatementListener>();

function createClient(url: string): Db {
  // LOG_SQL: every statement is logged at debug level and reaches watchStatements (the tests count statements).
  const log = env().LOG_SQL ? [{ emit: "event" as const, level: "query" as const }] : [];
  let client: Db;
  if (databaseProvider(url) === "postgres") {
    const adapter = new PrismaPg({ connectionString: url, max: 10, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
    client = new PostgresClient({ adapter, log }) as unknown as Db;
  } else {
    client = new SqliteClient({ adapter: sqliteAdapter(url), log }) as unknown as Db;
  }
  if (env().LOG_SQL) {
    (client as unknown as { $on(event: "query", cb: (e: { query: string; duration: number }) => void): void }).$on("query", (e) => {
      logger().debug({ sql: e.query, ms: e.duration }, "sql");
      for (const listener of statementListeners) listener(e.query);
    });
  }
  return client;
}

/** Collects the SQL statements sent while it is active (needs LOG_SQL). */
export function watchStatements(): { statements: string[]; stop: () => void } {
  const statements: string[] = [];
  const listener: StatementListener = (sql) => statements.push(sql);
  statementListeners.add(listener);
  return { statements, stop: () => statementListeners.delete(listener) };
}

/** The case-insensitive LIKE of the provider, for tagged SQL (`ESCAPE '\\'` works on both). */
export function caseInsensitiveLike(): Prisma.Sql {
  return Prisma.raw(isPostgres() ? "ILIKE" : "LIKE");
}

/** A LIKE pattern matching exactly `text` (case-insensitively, with the LIKE above), its wildcards escaped (ESCAPE '\\'). */
export function likeExact(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere, its wildcards escaped (use with ESCAPE '\\'). */
export function likeSubstring(text: string): string {
  return `%${likeExact(text)}%`;
}

/**
 * Spellings of `text` that together match it case-insensitively. PostgreSQL compares case-insensitively itself
 * (ILIKE, `mode: "insensitive"`). SQLite's LIKE folds only ASCII letters, so Swedish letters are tried lower-case and
 * capitalized at the start of words: "östlund" and "ÖSTLUND" both find "Östlund", "björn" finds "Björn".
 */
export function caseVariants(text: string): string[] {
  const lower = text.toLowerCase();
  if (isPostgres()) return [lower];
  const capitalized = lower.replace(/(^|[\s-])(\p{L})/gu, (_, start: string, letter: string) => start + letter.toUpperCase());
  return [...new Set([lower, capitalized])];
}

/** A case-insensitive substring filter for one of caseVariants' spellings. */
export function textContains(text: string): Prisma.StringNullableFilter {
  return isPostgres() ? ({ contains: text, mode: "insensitive" } as Prisma.StringNullableFilter) : { contains: text };
}

// One client per process, kept on globalThis so hot reloads in development do not open new pools.
const globalForDb = globalThis as unknown as { __db?: Db; __dbReady?: Promise<void> };

export function db(): Db {
  globalForDb.__db ??= createClient(env().DATABASE_URL);
  return globalForDb.__db;
}

export function isPostgres(): boolean {
  return databaseProvider(env().DATABASE_URL) === "postgres";
}

/** Per-connection settings. WAL lets readers run beside the one writer; it is stored in the file, so once is enough. */
export function prepareDatabase(): Promise<void> {
  globalForDb.__dbReady ??= (async () => {
    if (isPostgres()) return;
    // Switching the mode needs a lock other connections may hold (a CLI beside a busy server): only when needed.
    const [{ journal_mode }] = await db().$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    if (journal_mode !== "wal") await db().$queryRawUnsafe("PRAGMA journal_mode = WAL");
  })();
  return globalForDb.__dbReady;
}

/** Whether a table exists in the connected database. */
export async function tableExists(name: string): Promise<boolean> {
  const rows = isPostgres()
    ? await db().$queryRaw<{ found: string | null }[]>`SELECT to_regclass(${name})::text AS found`
    : await db().$queryRaw<{ found: string | null }[]>`SELECT name AS found FROM sqlite_master WHERE type = 'table' AND name = ${name}`;
  return rows.length > 0 && rows[0].found !== null;
}

/** True when the error is a unique-constraint violation (P2002), whichever provider raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

// ---- cache epochs ------------------------------------------------------------------------------------------------

export type CacheEpochs = Readonly<Record<string, number>>;

/**
 * The cache epochs, read fresh (lib/services/epoch-cache.ts checks them on every cached read). Through a connection of
 * their own with one prepared statement rather than through Prisma: a raw SELECT through the client costs 0.1-0.3 ms
 * of CPU in its query interpreter, more than the whole cached request may cost; here it is microseconds on SQLite and
 * one round trip on PostgreSQL. Null when they cannot be read (not migrated yet, database down): callers then read
 * the data itself, uncached.
 */
export async function readCacheEpochs(): Promise<CacheEpochs | null> {
  try {
    const rows = isPostgres() ? await sharedPostgresRead() : readSqliteEpochs();
    return rows.length ? Object.fromEntries(rows.map((r) => [r.name, Number(r.version)])) : null;
  } catch {
    closeEpochReader();
    return null;
  }
}

const EPOCHS_SQL = 'SELECT "name", "version" FROM "CacheEpoch"';
type EpochRow = { name: string; version: number | string };
const epochReader = globalThis as unknown as { __epochSqlite?: Database.Statement; __epochPg?: Promise<pg.Client> };

function readSqliteEpochs(): EpochRow[] {
  if (!epochReader.__epochSqlite) {
    const connection = new Database(sqliteFilePath(env().DATABASE_URL), { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
    epochReader.__epochSqlite = connection.prepare(EPOCHS_SQL);
  }
  return epochReader.__epochSqlite.all() as EpochRow[];
}

/**
 * One round trip serves every request that arrived while the previous one was under way: a read that began before a
 * request arrived could miss a change committed meanwhile, so such a request waits for the next read, which begins
 * after it and is shared by all who wait. Under load that is one round trip at a time instead of one per request.
 */
const epochReads: { inFlight?: Promise<EpochRow[]>; next?: Promise<EpochRow[]> } = {};

function sharedPostgresRead(): Promise<EpochRow[]> {
  if (!epochReads.inFlight) return startPostgresRead();
  epochReads.next ??= epochReads.inFlight
    .catch(() => undefined)
    .then(() => {
      epochReads.next = undefined;
      return startPostgresRead();
    });
  return epochReads.next;
}

function startPostgresRead(): Promise<EpochRow[]> {
  const read = readPostgresEpochs();
  epochReads.inFlight = read;
  read.catch(() => undefined).finally(() => {
    if (epochReads.inFlight === read) epochReads.inFlight = undefined;
  });
  return read;
}

async function readPostgresEpochs(): Promise<EpochRow[]> {
  epochReader.__epochPg ??= (async () => {
    const client = new pg.Client({ connectionString: env().DATABASE_URL, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
    // A broken connection is dropped; the next read opens a new one.
    client.on("error", () => closeEpochReader());
    await client.connect();
    return client;
  })();
  const client = await epochReader.__epochPg;
  const result = await client.query<EpochRow>({ name: "cache_epochs", text: EPOCHS_SQL });
  return result.rows;
}

function closeEpochReader(): void {
  epochReader.__epochSqlite?.database.close();
  epochReader.__epochSqlite = undefined;
  const client = epochReader.__epochPg;
  epochReader.__epochPg = undefined;
  void client?.then((c) => c.end()).catch(() => {});
}

export async function disconnectDb(): Promise<void> {
  closeEpochReader();
  if (globalForDb.__db) await globalForDb.__db.$disconnect();
  globalForDb.__db = undefined;
  globalForDb.__dbReady = undefined;
}
