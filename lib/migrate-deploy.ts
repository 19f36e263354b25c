// Applies the committed migrations of the provider DATABASE_URL selects (prisma.config.ts picks the folder).
// Free of lib/db imports so test setups that cannot load the generated client can use it too.
import { execFileSync } from "node:child_process";
import path from "node:path";

export function applyMigrations(databaseUrl: string): void {
  const prisma = path.join(process.cwd(), "node_modules", ".bin", "prisma");
  execFileSync(prisma, ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
