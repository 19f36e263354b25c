// E2E fixtures: credentials made with the operator CLI, the way an operator would.
import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Runs an operator CLI command with --json against the test database; `input` is written to its stdin. It runs the
 * build's bundle of scripts/cli.ts (dist/cli.mjs, which Playwright's server needs built anyway): a scenario's fixtures
 * take several commands, and tsx compiling the CLI's sources at each start cost about twice the time.
 */
export function cli(args: string[], input?: string): unknown {
  const output = execFileSync(process.execPath, [path.resolve("dist/cli.mjs"), ...args, "--json"], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, LOG_LEVEL: "silent" },
    ...(input !== undefined ? { input } : {}),
  }).toString();
  return JSON.parse(output);
}
