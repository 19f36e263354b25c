// Which committed migrations a database still lacks, and applying them only then.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../migrate-deploy";
import { databaseProvider } from "../database-url";
import { db, tableExists } from "../db";

/** Names of committed migrations the database has not finished applying (all of them on a new database). */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const folder = path.join("prisma", databaseProvider(databaseUrl), "migrations");
  const committed = fs.readdirSync(folder).filter((name) => fs.statSync(path.join(folder, name)).isDirectory());
  if (!(await tableExists("_prisma_migrations"))) return committed;
  const applied = await db().$queryRawUnsafe<{ migration_name: string }[]>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(applied.map((row) => row.migration_name));
  return committed.filter((name) => !done.has(name));
}

const MIGRATE_ATTEMPTS = 6;

/**
 * Runs `prisma migrate deploy` only when something is pending, so a CLI call next to a running server does not
 * start the schema engine (which takes locks) for nothing. The database must be the one lib/db.ts connects to.
 * Instances started together race for the migration lock, which Prisma waits for only 10 s on PostgreSQL (P1002):
 * a loser looks again, and is done when the winner has applied everything, or tries again while it is still at it.
 */
export async function applyPendingMigrations(databaseUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if ((await pendingMigrations(databaseUrl)).length === 0) return;
    try {
      applyMigrations(databaseUrl);
      return;
    } catch (error) {
      if (attempt >= MIGRATE_ATTEMPTS) throw error;
    }
  }
}
