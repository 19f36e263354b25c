// Creating and dropping throwaway PostgreSQL databases (tests, benchmarks).
import pg from "pg";

/** The maintenance database on the local server; TEST_POSTGRES_URL overrides it. */
export function postgresAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
}

export async function createPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is unreachable at ${adminUrl}: ${(error as Error).message}`);
  }
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
