// SQLite: the operator CLI waits its turn for the write lock instead of failing after the server's 5 s. Another process
// holds BEGIN IMMEDIATE for 8 s on a database of this file's own (on the suite's shared one it would hold up the
// other files' requests); the CLI's write goes through once the lock is let go.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMigratedDatabase } from "@/scripts/lib/test-stack";
import { cli } from "../helpers";

const HELD_MS = 8000;
let database: Awaited<ReturnType<typeof createMigratedDatabase>>;

beforeAll(async () => {
  if (inject("provider") === "sqlite") database = await createMigratedDatabase("sqlite");
});

afterAll(async () => {
  await database?.drop();
});

/** A process holding SQLite's write lock on `file` for `ms`; resolves once it holds it, with its exit. */
async function holdWriteLock(file: string, ms: number): Promise<{ exited: Promise<number | null> }> {
  const holder = spawn(
    process.execPath,
    [
      "-e",
      `const db = new (require("better-sqlite3"))(process.argv[1]); db.pragma("journal_mode = WAL"); db.exec("BEGIN IMMEDIATE"); console.log("held"); setTimeout(() => db.exec("COMMIT"), ${ms});`,
      file,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<number | null>((resolve) => holder.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.once("data", () => resolve());
    void exited.then((code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  return { exited };
}

describe.runIf(inject("provider") === "sqlite")("the operator CLI beside a writer", () => {
  it("waits past the server's 5 s busy timeout for the write lock, then writes", { timeout: 60_000 }, async () => {
    const lock = await holdWriteLock(database.url.slice("file:".length), HELD_MS);
    const started = Date.now();
    const created = cli(["company:create", "--name", "Väntande förening", "--org-number", "559900-1234"], {
      databaseUrl: database.url,
    });
    expect(created).toMatchObject({ code: 0, json: { name: "Väntande förening" } });
    expect(Date.now() - started).toBeGreaterThan(5000);
    expect(await lock.exited).toBe(0);
  });
});
