// The two providers' schemas describe one model, and each provider's migrations build exactly its schema.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "@/scripts/lib/postgres";

const prisma = path.resolve("node_modules/.bin/prisma");

function normalizedModel(provider: "sqlite" | "postgres"): string {
  return fs
    .readFileSync(path.join("prisma", provider, "schema.prisma"), "utf8")
    .replace(/output\s*=\s*"[^"]*"/, 'output = "<generated>"')
    .replace(/provider\s*=\s*"(sqlite|postgresql)"/, 'provider = "<provider>"');
}

function prismaCli(args: string[], databaseUrl: string): string {
  return execFileSync(prisma, args, {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "ignore"],
  }).toString();
}

/** The DDL Prisma derives from the schema alone, applied with the plain driver (`db push` idles a minute before exiting). */
async function applySchemaDirectly(provider: "sqlite" | "postgres", databaseUrl: string): Promise<void> {
  const schema = path.join("prisma", provider, "schema.prisma");
  const ddl = prismaCli(["migrate", "diff", "--from-empty", "--to-schema-datamodel", schema, "--script"], databaseUrl);
  if (provider === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(ddl).finally(() => client.end());
  } else {
    const sqlite = new Database(databaseUrl.slice("file:".length));
    sqlite.exec(ddl);
    sqlite.close();
  }
}

/** The introspected models, each with its lines sorted: PostgreSQL appends added columns, so order is not drift. */
function introspect(databaseUrl: string): string {
  const models = prismaCli(["db", "pull", "--print"], databaseUrl).replace(/^[\s\S]*?(?=^model )/m, "");
  return models.replace(/(^model \w+ \{\n)([\s\S]*?)(^\})/gm, (_, head: string, body: string, tail: string) =>
    head + body.split("\n").map((line) => line.trim().replace(/\s+/g, " ")).filter(Boolean).sort().join("\n") + "\n" + tail,
  );
}

describe("schema drift", () => {
  it("prisma/sqlite and prisma/postgres schemas differ only in provider and output", () => {
    expect(normalizedModel("postgres")).toBe(normalizedModel("sqlite"));
  });

  it("the committed migrations produce the same database as the schema itself", async () => {
    const provider = inject("provider");
    const migrated = introspect(inject("databaseUrl"));
    let fromSchemaUrl: string;
    let cleanup: () => Promise<void>;
    if (provider === "postgres") {
      const name = `drift_${Date.now()}`;
      fromSchemaUrl = await createPostgresDatabase(postgresAdminUrl(), name);
      cleanup = () => dropPostgresDatabase(postgresAdminUrl(), name);
    } else {
      const file = path.resolve("data", "test", `drift_${Date.now()}.db`);
      fromSchemaUrl = `file:${file}`;
      cleanup = async () => fs.rmSync(file, { force: true });
    }
    try {
      await applySchemaDirectly(provider, fromSchemaUrl);
      expect(migrated).toContain("model Company");
      expect(introspect(fromSchemaUrl)).toBe(migrated);
    } finally {
      await cleanup();
    }
  }, 120_000);
});
