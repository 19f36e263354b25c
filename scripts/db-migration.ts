// npm run db:migration -- <name>: after an edit of prisma/sqlite/schema.prisma (the one hand-edited schema), writes
// prisma/postgres/schema.prisma from it and each provider's migration, prisma/<provider>/migrations/<stamp>_<name>/,
// then regenerates the clients. With nothing to migrate it writes no migration.
//
// How a migration is found: the committed migrations are applied to a throwaway database (a temporary SQLite file; a
// PostgreSQL database on 127.0.0.1:5432 that this script creates and drops), Prisma reads that database's schema
// back, and `prisma migrate diff` writes the SQL from it to the schema. This is the shadow database Prisma would use,
// played by hand: with a driver adapter in prisma.config.ts Prisma 6.19 refuses --shadow-database-url and --from-url,
// and its SQLite adapter cannot replay multi-statement migrations for --from-migrations.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { DatabaseProvider } from "../lib/database-url";
import { applyMigrations } from "../lib/migrate-deploy";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "./lib/postgres";
import { introspectedSchema, migrationsPath, prismaCli, schemaPath, writePostgresSchema } from "./lib/prisma-schemas";

const EMPTY_MIGRATION = "-- This is an empty migration.";

interface Throwaway {
  url: string;
  drop(): Promise<void>;
}

async function throwawayDatabase(provider: DatabaseProvider): Promise<Throwaway> {
  if (provider === "postgres") {
    const name = `db_migration_${Date.now()}`;
    const url = await createPostgresDatabase(postgresAdminUrl(), name);
    return { url, drop: () => dropPostgresDatabase(postgresAdminUrl(), name) };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "db-migration-"));
  return {
    url: `file:${path.join(folder, "shadow.db")}`,
    drop: async () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * SQLite cannot alter most column definitions, so Prisma rebuilds such a table (CREATE "new_X", copy, DROP, RENAME),
 * which drops the table's triggers: the cache-epoch triggers (lib/cache/README.md) would be gone without a word. Their
 * definitions as the committed migrations left them are appended; change them there when the change asks for it.
 */
function sqliteTriggersOfRebuiltTables(sql: string, databaseUrl: string): string {
  const rebuilt = [...sql.matchAll(/CREATE TABLE "new_(\w+)"/g)].map((match) => match[1]);
  if (!rebuilt.length) return "";
  const sqlite = new Database(databaseUrl.slice("file:".length), { readonly: true });
  try {
    const placeholders = rebuilt.map(() => "?").join(", ");
    const triggers = sqlite
      .prepare(`SELECT "sql" FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (${placeholders}) ORDER BY name`)
      .all(...rebuilt) as { sql: string }[];
    if (!triggers.length) return "";
    return `\n-- The rebuild above dropped these tables' triggers (${rebuilt.join(", ")}): re-created as they were.\n${triggers.map((t) => `${t.sql};`).join("\n")}\n`;
  } finally {
    sqlite.close();
  }
}

/** The SQL that takes a database built by the committed migrations to the provider's schema. */
async function pendingMigration(provider: DatabaseProvider): Promise<string> {
  const database = await throwawayDatabase(provider);
  const migrated = path.join(os.tmpdir(), `db-migration-${provider}-${process.pid}.prisma`);
  try {
    applyMigrations(database.url);
    fs.writeFileSync(migrated, introspectedSchema(database.url));
    const sql = prismaCli(
      [
        "migrate",
        "diff",
        "--from-schema-datamodel",
        migrated,
        "--to-schema-datamodel",
        schemaPath(provider),
        "--script",
      ],
      database.url,
    );
    if (sql.trim() === EMPTY_MIGRATION) return "";
    return provider === "sqlite" ? sql + sqliteTriggersOfRebuiltTables(sql, database.url) : sql;
  } finally {
    fs.rmSync(migrated, { force: true });
    await database.drop();
  }
}

async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("usage: npm run db:migration -- <name>   (lower-case letters, digits and _; e.g. add_list_footer)");
    process.exit(2);
  }
  if (writePostgresSchema()) console.log("wrote prisma/postgres/schema.prisma from prisma/sqlite/schema.prisma");
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const providers: DatabaseProvider[] = ["sqlite", "postgres"];
  const migrations: string[] = [];
  for (const provider of providers) migrations.push(await pendingMigration(provider));
  if (migrations.every((sql) => !sql)) {
    console.log("The migrations already build the schema: no migration written.");
  } else if (migrations.some((sql) => !sql)) {
    throw new Error(
      "one provider has a change to migrate and the other has none: the migration folders have drifted apart",
    );
  } else {
    providers.forEach((provider, i) => {
      const folder = path.join(migrationsPath(provider), `${stamp}_${name}`);
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, "migration.sql"), migrations[i]);
      console.log(`wrote ${folder}/migration.sql`);
    });
    console.log("Read both before committing. A column a cached page or view shows: see lib/cache/README.md.");
  }
  execFileSync("npm", ["run", "--silent", "db:generate"], { stdio: "inherit" });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
