// Instances started together race for the migration lock (several instances). Prisma waits only 10 s for
// its PostgreSQL advisory lock and then fails (P1002), so an instance that lost the race used to exit at start. Here
// another session holds that lock for 30 s (longer than Prisma's wait plus the CLI's start) while the CLI, which
// applies pending migrations first as the server does, starts on a new database: it must wait it out and finish.
// The lock is PostgreSQL's, so this runs once, in the suite's PostgreSQL run (the SQLite run would repeat it exactly).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import pg from "pg";
import { expect, inject, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "@/scripts/lib/postgres";
import { cliCommand } from "../helpers";

/** Prisma's migration lock on PostgreSQL (pg_advisory_lock key of the schema engine). */
const PRISMA_MIGRATION_LOCK = 72707369;

function runCli(args: string[], databaseUrl: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(...cliCommand(args), {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

it.runIf(inject("provider") === "postgres")(
  "a start that loses the migration race waits for the winner instead of failing",
  async () => {
    const name = `test_migrace_${crypto.randomBytes(4).toString("hex")}`;
    const url = await createPostgresDatabase(postgresAdminUrl(), name);
    const holder = new pg.Client({ connectionString: url });
    try {
      await holder.connect();
      await holder.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATION_LOCK]);
      const released = new Promise<void>((resolve) =>
        setTimeout(
          () => void holder.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATION_LOCK]).then(() => resolve()),
          30_000,
        ),
      );
      const result = await runCli(["company:list"], url);
      await released;
      expect(result.code, result.out).toBe(0);
      const applied = await holder.query(
        `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
      );
      expect(applied.rows[0].n).toBeGreaterThan(0);
    } finally {
      await holder.end();
      await dropPostgresDatabase(postgresAdminUrl(), name);
    }
  },
  120_000,
);
