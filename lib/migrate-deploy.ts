// Applies the committed migrations of the provider DATABASE_URL selects (prisma.config.ts picks the folder).
// Free of lib/db imports so test setups that cannot load the generated client can use it too.
import { execFileSync } from "node:child_process";
import path from "node:path";

/** `prisma migrate deploy` on `databaseUrl`: the command, its arguments and its environment. */
export function migrateDeployCommand(databaseUrl: string) {
  const preload = path.join(process.cwd(), "lib", "bootstrap", "prisma-cli-preload.cjs");
  return {
    command: path.join(process.cwd(), "node_modules", ".bin", "prisma"),
    args: ["migrate", "deploy"],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${JSON.stringify(preload)}`].filter(Boolean).join(" "),
    },
  };
}

export function applyMigrations(databaseUrl: string): void {
  const { command, args, env } = migrateDeployCommand(databaseUrl);
  execFileSync(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
}
