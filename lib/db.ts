// The Prisma client for the configured database. Every provider-specific line of the application lives here and in
// lib/sql-dialect.ts (the SQL fragments that differ), except the cache-epoch reader's own connection
// (lib/cache/cache-epochs.ts).
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { closeCacheEpochReader } from "./cache/cache-epochs";
import { databaseProvider, POSTGRES_CONNECT_TIMEOUT_MS, privateSqliteFile } from "./database-url";
import { env } from "./env";
import { logger } from "./logger";
import { directPostgresStatements } from "./postgres-direct";
import { directRawStatements } from "./sqlite-direct";
import type BetterSqlite3 from "better-sqlite3";

import { Prisma } from "./generated/sqlite/client";

export { Prisma };
export type * from "./generated/sqlite/models";

/** Both generated clients come from one schema (prisma/postgres is generated from prisma/sqlite), so one type serves both. */
export type Db = InstanceType<typeof SqliteClient>;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

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
function sqliteAdapter(url: string, direct: ReturnType<typeof directRawStatements>) {
  const factory = new PrismaBetterSQLite3({ url: privateSqliteFile(url), timeout: env().SQLITE_BUSY_TIMEOUT_MS });
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = escapingLikes(await connect());
    direct.connected((adapter as unknown as { client: BetterSqlite3.Database }).client);
    const startTransaction = adapter.startTransaction.bind(adapter);
    return Object.assign(adapter, {
      queryRaw: direct.outsideTransactions(adapter.queryRaw.bind(adapter)),
      executeRaw: direct.outsideTransactions(adapter.executeRaw.bind(adapter)),
      getConnectionInfo: () => ({ maxBindValues: SQLITE_MAX_BIND_VALUES, supportsRelationJoins: false }),
      startTransaction: async (...args: Parameters<typeof startTransaction>) =>
        direct.began(escapingLikes(await startTransaction(...args))),
    });
  };
  return factory;
}

/**
 * A SQLite client whose raw statements go to the driver, inside an interactive transaction and outside any, and whose
 * statements outside a transaction wait for the open one (lib/sqlite-direct.ts).
 */
function sqliteClient(url: string, log: Prisma.PrismaClientOptions["log"]): Db {
  const direct = directRawStatements({ rewrite: likesEscaped, onStatement: notifyStatement });
  const client = direct.client(new SqliteClient({ adapter: sqliteAdapter(url, direct), log }));
  const transaction = client.$transaction.bind(client) as (...args: unknown[]) => Promise<unknown>;
  return Object.assign(client, {
    $transaction: (first: unknown, ...rest: unknown[]) =>
      typeof first === "function"
        ? transaction((tx: object) => (first as (tx: object) => unknown)(direct.wrap(tx)), ...rest)
        : transaction(first, ...rest),
  }) as Db;
}

interface Queryable {
  queryRaw(query: { sql: string }): Promise<unknown>;
  executeRaw(query: { sql: string }): Promise<unknown>;
}

/** SQLite's SQL with each bare `LIKE ?` given PostgreSQL's escape (below). Every statement passes here: only one
 * holding a LIKE is rewritten. */
function likesEscaped(sql: string): string {
  return sql.includes("LIKE ?") ? sql.replace(/\bLIKE \?(?! ESCAPE)/g, "LIKE ? ESCAPE '\\'") : sql;
}

/**
 * Prisma writes `contains`/`startsWith` as a bare `LIKE ?`. PostgreSQL's LIKE escapes with `\` by default; SQLite's has
 * no escape character at all, so a `%` or `_` the user typed could not be matched literally (a search for "%" found
 * every member). Each such LIKE gets PostgreSQL's escape, and likeExact's escaping then means the same on both.
 */
function escapingLikes<T extends Queryable>(queryable: T): T {
  const withEscape = <Q extends { sql: string }>(query: Q): Q => {
    const sql = likesEscaped(query.sql);
    return sql === query.sql ? query : { ...query, sql };
  };
  const queryRaw = queryable.queryRaw.bind(queryable);
  const executeRaw = queryable.executeRaw.bind(queryable);
  return Object.assign(queryable, {
    queryRaw: (query: Parameters<T["queryRaw"]>[0]) => queryRaw(withEscape(query)),
    executeRaw: (query: Parameters<T["executeRaw"]>[0]) => executeRaw(withEscape(query)),
  });
}

type StatementListener = (sql: string) => void;
const statementListeners = new Set<StatementListener>();

/** A statement sent, by Prisma or by the direct path: logged and counted when LOG_SQL is on. */
function notifyStatement(sql: string, ms?: number): void {
  if (!env().LOG_SQL) return;
  logger().debug({ sql, ms }, "sql");
  for (const listener of statementListeners) listener(sql);
}

