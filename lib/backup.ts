// Backup and restore of the whole database: provider-specific, like lib/db.ts. SQLite through its online backup API
// (better-sqlite3's db.backup()), PostgreSQL through pg_dump's custom format and psql. No Prisma here: these handle
// the database as a whole, whatever version of the schema it holds (so nothing is migrated first).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import {
  databaseProvider,
  privateSqliteFile,
  SQLITE_BUSY_TIMEOUT_MS,
  sqliteFilePath,
  type DatabaseProvider,
} from "./database-url";
import { Conflict, ServiceError, ValidationFailed } from "./errors";

/** A backup tool failed or is missing (500 with its reason; the CLI prints it). */
class BackupFailed extends ServiceError {
  constructor(reason: string) {
    super(500, reason);
  }
}

export interface BackupResult {
  provider: DatabaseProvider;
  file: string;
  format: "sqlite" | "pg_dump-custom";
  bytes: number;
}

export interface RestoreResult {
  provider: DatabaseProvider;
  file: string;
  /** Rows per table in the restored database (Prisma's `_prisma_migrations` included). */
  tables: Record<string, number>;
  rows: number;
}

/** Prisma's bookkeeping and SQLite's own tables: present in an empty, migrated database. */
// CacheEpoch: its rows come with the migration (lib/cache/epoch-cache.ts); a migrated database holds them empty.
const BOOKKEEPING_TABLES = new Set(["_prisma_migrations", "sqlite_sequence", "CacheEpoch"]);

const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");
const PG_CUSTOM_MAGIC = Buffer.from("PGDMP", "latin1");

/** Writes a consistent copy of the database at DATABASE_URL to `file` (refused if it exists unless `force`). */
export async function backupDatabase(
  databaseUrl: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupResult> {
  const target = path.resolve(file);
  if (fs.existsSync(target) && !options.force) throw new Conflict(`${target} exists; add --force to overwrite it`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Written beside the target and renamed, so a failed backup never leaves a partial file under the name; created
  // 0600 before anything is written to it (SQLite and pg_dump keep an existing file's mode), as it holds personal data.
  const partial = `${target}.partial-${process.pid}`;
  const provider = databaseProvider(databaseUrl);
  try {
    fs.rmSync(partial, { force: true });
    fs.closeSync(fs.openSync(partial, "wx", 0o600));
    if (provider === "sqlite") await sqliteBackup(databaseUrl, partial);
    else
      await run(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, ...connectionArgs(databaseUrl)],
        databaseUrl,
      );
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return {
    provider,
    file: target,
    format: provider === "sqlite" ? "sqlite" : "pg_dump-custom",
    bytes: fs.statSync(target).size,
  };
}

/**
 * Replaces the database at DATABASE_URL with the backup in `file`. Refused with 409 when the database holds any row
 * outside Prisma's bookkeeping, unless `force`: a migrated but empty database, or none at all, is restored into.
 */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const source = path.resolve(file);
  const provider = databaseProvider(databaseUrl);
  checkBackupFile(source, provider);
  if (!options.force) {
    const held = await tablesWithRows(databaseUrl);
    if (held.length > 0) {
      throw new Conflict(
        `the database is not empty (rows in ${held.length} table(s): ${held.slice(0, 5).join(", ")}${held.length > 5 ? ", …" : ""}); ` +
          "add --force to replace everything in it with the backup",
      );
    }
  }
  const epochBefore = await highestCacheEpoch(databaseUrl);
  if (provider === "sqlite") await sqliteRestore(source, databaseUrl);
  else await postgresRestore(source, databaseUrl);
  await advanceCacheEpochs(databaseUrl, epochBefore);
  const tables = await rowCounts(databaseUrl);
  return { provider, file: source, tables, rows: Object.values(tables).reduce((a, b) => a + b, 0) };
}

function checkBackupFile(file: string, provider: DatabaseProvider): void {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, "r");
    head = Buffer.alloc(16);
    fs.readSync(fd, head, 0, 16, 0);
    fs.closeSync(fd);
  } catch {
    throw new ValidationFailed({ file: [`cannot read ${file}`] });
  }
  const isSqlite = head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC);
  const isPgDump = head.subarray(0, PG_CUSTOM_MAGIC.length).equals(PG_CUSTOM_MAGIC);
  if (provider === "sqlite" && !isSqlite) {
    throw new ValidationFailed({
      file: [
        isPgDump ? "is a PostgreSQL backup, but DATABASE_URL is SQLite" : "is not a SQLite backup of this service",
      ],
    });
  }
  if (provider === "postgres" && !isPgDump) {
    throw new ValidationFailed({
      file: [
        isSqlite
          ? "is a SQLite backup, but DATABASE_URL is PostgreSQL"
          : "is not a pg_dump (custom format) backup of this service",
      ],
    });
  }
  if (isSqlite) {
    const backup = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const check = backup.pragma("quick_check", { simple: true });
      if (check !== "ok") throw new ValidationFailed({ file: [`is a damaged SQLite database (${String(check)})`] });
      if (!backup.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get()) {
        throw new ValidationFailed({
          file: ["is a SQLite database without _prisma_migrations, not a backup of this service"],
        });
      }
    } finally {
      backup.close();
    }
  }
}

