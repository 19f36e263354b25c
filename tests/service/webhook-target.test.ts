// Where webhooks may go (lib/services/webhook-target.ts) with the production rules: no private, loopback or local
// target, checked where the connection is made, so a name that resolves to 127.0.0.1 (localhost here; DNS rebinding
// elsewhere) is refused even when the URL got past the check at saving. http is allowed here only to need no TLS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWebhook } from "@/lib/services/webhook-target";
import { startWebhookReceiver, type WebhookReceiver } from "../webhook-receiver";

let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // Read by lib/env.ts on its first call, which comes after this.
  process.env.WEBHOOK_ALLOW_HTTP = "true";
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "false";
});

afterAll(async () => {
  await receiver.stop();
  delete process.env.WEBHOOK_ALLOW_HTTP;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
});

describe("a webhook target", () => {
  it("on a loopback address is never connected to, by address or by a name that resolves there", async () => {
    for (const url of [`http://127.0.0.1:${receiver.port}/hooks`, `http://[::ffff:127.0.0.1]:${receiver.port}/hooks`]) {
      expect(await postWebhook(url, {}, "{}"), url).toEqual({ statusCode: null, error: "target not allowed", durationMs: 0 });
    }
    // A name is judged by the address it resolves to when connecting (a public name may point at 127.0.0.1 later).
    const byName = await postWebhook(`http://localhost:${receiver.port}/hooks`, {}, "{}");
    expect(byName).toMatchObject({ statusCode: null, error: "target not allowed: localhost resolves to a private or loopback address" });
    expect(receiver.requests).toHaveLength(0);
  });
});
