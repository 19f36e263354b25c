// Where webhooks may go (modules/webhooks/services/target.ts) with the production rules: no private, loopback or local
// target, checked where the connection is made, so a name that resolves to 127.0.0.1 (localhost here; DNS rebinding
// elsewhere) is refused even when the URL got past the check at saving. http is allowed here only to need no TLS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationFailed } from "@/lib/errors";
import { assertAllowedTarget, isInternalAddress, postWebhook } from "@/modules/webhooks/services/target";
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
      expect(await postWebhook(url, {}, "{}"), url).toEqual({
        statusCode: null,
        error: "target not allowed",
        durationMs: 0,
      });
    }
    // A name is judged by the address it resolves to when connecting (a public name may point at 127.0.0.1 later).
    const byName = await postWebhook(`http://localhost:${receiver.port}/hooks`, {}, "{}");
    expect(byName).toMatchObject({
      statusCode: null,
      error: "target not allowed: localhost resolves to a private or loopback address",
    });
    expect(receiver.requests).toHaveLength(0);
  });

  it("is judged by the class of its address, in any spelling: IPv4 carried in IPv6 is judged as that IPv4 or refused", async () => {
    // Loopback in the deprecated IPv4-compatible form, IPv4-translated, local-use NAT64, deprecated site-local.
    const spelled = [
      "https://[::127.0.0.1]/",
      "https://[::ffff:0:127.0.0.1]/",
      "https://[64:ff9b:1::7f00:1]/",
      "https://[fec0::1]/",
    ];
    for (const url of [
      ...spelled,
      "https://[2002:7f00:1::1]/",
      "https://[2001:0:4136:e378::1]/",
      "https://[100::1]/",
      "https://[2001:db8::1]/",
      "https://192.0.2.1/",
    ]) {
      let error: unknown;
      try {
        assertAllowedTarget(url);
      } catch (caught) {
        error = caught;
      }
      expect(error, url).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).errors, url).toEqual({
        url: ["must not be a private, loopback or local address"],
      });
      expect(await postWebhook(url, {}, "{}"), url).toEqual({
        statusCode: null,
        error: "target not allowed",
        durationMs: 0,
      });
    }
    // The same rule judges what a name resolves to when connecting (the socket's lookup calls it with each answer).
    for (const address of [
      "::7f00:1",
      "::ffff:0:7f00:1",
      "64:ff9b::a00:1",
      "64:ff9b:1::7f00:1",
      "fec0::1",
      "fc00::1",
      "fe80::1",
      "ff02::1",
      "::",
      "::1",
      "::ffff:10.0.0.1",
      "::ffff:a00:1",
      "0.0.0.0",
      "169.254.169.254",
      "not an address",
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of [
      "8.8.8.8",
      "::ffff:8.8.8.8",
      "::ffff:808:808",
      "2606:4700:4700::1111",
      "2a00:1450:4001:82b::200e",
    ]) {
      expect(isInternalAddress(address), address).toBe(false);
    }
    assertAllowedTarget("https://[2606:4700:4700::1111]/hooks");
    assertAllowedTarget("https://hooks.example.org/in");
    expect(receiver.requests).toHaveLength(0);
  });
});
