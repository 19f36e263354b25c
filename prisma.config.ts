// Prisma CLI configuration. DATABASE_URL picks the provider: file:... is SQLite, postgres(ql)://... is PostgreSQL.
// The JavaScript schema engine (engine: "js") runs offline; the classic binary engine would be downloaded.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { databaseProvider, defaultDatabaseUrl, privateSqliteFile } from "./lib/database-url";

// The schemas still name env("DATABASE_URL"), so the default must be in the environment too.
const url = (process.env.DATABASE_URL ||= defaultDatabaseUrl);
const provider = databaseProvider(url);

export default defineConfig({
  experimental: { adapter: true },
  schema: path.join("prisma", provider, "schema.prisma"),
  migrations: { path: path.join("prisma", provider, "migrations") },
  engine: "js",
  async adapter() {
    if (provider === "postgres") {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      // The CLI never closes this pool: pg's default keeps each idle connection (and so the process) for 10 s after
      // the last statement, which made every `prisma migrate deploy` take 10 s longer than its work. Idle connections
      // now stay open with nothing else keeping the process alive, so it exits once the command is done.
      return new PrismaPg({ connectionString: url, idleTimeoutMillis: 0, allowExitOnIdle: true });
    }
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSQLite3({ url: privateSqliteFile(url), timeout: 5000 });
  },
});
