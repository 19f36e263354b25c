// CLI: the whole database: a backup to a file and a restore from one (lib/backup.ts, provider-specific).
import { backupDatabase, restoreDatabase, type BackupResult, type RestoreResult } from "../../lib/backup";
import { env } from "../../lib/env";
import { ValidationFailed } from "../../lib/errors";
import type { CliCommand } from "./types";

function fileArgument(positionals: string[]): string {
  const file = positionals[0];
  if (!file) throw new ValidationFailed({ file: ["required"] });
  return file;
}

export const databaseCommands: CliCommand[] = [
  {
    name: "db:backup",
    summary: "write a consistent backup of the database to FILE while the service runs (SQLite backup API / pg_dump)",
    usage: [
      "npm run cli -- db:backup FILE [--force]",
      "  SQLite: FILE is a SQLite database file. PostgreSQL: FILE is a pg_dump archive in custom format (needs pg_dump).",
      "  --force  overwrite FILE if it exists",
    ].join("\n"),
    options: { force: { type: "boolean" } },
    wholeDatabase: true,
    async run(values, positionals) {
      return backupDatabase(env().DATABASE_URL, fileArgument(positionals), { force: values.force === true });
    },
    human(result) {
      const r = result as BackupResult;
      return `Backed up the ${r.provider} database to ${r.file} (${r.format}, ${r.bytes} bytes).`;
    },
  },
  {
    name: "db:restore",
    summary: "replace the database with the backup in FILE (refused when the database holds data, unless --force)",
    usage: [
      "npm run cli -- db:restore FILE [--force]",
      "  Restores a db:backup file of the same provider into DATABASE_URL. A database that holds no rows (new, or only",
      "  migrated) is restored into; one that holds rows is refused unless --force, which replaces everything in it.",
      "  Stop the service first.",
    ].join("\n"),
    options: { force: { type: "boolean" } },
    wholeDatabase: true,
    async run(values, positionals) {
      return restoreDatabase(env().DATABASE_URL, fileArgument(positionals), { force: values.force === true });
    },
    human(result) {
      const r = result as RestoreResult;
      return `Restored ${r.file} into the ${r.provider} database: ${Object.keys(r.tables).length} tables, ${r.rows} rows.`;
    },
  },
];
