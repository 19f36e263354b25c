import type { NextConfig } from "next";

const nextConfig: NextConfig = {
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
};

export default nextConfig;
