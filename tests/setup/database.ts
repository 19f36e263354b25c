// Vitest global setup of the service tier: a fresh database of TEST_DB's provider (SQLite unless TEST_DB=postgres)
// with the committed migrations, and new secrets. No server and no build: the tests call the domains' services directly.
import type { TestProject } from "vitest/node";
import { createMigratedDatabase, testSecrets, type Provider } from "../../scripts/lib/test-stack";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    provider: Provider;
    secrets: Record<string, string>;
  }
}

export const testProvider = (): Provider => (process.env.TEST_DB === "postgres" ? "postgres" : "sqlite");

export default async function setup(project: TestProject) {
  const database = await createMigratedDatabase(testProvider());
  project.provide("databaseUrl", database.url);
  project.provide("provider", testProvider());
  project.provide("secrets", testSecrets());
  return () => database.drop();
}
