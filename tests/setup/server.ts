// Vitest global setup of the integration tier: the leisure-card simulator and the test stack (fresh database of
// TEST_DB's provider, the built production server pointed at the simulator) for this run. Nothing is mocked.
import type { TestProject } from "vitest/node";
import { startLeisureCardSimulator } from "../../scripts/leisure-card-simulator";
import { startTestStack } from "../../scripts/lib/test-stack";
import { startSmtpSink } from "../smtp-sink";
import { testProvider } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    leisureCardUrl: string;
    leisureCardTimeoutMs: number;
  }
}

export default async function setup(project: TestProject) {
  // Tests add their own approved providers and faults over its /__control endpoints (scripts/leisure-card-simulator.ts).
  const simulator = await startLeisureCardSimulator({ port: 0, approved: [] });
  const leisureCardTimeoutMs = 1000;
  // The server's mail (test copies, confirmations) goes to a real SMTP server; tests that read mail start their own.
  const smtp = await startSmtpSink();
  const stack = await startTestStack({
    provider: testProvider(),
    env: {
      // A zone with an offset from UTC, so tests can tell server-local timestamps (spec 2.5) from UTC ones.
      TZ: "Europe/Stockholm",
      LEISURE_CARD_API_URL: simulator.url,
      LEISURE_CARD_TIMEOUT_MS: String(leisureCardTimeoutMs),
      SMTP_URL: smtp.url,
    },
  });
  project.provide("baseUrl", stack.baseUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("provider", stack.provider);
  project.provide("secrets", stack.secrets);
  project.provide("leisureCardUrl", simulator.url);
  project.provide("leisureCardTimeoutMs", leisureCardTimeoutMs);
  return async () => {
    await stack.stop();
    await simulator.close();
    await smtp.stop();
  };
}
