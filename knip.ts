// npx knip: unused files, dependencies and exports (npm test runs it and fails on any finding). Its plugins find
// Next.js's app routes, proxy.ts and configs, Vitest's and Playwright's tests and setups, ESLint, PostCSS, Prisma's
// config, and the binaries package.json's scripts call (patch-package, prisma, tsx). Listed here is what they cannot
// see: programs started by path rather than imported.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: [
    // Compiled to dist/ by scripts/build-server.mjs, or run as `node scripts/…` / `tsx scripts/…`.
    "server.ts",
    "scripts/*.{ts,mjs}",
    // Started as child processes: the benchmark's C1 floor server, the rate-limit test's second instance, the sendout
    // workers (with their preload).
    "scripts/lib/bench-c1.mjs",
    // The bench's server on a named Node.js (`npm run bench -- --nodes`), with its preload (node --import).
    "scripts/lib/bench-serve.mjs",
    "scripts/lib/bench-node-preload.mjs",
    // Preloaded by `tsx --import` (scripts/profile-sendout.ts).
    "scripts/lib/without-server-only.mjs",
    "tests/fixtures/*.{ts,mjs}",
    // Started by path as worker threads (lib/mail/transport.ts, modules/imports/services/reader.ts,
    // modules/activities/services/lok-workbook.ts).
    "lib/mail/smtp-thread.mjs",
    "modules/imports/reader/sheet-thread.mjs",
    "modules/activities/workbook/lok-workbook-thread.mjs",
    // Type declarations of the plain .mjs modules, read by tsc beside them.
    "scripts/*.d.mts",
    "scripts/lib/*.d.mts",
    "lib/mail/*.d.mts",
    "modules/imports/reader/*.d.mts",
    // Copied beside the generated client types and type-checked by tests/integration/typed-client.test.ts.
    "tests/typed-client/program.ts",
  ],
  // Those generated types (tests/typed-client/program.ts imports them): they exist only while that test runs.
  ignoreUnresolved: ["./api"],
  project: ["**/*.{ts,tsx,mjs,mts,css,prisma}"],
  // The generated Prisma clients (lib/generated, not committed) import the runtime from @prisma/client.
  // The API document's linters and client generator are run as programs (scripts/lint-openapi.ts through npx,
  // tests/integration/typed-client.test.ts from node_modules/.bin), which knip does not follow.
  ignoreDependencies: ["@prisma/client", "@redocly/cli", "@stoplight/spectral-cli", "openapi-typescript"],
};

export default config;
