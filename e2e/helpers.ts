// E2E fixtures: credentials made with the operator CLI, the way an operator would.
import { execFileSync } from "node:child_process";
import path from "node:path";

export function cli(args: string[]): unknown {
  const output = execFileSync(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/cli.ts", ...args, "--json"], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, LOG_LEVEL: "silent" },
  }).toString();
  return JSON.parse(output);
}
