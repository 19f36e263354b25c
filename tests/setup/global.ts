// Vitest global setup: the test stack (fresh database of TEST_DB's provider, built server) for this run.
import type { TestProject } from "vitest/node";
import { startTestStack } from "../../scripts/lib/test-stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    provider: "sqlite" | "postgres";
    secrets: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startTestStack({ provider: process.env.TEST_DB === "postgres" ? "postgres" : "sqlite" });
  project.provide("baseUrl", stack.baseUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("provider", stack.provider);
  project.provide("secrets", stack.secrets);
  return () => stack.stop();
}
