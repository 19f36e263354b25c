import path from "node:path";
import { defineConfig } from "vitest/config";

// Three tiers (docs/developing.md, Tests): `unit` needs nothing; `service` calls the domains' services on a fresh migrated database and
// needs no build; `integration` talks HTTP to the built production server, which its global setup starts only when
// one of its files runs. TEST_DB=sqlite (default) or postgres picks the database of the last two.
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Tests call services directly, outside Next's server bundle: give them what the react-server condition gives.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    // A guard against hangs, not a speed test: npm test runs two suites side by side on two cores, so a test that
    // spawns processes (the CLI's tsx) can take twice its time on a quiet machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two workers, or TEST_WORKERS: scripts/test.mjs runs two Vitest runs beside Playwright.
    maxWorkers: Number(process.env.TEST_WORKERS || 2),
    setupFiles: ["tests/setup/fast-check.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "service",
          include: ["tests/service/**/*.test.ts"],
          globalSetup: ["tests/setup/database.ts"],
          setupFiles: ["tests/setup/worker.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/server.ts"],
          setupFiles: ["tests/setup/worker.ts"],
        },
      },
    ],
  },
});