export function createClient(url: string): Db {
  // LOG_SQL: every statement is logged at debug level and reaches watchStatements (the tests count statements).
  const log = env().LOG_SQL ? [{ emit: "event" as const, level: "query" as const }] : [];
  let client: Db;
  if (databaseProvider(url) === "postgres") {
    // JIT off: PostgreSQL compiles a statement whose estimated cost passes jit_above_cost, and with statistics older
    // than a bulk load (before autovacuum's ANALYZE) a page's 30 memberships by id were estimated at 11,000 rows:
    // 20 ms of compiling for a 1 ms statement, on every request of the member list. This service runs short statements.
    // Raw statements go to the adapter, not through Prisma's client (lib/postgres-direct.ts).
    const direct = directPostgresStatements(notifyStatement);
    const adapter = direct.adapter(
      new PrismaPg({
        connectionString: url,
        max: 10,
        connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
        options: "-c jit=off",
      }),
    );
    client = direct.client(new PostgresClient({ adapter, log })) as unknown as Db;
  } else {
    client = sqliteClient(url, log);
  }
  if (env().LOG_SQL) {
    (client as unknown as { $on(event: "query", cb: (e: { query: string; duration: number }) => void): void }).$on(
      "query",
      (e) => notifyStatement(e.query, e.duration),
    );
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

/**
 * After a bulk load (the member generator's): fresh planner statistics for `tables` on PostgreSQL, where
 * autovacuum's ANALYZE comes only after a while (or never, where it is off). With the statistics of an empty table the
 * planner estimated a page's memberships by id at 11,000 rows and ran them in parallel workers: 10 ms instead of 1.
 * SQLite's planner reads statistics only once ANALYZE has run, and this service's plans there are measured without.
 */
export async function refreshStatistics(tables: readonly string[]): Promise<void> {
  if (isPostgres()) await db().$executeRawUnsafe(`ANALYZE ${tables.map((table) => `"${table}"`).join(", ")}`);
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
  const capitalized = lower.replace(
    /(^|[\s-])(\p{L})/gu,
    (_, start: string, letter: string) => start + letter.toUpperCase(),
  );
  return [...new Set([lower, capitalized])];
}

/** A filter on a column holding `text` literally (Prisma passes `contains` to LIKE as it is: wildcards escaped here). */
export function containsText(text: string) {
  return { contains: likeExact(text) };
}

/** A filter on a column starting with `text` literally. */
export function startsWithText(text: string) {
  return { startsWith: likeExact(text) };
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
    : await db().$queryRaw<
        { found: string | null }[]
      >`SELECT name AS found FROM sqlite_master WHERE type = 'table' AND name = ${name}`;
  return rows.length > 0 && rows[0].found !== null;
}

/** True when the error is a unique-constraint violation (P2002), whichever provider raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** Closes this process's connections: the Prisma client's and the cache-epoch reader's (a CLI run can then exit). */
export async function disconnectDb(): Promise<void> {
  closeCacheEpochReader();
  if (globalForDb.__db) await globalForDb.__db.$disconnect();
  globalForDb.__db = undefined;
  globalForDb.__dbReady = undefined;
}

/** The rows of page `page` (counted from 1) at `limit` rows a page, as Prisma's skip and take. */
export function pageWindow({ page, limit }: { page: number; limit: number }) {
  return { skip: (page - 1) * limit, take: limit };
}

/**
 * Coalesced work for a hot path's many small writes: the items given while the previous `run` is under way go
 * together into the next one (at most `maxItems`), and each caller's promise settles with `run`'s answer for its own
 * item once that call has finished (its error, when it fails). Alone, an item is written at once (or, with
 * `waitATurn`, after one turn of the event loop: SQLite's statements run synchronously, so a run there finishes before
 * any other request reaches it, and without the turn every run carried one item). Under load, one statement (or one
 * commit) carries many, where each statement costs the process 0.2-0.3 ms of CPU in the Prisma client and a round
 * trip on PostgreSQL, and each commit a flush to disk. `run` answers in the order of its items.
 */
export function coalesced<T, R>(
  run: (items: T[]) => Promise<R[]>,
  maxItems = Infinity,
  { waitATurn = false } = {},
): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    while (waiting.length) {
      const group = waiting.slice(0, maxItems);
      waiting = waiting.slice(group.length);
      try {
        const results = await run(group.map((entry) => entry.item));
        group.forEach((entry, i) => entry.resolve(results[i]));
      } catch (error) {
        group.forEach((entry) => entry.reject(error));
      }
    }
    running = false;
  };
  return (item) =>
    new Promise((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (running) return;
      running = true;
      if (waitATurn) setImmediate(() => void drain());
      else void drain();
    });
}

/**
 * Batched inserts into one table (a token request's refresh token): the rows of concurrent requests in one multi-row
 * INSERT (coalesced). `columns` and `table` are code, never input.
 */
export function insertBatcher(
  table: string,
  columns: readonly string[],
  maxRows = 500,
): (values: readonly unknown[]) => Promise<void> {
  const head = Prisma.raw(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `);
  return coalesced(async (rows: (readonly unknown[])[]) => {
    await db().$executeRaw`${head}${Prisma.join(rows.map((values) => Prisma.sql`(${Prisma.join(values)})`))}`;
    return rows.map(() => undefined);
  }, maxRows);
}
