// Starts the test stack on the port playwright.config.ts points at; returns its teardown.
import { startTestStack } from "../scripts/lib/test-stack";

export default async function globalSetup() {
  const stack = await startTestStack({
    provider: "sqlite",
    port: Number(process.env.E2E_PORT || 3217),
    env: {
      // Every browser in these tests comes from 127.0.0.1: give that one address the budget of a whole office, so
      // the sign-ins and form posts of many scenarios do not trip the per-IP limits (their own tests are in Vitest).
      RATE_LIMIT_LOGIN_IP_PER_MIN: "1000",
      RATE_LIMIT_PUBLIC_POST_PER_MIN: "1000",
    },
  });
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  Object.assign(process.env, stack.secrets);
  return () => stack.stop();
}
