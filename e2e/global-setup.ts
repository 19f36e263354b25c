// Starts the test stack on the port playwright.config.ts points at; returns its teardown.
import { startTestStack } from "../scripts/lib/test-stack";

export default async function globalSetup() {
  const stack = await startTestStack({ provider: "sqlite", port: Number(process.env.E2E_PORT || 3217) });
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  Object.assign(process.env, stack.secrets);
  return () => stack.stop();
}
