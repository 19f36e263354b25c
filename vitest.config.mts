import path from "node:path";
import { defineConfig } from "vitest/config";

// TEST_DB=sqlite (default) or postgres: the whole suite runs once per provider (scripts/test.mjs runs both).
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Tests call services directly, outside Next's server bundle: give them what the react-server condition gives.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/worker.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
