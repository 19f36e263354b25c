import path from "node:path";
import { defineConfig } from "vitest/config";

// Three tiers (docs/developing.md, Tests): `unit` needs nothing; `service` calls the domains' services on a fresh migrated database and
// needs no build; `integration` talks HTTP to the built production server, which its global setup starts only when
// one of its files runs. TEST_DB=sqlite (default) or postgres picks the database of the last two.
/**
 * Integration files whose every path is the same on either database: the edge's bounds and headers, the import
 * reader's limits (a file is refused before anything is stored), next-auth's redirects, a generated client's types,
 * the demo seed's log, Redis's shared rate limits. The SQLite run has them; the PostgreSQL run would repeat them
 * exactly. A file that reaches the database in a way that can differ (a query, a trigger, a lock, a transaction's
 * isolation, a connection's loss) runs on both. migration-race.test.ts is the opposite case: PostgreSQL's only.
 */
const SAME_ON_EITHER_DATABASE = [
  "abuse",
  "auth-callback-url",
  "demo-credentials",
  "imports-bounds",
  "page-headers",
  "rate-limit-redis",
  "typed-client",
].map((name) => `tests/integration/${name}.test.ts`);

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
    // Two workers, or TEST_WORKERS: scripts/test.mjs gives the unit and service tiers one, beside Playwright.
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
          exclude: process.env.TEST_DB === "postgres" ? SAME_ON_EITHER_DATABASE : [],
          globalSetup: ["tests/setup/server.ts"],
          setupFiles: ["tests/setup/worker.ts"],
        },
      },
    ],
  },
});