// --- SQLite ---------------------------------------------------------------------------------------------------

async function sqliteBackup(databaseUrl: string, destination: string): Promise<void> {
  const file = sqliteFilePath(databaseUrl);
  if (!fs.existsSync(file)) throw new ValidationFailed({ DATABASE_URL: [`no database at ${file}`] });
  const source = new Database(file, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    // The online backup API copies a consistent snapshot while the server keeps reading and writing.
    await source.backup(destination);
  } finally {
    source.close();
  }
  // One self-contained file: in WAL mode (copied from the source) even reading it would create -wal and -shm files.
  const copy = new Database(destination, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

async function sqliteRestore(backupFile: string, databaseUrl: string): Promise<void> {
  const backup = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    // The same API in the other direction: every page of the target is replaced in one write transaction, so a
    // connection open on the target sees the old database or the restored one, never a mix.
    await backup.backup(privateSqliteFile(databaseUrl));
  } finally {
    backup.close();
  }
}

function sqliteTables(file: string): { db: Database.Database; tables: string[] } | null {
  if (!fs.existsSync(file)) return null;
  const db = new Database(file, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  return { db, tables };
}

// --- PostgreSQL -------------------------------------------------------------------------------------------------

/**
 * libpq arguments for a connection URL. The password goes through PGPASSWORD (runEnv), not the command line,
 * where any user of the machine could read it.
 */
function connectionArgs(databaseUrl: string): string[] {
  const url = new URL(databaseUrl);
  url.password = "";
  return [`--dbname=${url.toString()}`];
}

function runEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(databaseUrl).password);
  return { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
}

async function postgresRestore(backupFile: string, databaseUrl: string): Promise<void> {
  // pg_restore turns the dump into SQL; psql runs it after emptying the schema, in one transaction that is committed
  // only when pg_restore has read the whole dump: on any error (a truncated dump, a failing statement) nothing changes.
  const restore = spawnTool("pg_restore", ["--no-owner", "--no-privileges", "--file=-", backupFile], databaseUrl);
  restore.child.stdin!.end();
  const psql = spawnTool(
    "psql",
    ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", ...connectionArgs(databaseUrl)],
    databaseUrl,
  );
  const sql = psql.child.stdin!;
  sql.on("error", () => {}); // psql gone (it stopped on an error): its exit status reports it
  sql.write("BEGIN;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n");
  restore.child.stdout!.pipe(sql, { end: false });
  const dumpRead = restore.done.then(
    () => sql.end("COMMIT;\n"),
    (error) => {
      sql.end(); // without COMMIT: psql disconnects and the server rolls the transaction back
      throw error;
    },
  );
  // psql's failure first: when it stops on an error, pg_restore fails only because its pipe closed.
  const failure = (await Promise.allSettled([psql.done, dumpRead])).find((r) => r.status === "rejected");
  if (failure) throw failure.reason;
}

function spawnTool(tool: string, args: string[], databaseUrl: string) {
  const child = spawn(tool, args, { env: runEnv(databaseUrl), stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupFailed(
          error.code === "ENOENT"
            ? `${tool} not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`
            : `${tool}: ${error.message}`,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new BackupFailed(`${tool} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`)),
    );
  });
  return { child, done };
}

