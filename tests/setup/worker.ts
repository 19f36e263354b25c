// Runs in every service and integration test worker before the tests import lib/: points the in-process services at
// the run's database.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
Object.assign(process.env, inject("secrets"));
process.env.LOG_LEVEL = "silent";
// Two workers write one SQLite file, and npm test runs them beside Playwright on two cores: a worker holding the write
// lock can wait for the CPU longer than the service's 5 s busy timeout (a SQLITE_BUSY "Operation has timed out" in CI).
process.env.SQLITE_BUSY_TIMEOUT_MS = "30000";
process.env.LOG_SQL = "1"; // lets tests count statements (watchStatements in lib/db.ts)
