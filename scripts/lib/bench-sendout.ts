// The sendout scenario of `npm run bench`: a sendout to every generated member (--members) into a local
// SMTP server, next to a bare nodemailer loop into the same server in the same run sending the same message (the
// ceiling of sending this mail from node on this machine; the old, smaller message is still measured); the time to fix its recipients (POST /v3/sendout/{id}/send writes them in one statement);
// the server's resident memory sampled during the send, which must stay bounded: the recipients are never all in
// memory. The SMTP server counts messages and their Message-IDs and parses nothing else.
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { SMTPServer } from "smtp-server";
import type Mail from "nodemailer/lib/mailer";
import { connectWithoutDelay } from "../../lib/mail/smtp-thread.mjs";
import { nodemailerMessage, type OutgoingMail } from "../../lib/mail/transport";
import { serverProcess } from "./bench-stack";

export interface CountingSmtp {
  url: string;
  received(): number;
  /** Distinct Message-IDs of sendout messages (`<sendout-…`). */
  distinctSendoutIds(): number;
  stop(): Promise<void>;
}

/** A real SMTP server that accepts everything and counts it, by Message-ID too (duplicates are what the send must avoid). */
export async function startCountingSmtp(): Promise<CountingSmtp> {
  let received = 0;
  const ids = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        received += 1;
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1];
        if (id?.startsWith("<sendout-")) ids.add(id);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
  );
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    distinctSendoutIds: () => ids.size,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The list every generated member of `rootId` with an address is subscribed to, and a key that may send to it. */
export async function prepareSendout(rootId: string) {
  const { db, refreshStatistics } = await import("../../lib/db");
  const { operatorCaller } = await import("../../modules/access/services/caller");
  const { createApiKey } = await import("../../modules/access/services/api-keys");
  const { createList } = await import("../../modules/lists/services/lists");
  const list = await createList(operatorCaller(), { name: "Medlemsbrevet", company_id: rootId });
  const started = performance.now();
  const subscribed = await db().$executeRaw`
    INSERT INTO "Subscription" ("listId", "memberId", "status", "source", "subscribedAt")
    SELECT ${list.id}, "id", 'SUBSCRIBED', 'API', ${new Date()} FROM "Member" WHERE "organizationId" = ${rootId} AND "email" IS NOT NULL`;
  const subscribeSeconds = (performance.now() - started) / 1000;
  // As after an import (modules/imports/services/run.ts) or autovacuum's ANALYZE in production: with the statistics of the
  // empty list, PostgreSQL sorted all of its subscriptions for each page of the dashboard's subscribers.
  await refreshStatistics(["Subscription"]);
  const key = await createApiKey(operatorCaller(), {
    name: "bench sendout",
    company_id: rootId,
    access: {
      modules: ["sendout", "subscription_list"],
      permissions: ["SENDOUT.U"],
      company_ids: [rootId],
      include_descendants: true,
    },
  });
  return { listId: list.id, subscribed, subscribeSeconds, key };
}

/** The server's default SMTP_POOL_SIZE, which the bare loop uses too. */
export const SMTP_POOL_SIZE = 4;

/** The sendout's subject, with a merge field like a real one. */
export const NEWSLETTER_SUBJECT = "Nyhetsbrev, {{firstname|medlem}}";

