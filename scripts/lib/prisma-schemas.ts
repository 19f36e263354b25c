// One hand-edited Prisma schema for both databases. prisma/sqlite/schema.prisma is the source; Prisma needs a schema
// file per provider, so prisma/postgres/schema.prisma is generated from it (committed, with a header saying so) by
// `npm run db:migration` (scripts/db-migration.ts); tests/integration/schema-drift.test.ts fails when it is stale.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { DatabaseProvider } from "../../lib/database-url";

const SCHEMA_SOURCE = "prisma/sqlite/schema.prisma";
export const GENERATED_POSTGRES_SCHEMA = "prisma/postgres/schema.prisma";

export function schemaPath(provider: DatabaseProvider): string {
  return provider === "sqlite" ? SCHEMA_SOURCE : GENERATED_POSTGRES_SCHEMA;
}

export function migrationsPath(provider: DatabaseProvider): string {
  return path.join("prisma", provider, "migrations");
}

const GENERATED_HEADER = `// GENERATED from ${SCHEMA_SOURCE} by \`npm run db:migration\` (scripts/lib/prisma-schemas.ts): do not edit.
// Edit that file and run \`npm run db:migration -- <name>\`; tests/integration/schema-drift.test.ts fails when this file
// is not what the source generates.
`;

/** Replaces the one match of `pattern` in `text`; a source that no longer has exactly one is an error, not a skip. */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const matches = text.match(new RegExp(pattern.source, "gm"));
  if (matches?.length !== 1)
    throw new Error(`${SCHEMA_SOURCE}: expected one match of ${pattern}, found ${matches?.length ?? 0}`);
  return text.replace(pattern, replacement);
}

/**
 * The PostgreSQL schema for the SQLite source: the same models, another client output and datasource provider. The
 * source's opening comment (which speaks of the source) gives way to the generated header.
 */
export function postgresSchemaFrom(source: string): string {
  let schema = source.replace(/^(\/\/.*\n)+\n*/, "");
  schema = replaceOnce(
    schema,
    /^(\s*output\s*=\s*)"\.\.\/\.\.\/lib\/generated\/sqlite"/m,
    '$1"../../lib/generated/postgres"',
  );
  schema = replaceOnce(schema, /^(\s*provider\s*=\s*)"sqlite"/m, '$1"postgresql"');
  return GENERATED_HEADER + "\n" + schema;
}

export function readSchema(provider: DatabaseProvider): string {
  return fs.readFileSync(schemaPath(provider), "utf8");
}

/** Writes the generated PostgreSQL schema from the source; true when it changed. */
export function writePostgresSchema(): boolean {
  const generated = postgresSchemaFrom(readSchema("sqlite"));
  if (fs.existsSync(GENERATED_POSTGRES_SCHEMA) && readSchema("postgres") === generated) return false;
  fs.writeFileSync(GENERATED_POSTGRES_SCHEMA, generated);
  return true;
}

/** Runs the Prisma CLI against `databaseUrl` (prisma.config.ts picks the provider and its driver adapter from it). */
export function prismaCli(args: string[], databaseUrl: string): string {
  return execFileSync(path.resolve("node_modules/.bin/prisma"), args, {
    env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  }).toString();
}

/** The schema Prisma reads back from a database (`db pull --print`), from its generator block on. */
export function introspectedSchema(databaseUrl: string): string {
  const printed = prismaCli(["db", "pull", "--print"], databaseUrl);
  const start = printed.search(/^generator /m);
  if (start < 0) throw new Error(`prisma db pull printed no schema for ${databaseUrl}`);
  return printed.slice(start);
}
