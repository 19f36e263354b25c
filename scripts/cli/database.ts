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

/** A command on the whole database and one FILE, which --force lets it overwrite (or replace the data with). */
function wholeDatabaseCommand<Result>(command: {
  name: string;
  summary: string;
  usage: string[];
  run: (databaseUrl: string, file: string, options: { force: boolean }) => Promise<Result>;
  human: (result: Result) => string;
}): CliCommand {
  return {
    name: command.name,
    summary: command.summary,
    usage: command.usage.join("\n"),
    options: { force: { type: "boolean" } },
    wholeDatabase: true,
    async run(values, positionals) {
      return command.run(env().DATABASE_URL, fileArgument(positionals), { force: values.force === true });
    },
    human: (result) => command.human(result as Result),
  };
}

export const databaseCommands: CliCommand[] = [
  wholeDatabaseCommand<BackupResult>({
    name: "db:backup",
    summary: "write a consistent backup of the database to FILE while the service runs (SQLite backup API / pg_dump)",
    usage: [
      "npm run cli -- db:backup FILE [--force]",
      "  SQLite: FILE is a SQLite database file. PostgreSQL: FILE is a pg_dump archive in custom format (needs pg_dump).",
      "  --force  overwrite FILE if it exists",
    ],
    run: backupDatabase,
    human: (r) => `Backed up the ${r.provider} database to ${r.file} (${r.format}, ${r.bytes} bytes).`,
  }),
  wholeDatabaseCommand<RestoreResult>({
    name: "db:restore",
    summary: "replace the database with the backup in FILE (refused when the database holds data, unless --force)",
    usage: [
      "npm run cli -- db:restore FILE [--force]",
      "  Restores a db:backup file of the same provider into DATABASE_URL. A database that holds no rows (new, or only",
      "  migrated) is restored into; one that holds rows is refused unless --force, which replaces everything in it.",
      "  Stop the service first.",
    ],
    run: restoreDatabase,
    human: (r) =>
      `Restored ${r.file} into the ${r.provider} database: ${Object.keys(r.tables).length} tables, ${r.rows} rows.`,
  }),
];
