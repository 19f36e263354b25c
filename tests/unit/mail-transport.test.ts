// The transport against a real SMTP server: what arrives (headers, both parts, the one-click unsubscribe pair) and how
// the server's refusals are classified, which decides whether delivery retries or records.
import type { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";

let sink: SmtpSink;
let mail: typeof import("@/lib/mail/transport");

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  process.env.MAIL_FROM = "Förbundet <utskick@example.org>";
  process.env.SECRETS_FILE = `/tmp/mail-transport-${process.pid}.json`;
  mail = await import("@/lib/mail/transport");
});

afterAll(async () => {
  mail.closeMailTransport();
  await sink.stop();
});

describe("sendMail", () => {
  it("delivers both parts with the Message-ID, the sender's name and the one-click unsubscribe headers", async () => {
    const sent = await mail.sendMail({
      to: "anna@example.org",
      subject: "Nyhetsbrev – november",
      html: "<p>Hej Anna!</p>",
      text: "Hej Anna!",
      messageId: "<sendout-1-2@example.org>",
      fromName: "Skid-IF",
      replyTo: "kansli@example.org",
      listUnsubscribeUrl: "https://example.org/v3/subscription_list/unsubscribe/L/M",
    });
    expect(sent.messageId).toBe("<sendout-1-2@example.org>");
    const [received] = await sink.waitFor(1);
    expect(received.envelopeTo).toEqual(["anna@example.org"]);
    expect(received.parsed.subject).toBe("Nyhetsbrev – november");
    expect(received.parsed.messageId).toBe("<sendout-1-2@example.org>");
    expect(received.parsed.from?.value).toEqual([{ name: "Skid-IF", address: "utskick@example.org" }]);
    expect(received.parsed.replyTo?.text).toBe("kansli@example.org");
    expect(received.parsed.html).toContain("<p>Hej Anna!</p>");
    expect(received.parsed.text?.trim()).toBe("Hej Anna!");
    expect(received.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/example\.org\/v3\/subscription_list\/unsubscribe\/L\/M>\r?$/m,
    );
    expect(received.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it("keeps a pool of connections: 12 messages at once open at most SMTP_POOL_SIZE (4), not one each", async () => {
    const before = sink.connections();
    const arrived = sink.received.length;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        mail.sendMail({
          to: `pool${i}@example.org`,
          subject: "s",
          html: "<p>x</p>",
          text: "x",
          messageId: `<pool-${i}@example.org>`,
        }),
      ),
    );
    await sink.waitFor(arrived + 12);
    // Before, createTransport(url, options) took the options for message defaults: a new connection per message,
    // no pool and no rate limit.
    expect(sink.connections() - before).toBeLessThanOrEqual(4);
  });

  it("calls a 4xx temporary and a 5xx permanent", async () => {
    const message = { to: "b@example.org", subject: "s", html: "<p>x</p>", text: "x", messageId: "<x-1@example.org>" };
    sink.failNext(1, 451);
    await expect(mail.sendMail(message)).rejects.toMatchObject({
      name: "MailDeliveryError",
      permanent: false,
      responseCode: 451,
    });
    sink.failNext(1, 550);
    await expect(mail.sendMail(message)).rejects.toMatchObject({ permanent: true, responseCode: 550 });
  });

  it("calls an unreachable server temporary, as often as it is tried (failed connections free their pool slots)", async () => {
    await sink.stop();
    try {
      // More attempts than the pool has connections: the fifth waited for ever when failures kept their slots.
      for (let i = 0; i < 6; i++) {
        await expect(
          mail.sendMail({
            to: "c@example.org",
            subject: "s",
            html: "<p>x</p>",
            text: "x",
            messageId: `<x-2-${i}@example.org>`,
          }),
        ).rejects.toMatchObject({ permanent: false });
      }
    } finally {
      await sink.restart();
    }
  });

  describe("the SMTP thread", () => {
    const message = (n: number) => ({
      to: `t${n}@example.org`,
      subject: "s",
      html: "<p>x</p>",
      text: "x",
      messageId: `<thread-${n}@example.org>`,
    });
    const mailThread = () => (globalThis as unknown as { __mailSender: { thread: Worker } }).__mailSender.thread;

    it("fails the messages under way as temporary when the thread dies, and the next message starts a new one", async () => {
      await mail.sendMail(message(1));
      const held = sink.hold();
      const underWay = mail.sendMail(message(2));
      await vi.waitFor(() => expect(held.waiting()).toBe(1));
      const dead = mailThread();
      await dead.terminate();
      await expect(underWay).rejects.toMatchObject({ name: "MailDeliveryError", permanent: false });
      held.release();
      const arrived = sink.received.length;
      await mail.sendMail(message(3));
      expect(mailThread()).not.toBe(dead);
      expect((await sink.waitFor(arrived + 1)).at(-1)!.parsed.messageId).toBe("<thread-3@example.org>");
    });

    it("reports the message under way as sent when the pool is closed meanwhile, then ends", async () => {
      await mail.sendMail(message(4));
      const thread = mailThread();
      const ended = new Promise((resolve) => thread.once("exit", resolve));
      const held = sink.hold();
      const underWay = mail.sendMail(message(5)).then(
        () => "sent",
        (error: { permanent: boolean }) => (error.permanent ? "permanent" : "temporary"),
      );
      await vi.waitFor(() => expect(held.waiting()).toBe(1));
      mail.closeMailTransport();
      held.release();
      // The server accepted it. When the thread stopped listening at once, the answer was lost and the message called a
      // temporary failure, which a sendout would have sent again.
      expect(await underWay).toBe("sent");
      await ended;
    });
  });
});
