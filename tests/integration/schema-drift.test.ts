// One schema for both databases: prisma/postgres/schema.prisma is what prisma/sqlite/schema.prisma generates, and each
// provider's migrations build exactly its schema.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "@/scripts/lib/postgres";
import {
  GENERATED_POSTGRES_SCHEMA,
  introspectedSchema,
  postgresSchemaFrom,
  prismaCli,
  readSchema,
  schemaPath,
} from "@/scripts/lib/prisma-schemas";

/** The DDL Prisma derives from the schema alone, applied with the plain driver (`db push` idles a minute before exiting). */
async function applySchemaDirectly(provider: "sqlite" | "postgres", databaseUrl: string): Promise<void> {
  const ddl = prismaCli(
    ["migrate", "diff", "--from-empty", "--to-schema-datamodel", schemaPath(provider), "--script"],
    databaseUrl,
  );
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
  const models = introspectedSchema(databaseUrl).replace(/^[\s\S]*?(?=^model )/m, "");
  return models.replace(
    /(^model \w+ \{\n)([\s\S]*?)(^\})/gm,
    (_, head: string, body: string, tail: string) =>
      head +
      body
        .split("\n")
        .map((line) => line.trim().replace(/\s+/g, " "))
        .filter(Boolean)
        .sort()
        .join("\n") +
      "\n" +
      tail,
  );
}

describe("schema drift", () => {
  it(`${GENERATED_POSTGRES_SCHEMA} is what prisma/sqlite/schema.prisma generates (else: npm run db:migration -- <name>)`, () => {
    expect(readSchema("postgres")).toBe(postgresSchemaFrom(readSchema("sqlite")));
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
