// Starts the leisure-card simulator, the mail catcher (in a folder of this run's) and the test stack (pointed at both)
// on the port playwright.config.ts points at; returns their teardown.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startLeisureCardSimulator } from "../scripts/leisure-card-simulator";
import { startMailCatcher } from "../scripts/mail-catcher";
import { startTestStack } from "../scripts/lib/test-stack";

/** The one provider the simulator approves from the start (e2e/admin-companies.spec.ts gives a company these). */
export const E2E_APPROVED_PROVIDER = {
  org_number: "559900-4711",
  giro_type: "BANKGIRO",
  giro_number: "5599-4711",
  api_key: "e2e-fk-key-approved",
} as const;

export default async function globalSetup() {
  // Tests may add approved providers and faults over its /__control endpoints (E2E_LEISURE_CARD_URL).
  const simulator = await startLeisureCardSimulator({ port: 0, approved: [{ ...E2E_APPROVED_PROVIDER }] });
  // The server sends to it (no SMTP_URL) and its Outbox reads the same folder; tests send to it too (E2E_MAIL_CATCHER_PORT).
  const catcher = await startMailCatcher({ port: 0, dir: fs.mkdtempSync(path.join(os.tmpdir(), "e2e-outbox-")) });
  try {
    const stack = await startTestStack({
      provider: "sqlite",
      port: Number(process.env.E2E_PORT || 3217),
      env: {
        LEISURE_CARD_API_URL: simulator.url,
        LEISURE_CARD_TIMEOUT_MS: "2000",
        MAIL_CATCHER_PORT: String(catcher.port),
        MAIL_CATCHER_DIR: catcher.dir,
        // Every browser in these tests comes from 127.0.0.1: give that one address the budget of a whole office, so
        // the failed sign-ins and form posts of many scenarios do not trip the per-IP limits (their own tests are in Vitest).
        RATE_LIMIT_LOGIN_IP_FAILS_PER_HOUR: "1000",
        RATE_LIMIT_PUBLIC_POST_PER_MIN: "1000",
        // Each scenario that seeds over /v3 fetches a token: more than 10 a minute (the default) when they run back to
        // back, and the eleventh got a 429 with no token, failing whichever test came next.
        RATE_LIMIT_TOKEN_BASIC_PER_MIN: "1000",
        // The webhooks screen's test delivers to a receiver of its own, on http://127.0.0.1 (only its company has
        // endpoints, so the other scenarios' events go nowhere).
        WEBHOOK_WORKER: "on",
        WEBHOOK_POLL_MS: "300",
        WEBHOOK_ALLOW_HTTP: "true",
        WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      },
    });
    process.env.E2E_DATABASE_URL = stack.databaseUrl;
    process.env.E2E_LEISURE_CARD_URL = simulator.url;
    process.env.E2E_MAIL_CATCHER_PORT = String(catcher.port);
    Object.assign(process.env, stack.secrets);
    return async () => {
      await stack.stop();
      await Promise.all([simulator.close(), catcher.close()]);
      fs.rmSync(catcher.dir, { recursive: true, force: true });
    };
  } catch (error) {
    await Promise.all([simulator.close(), catcher.close()]);
    throw error;
  }
}
