// Runs in every service and integration test worker before the tests import lib/: points the in-process services at
// the run's database.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
Object.assign(process.env, inject("secrets"));
process.env.LOG_LEVEL = "silent";
process.env.LOG_SQL = "1"; // lets tests count statements (watchStatements in lib/db.ts)