async function run(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const { child, done } = spawnTool(tool, args, databaseUrl);
  child.stdin!.end();
  await done;
}

async function withPostgres<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupFailed(`cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function postgresTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((r) => r.name);
}

// --- Both -------------------------------------------------------------------------------------------------------

/** Rows per table of the database (no tables: an empty object). */
async function rowCounts(databaseUrl: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  if (databaseProvider(databaseUrl) === "sqlite") {
    const opened = sqliteTables(sqliteFilePath(databaseUrl));
    if (!opened) return counts;
    try {
      for (const table of opened.tables)
        counts[table] = opened.db
          .prepare(`SELECT count(*) FROM ${quoteIdent(table)}`)
          .pluck()
          .get() as number;
    } finally {
      opened.db.close();
    }
    return counts;
  }
  return withPostgres(databaseUrl, async (client) => {
    for (const table of await postgresTables(client)) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
      counts[table] = Number(rows[0].n);
    }
    return counts;
  });
}

/** The tables holding at least one row, Prisma's and SQLite's bookkeeping left out. */
const EPOCH_TABLE = "CacheEpoch";

/** The highest cache epoch of the database (0 without the table): what running instances may have cached under. */
async function highestCacheEpoch(databaseUrl: string): Promise<number> {
  const sql = `SELECT COALESCE(MAX("version"), 0) AS v FROM "${EPOCH_TABLE}"`;
  if (databaseProvider(databaseUrl) === "sqlite") {
    const opened = sqliteTables(sqliteFilePath(databaseUrl));
    if (!opened) return 0;
    try {
      return opened.tables.includes(EPOCH_TABLE) ? Number(opened.db.prepare(sql).pluck().get()) : 0;
    } finally {
      opened.db.close();
    }
  }
  return withPostgres(databaseUrl, async (client) =>
    (await postgresTables(client)).includes(EPOCH_TABLE)
      ? Number((await client.query<{ v: number }>(sql)).rows[0].v)
      : 0,
  );
}

/**
 * After a restore the epochs are the backup's, possibly equal to ones a running instance cached under while the data
 * differs: every epoch moves past the highest seen before, so every instance reloads (lib/cache/epoch-cache.ts).
 */
async function advanceCacheEpochs(databaseUrl: string, highestBefore: number): Promise<void> {
  if (databaseProvider(databaseUrl) === "sqlite") {
    const opened = sqliteTables(sqliteFilePath(databaseUrl));
    if (!opened) return;
    try {
      if (opened.tables.includes(EPOCH_TABLE))
        opened.db.prepare(`UPDATE "${EPOCH_TABLE}" SET "version" = MAX("version", ?) + 1`).run(highestBefore);
    } finally {
      opened.db.close();
    }
    return;
  }
  await withPostgres(databaseUrl, async (client) => {
    if ((await postgresTables(client)).includes(EPOCH_TABLE)) {
      await client.query(`UPDATE "${EPOCH_TABLE}" SET "version" = GREATEST("version", $1) + 1`, [highestBefore]);
    }
  });
}

async function tablesWithRows(databaseUrl: string): Promise<string[]> {
  const counts = await rowCounts(databaseUrl);
  return Object.entries(counts)
    .filter(([table, n]) => n > 0 && !BOOKKEEPING_TABLES.has(table))
    .map(([table]) => table);
}
