// E2E fixtures: credentials made with the operator CLI, the way an operator would.
import { execFileSync } from "node:child_process";
import path from "node:path";

/** Runs an operator CLI command with --json against the test database; `input` is written to its stdin. */
export function cli(args: string[], input?: string): unknown {
  const output = execFileSync(
    path.resolve("node_modules/.bin/tsx"),
    ["--conditions=react-server", "scripts/cli.ts", ...args, "--json"],
    {
      env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, LOG_LEVEL: "silent" },
      ...(input !== undefined ? { input } : {}),
    },
  ).toString();
  return JSON.parse(output);
}
