// Operator CLI: npm run cli -- <command> [options] [--json]. `npm run cli -- help` lists the commands. Every command
// calls the services as the operator (operatorCaller: all modules, permissions and companies), through the same
// checks and schemas as the API and the dashboard.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { errorOutcome } from "../lib/errors";
import { disconnectDb, prepareDatabase } from "../lib/db";
import { env } from "../lib/env";
import { applyPendingMigrations } from "../lib/bootstrap/migrations";
import type { CliCommand } from "./cli/types";
import { accessCommands } from "./cli/access";
import { companyCommands } from "./cli/company";
import { databaseCommands } from "./cli/database";
import { memberCommands } from "./cli/member";
import { subscriptionCommands } from "./cli/subscription";

const commands: CliCommand[] = [
  ...accessCommands,
  ...companyCommands,
  ...memberCommands,
  ...subscriptionCommands,
  ...databaseCommands,
];

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "Usage: npm run cli -- <command> [options] [--json]",
    "",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "npm run cli -- <command> --help shows a command's options.",
  ].join("\n");
}

/**
 * A command waits up to 30 s for SQLite's write lock (the server's own writes wait 5 s): beside a busy server (or
 * another instance) a batch command such as member:generate waited past 5 s for a turn and failed with "database
 * unavailable", where waiting its turn was all it needed. SQLITE_BUSY_TIMEOUT_MS still says otherwise.
 */
const CLI_SQLITE_BUSY_TIMEOUT_MS = "30000";

async function main(argv: string[]): Promise<number> {
  process.env.SQLITE_BUSY_TIMEOUT_MS ??= CLI_SQLITE_BUSY_TIMEOUT_MS;
  const [name, ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.log(usage());
    return name && name !== "help" ? 2 : 0;
  }
  const config: ParseArgsConfig = {
    args: rest,
    options: { ...command.options, json: { type: "boolean" }, help: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  };
  let parsed;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${command.usage}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(command.usage);
    return 0;
  }
  const asJson = Boolean(parsed.values.json);
  try {
    if (!command.wholeDatabase) {
      await applyPendingMigrations(env().DATABASE_URL);
      await prepareDatabase();
    }
    const result = await command.run(parsed.values as Record<string, string | boolean | undefined>, parsed.positionals);
    await print(asJson ? JSON.stringify(result, null, 2) : command.human(result));
    return 0;
  } catch (error) {
    // The same outcome the API would answer (status and the spec's body), so operators read the same words.
    const outcome = errorOutcome(error);
    if (!outcome) throw error;
    if (asJson) await print(JSON.stringify({ status: outcome.status, ...outcome.body }, null, 2));
    else console.error(`error: ${"reason" in outcome.body ? outcome.body.reason : "expired"}`);
    return 1;
  } finally {
    await disconnectDb();
  }
}

/**
 * Writes to stdout and waits until the text is handed to the operating system: process.exit would otherwise cut a long
 * list short when stdout is a pipe (`npm run cli -- api-key:list --json | jq`).
 */
function print(text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(`${text}\n`, (error) => (error ? reject(error) : resolve())),
  );
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
