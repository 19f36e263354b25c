// The one place that knows how DATABASE_URL maps to a provider. Shared by lib/db.ts, prisma.config.ts and scripts.
import fs from "node:fs";
import path from "node:path";

export type DatabaseProvider = "sqlite" | "postgres";

export const defaultDatabaseUrl = "file:./data/app.db";

export function databaseProvider(url: string): DatabaseProvider {
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error("DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)");
}

/**
 * Absolute path of a file: URL, relative paths resolved from the working directory; creates its folder, private
 * (0700): the database holds personal data and password hashes.
 */
export function sqliteFilePath(url: string): string {
  const file = path.resolve(url.slice("file:".length).replace(/^\/\//, ""));
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  return file;
}

/**
 * sqliteFilePath for opening the database to write: the file created private (0600) when missing, since SQLite
 * creates it 0644 and gives its -wal and -shm the database file's own mode; the files of a database created before
 * are made private too. An empty file is an empty database.
 */
export function privateSqliteFile(url: string): string {
  const file = sqliteFilePath(url);
  fs.closeSync(fs.openSync(file, "a", 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(name, 0o600);
    } catch (error) {
      // Absent (no WAL yet), or another user's file that this one may still write: left as it is.
      if (!["ENOENT", "EPERM"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    }
  }
  return file;
}

/**
 * How long a SQLite connection waits for another connection's lock before failing with SQLITE_BUSY, unless
 * SQLITE_BUSY_TIMEOUT_MS says otherwise (the operator CLI waits longer: scripts/cli.ts).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * node-postgres waits for a new connection forever by default: a database host that stops answering (rather than
 * refusing) would hold every request. Past this, the request fails as "database unavailable" (503).
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5000;
