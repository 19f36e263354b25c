// `prisma migrate deploy` on PostgreSQL must exit as soon as it has said its result. Two things held it 10 s longer
// than its work, at every fresh database and every upgrade: the pg pool of prisma.config.ts (idle connections kept
// 10 s, and the CLI never closes it) and the schema engine's lock timer (lib/bootstrap/prisma-cli-preload.cjs).
// Runs on PostgreSQL on either run.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateDeployCommand } from "@/lib/migrate-deploy";
import { createMigratedDatabase } from "../../scripts/lib/test-stack";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;

beforeAll(async () => {
  database = await createMigratedDatabase("postgres");
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

it("exits once it has printed its result, not 10 s later", async () => {
  const { command, args, env } = migrateDeployCommand(database.url);
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let saidAt = 0;
  const onData = (chunk: Buffer) => {
    output += chunk;
    if (!saidAt && /No pending migrations to apply|successfully applied/.test(output)) saidAt = Date.now();
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code, output).toBe(0);
  expect(saidAt, output).toBeGreaterThan(0);
  // Nothing is left to do after the result: the margin is for a busy machine, well short of the 10 s idle timer.
  expect(Date.now() - saidAt).toBeLessThan(7_000);
}, 60_000);