/** A newsletter body about the size of a real one (the rendered message is about 8 KB). */
export const NEWSLETTER_HTML =
  "<h2>Hej {{firstname|medlem}}!</h2>" +
  Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Stycke ${i + 1}: träningar, tävlingar och årsmötet. <a href="https://example.org/nyheter/${i}">Läs mer</a></p>`,
  ).join("");

/** The bare loop's `i`-th message. */
export type BareMessage = (i: number) => Mail.Options;

/**
 * The bare loop's message until the bench compared like with like: the newsletter four times over in a bare page,
 * "Hej!" as the text part, no List-Unsubscribe or other headers. Smaller and simpler than what the service sends (the
 * layout, a full plain-text part, the headers), so its rate was not the ceiling of sending the service's message. Still
 * run, so the old figure stays visible beside the new one.
 */
export const plainNewsletter: BareMessage = (i) => ({
  from: "Förbundet <utskick@example.org>",
  to: `bare${i}@example.org`,
  subject: "Nyhetsbrev",
  html: `<!doctype html><html><body>${NEWSLETTER_HTML.repeat(4)}</body></html>`,
  text: "Hej!",
  messageId: `<bare-${i}-${crypto.randomUUID()}@example.org>`,
});

/**
 * The service's message to one real recipient (scripts/lib/sendout-sample.ts), as sendMail hands it to nodemailer,
 * with only To and Message-ID varying: the ceiling of sending *this* mail from node, what the sendout is measured against.
 */
export function sameAsSendout(mail: OutgoingMail): BareMessage {
  const message = nodemailerMessage(mail);
  const domain = mail.messageId.slice(mail.messageId.lastIndexOf("@") + 1, -1);
  return (i) => ({ ...message, to: `bare${i}@example.org`, messageId: `<bare-${i}@${domain}>` });
}

export interface BareFigures {
  seconds: number;
  perSecond: number;
  /** This process's CPU per message (the counting SMTP server's included, as it is in the sendout's figure). */
  cpuMs: number;
}

/** Messages per second of a bare pooled nodemailer loop (same pool size, same SMTP server) sending `count` messages. */
export async function bareNodemailerRate(
  url: string,
  count: number,
  poolSize: number,
  message: BareMessage,
): Promise<BareFigures> {
  // The service's own socket setting (Nagle off, lib/mail/transport.ts), so the loop is the ceiling it can reach.
  const options: SMTPPool.Options = { pool: true, maxConnections: poolSize, getSocket: connectWithoutDelay };
  const transport = nodemailer.createTransport({ ...parseConnectionUrl(url), ...options });
  const started = performance.now();
  const cpu = process.cpuUsage();
  let next = 0;
  const worker = async () => {
    while (next < count) await transport.sendMail(message(next++));
  };
  await Promise.all(Array.from({ length: poolSize * 2 }, worker));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  transport.close();
  return { seconds, perSecond: count / seconds, cpuMs: (used.user + used.system) / 1000 / count };
}

export interface SendoutFigures {
  recipients: number;
  fixSeconds: number;
  sendSeconds: number;
  perSecond: number;
  received: number;
  distinct: number;
  peakServerRssMb: number;
  idleServerRssMb: number;
}

function serverRssMb(rootPid: number): number {
  return serverProcess(rootPid)?.rssMb ?? 0;
}

/**
 * Creates the sendout, sends it, and waits until it is SENT, sampling the server's RSS every 250 ms. It asks
 * `GET /v3/sendout/{id}` every `pollMs` (what a dashboard showing the progress does); without `pollMs` it waits until
 * the SMTP server has received one message a recipient and asks once (scripts/profile-sendout-server.ts weighs the poll).
 */
export async function measureSendout(
  base: string,
  auth: Record<string, string>,
  companyId: string,
  listId: number,
  sink: CountingSmtp,
  rootPid: number,
  pollMs?: number,
): Promise<SendoutFigures> {
  const headers = { ...auth, "content-type": "application/json" };
  const before = sink.received();
  const idleServerRssMb = serverRssMb(rootPid);
  const created = await fetch(`${base}/v3/sendout`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      company_id: companyId,
      list_ids: [listId],
      subject: NEWSLETTER_SUBJECT,
      html: NEWSLETTER_HTML,
    }),
  });
  if (created.status !== 201) throw new Error(`POST /v3/sendout: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  let peak = idleServerRssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb(rootPid))), 250);
  try {
    const started = performance.now();
    const sent = await fetch(`${base}/v3/sendout/${id}/send`, { method: "POST", headers, body: "{}" });
    const fixSeconds = (performance.now() - started) / 1000;
    if (sent.status !== 200) throw new Error(`POST /v3/sendout/${id}/send: ${sent.status} ${await sent.text()}`);
    const { recipients } = ((await sent.json()) as { counts: { recipients: number } }).counts;
    for (;;) {
      if (pollMs) await new Promise((r) => setTimeout(r, pollMs));
      else while (sink.received() - before < recipients) await new Promise((r) => setTimeout(r, 20));
      const view = (await (await fetch(`${base}/v3/sendout/${id}`, { headers: auth })).json()) as {
        status: string;
        counts: { recipients: number; sent: number; failed: number };
      };
      if (view.status === "SENT") {
        const sendSeconds = (performance.now() - started) / 1000;
        return {
          recipients: view.counts.recipients,
          fixSeconds,
          sendSeconds,
          perSecond: view.counts.sent / sendSeconds,
          received: sink.received() - before,
          distinct: sink.distinctSendoutIds(),
          peakServerRssMb: peak,
          idleServerRssMb,
        };
      }
      if (view.status !== "SENDING") throw new Error(`sendout ${id} is ${view.status}`);
    }
  } finally {
    clearInterval(sampler);
  }
}
