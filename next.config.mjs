// JavaScript, not next.config.ts: Next compiles a TypeScript config with its SWC native binding at every server start,
// and that binding then stays mapped for the life of the process (about 23 MB resident). A JavaScript config is
// imported as it is.
/** @type {import("next").NextConfig} */
const nextConfig = {
  // Native modules and the Prisma runtime load from node_modules at run time instead of being bundled.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "@prisma/client",
    "pg",
    "pino",
    "@node-rs/argon2",
    "ioredis",
    "rate-limiter-flexible",
  ],
  poweredByHeader: false,
  // npm test type-checks the whole project (tests included) with tsc before it builds; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
  // Load each route's code on its first request instead of all of them at start: the routes a deployment never serves
  // (most of the dashboard, for an API-only one) cost no memory. The first request to a route pays its loading once.
  experimental: { preloadEntriesOnStart: false },
};

export default nextConfig;
