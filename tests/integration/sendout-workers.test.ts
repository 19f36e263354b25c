// Sendout delivery across processes, counted at a real SMTP server by Message-ID: a worker killed (SIGKILL) in the
// middle of a 1,000-recipient sendout and started again finishes it, every recipient gets it and only the messages in
// flight may arrive twice; two workers (two instances) on one database send each recipient exactly one message. On
// PostgreSQL the two instances share the pg-boss queue; on SQLite they share the file. The workers are
// tests/fixtures/sendout-worker.ts processes, started as the server starts its worker, on a database of this file's
// own (a worker takes every sendout it finds).
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { sendSendout } from "@/modules/sendouts/services/states";
import { createSendout, getSendout } from "@/modules/sendouts/services/sendouts";
import { createList } from "@/modules/lists/services/lists";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { makeCompany } from "../helpers";
import { useDatabaseOfOwn, waitFor } from "../process-fixtures";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";

const op = operatorCaller();
const POOL_SIZE = 4;
let sink: SmtpSink;
let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;
const workers: ChildProcess[] = [];
/** What each worker printed (shown when one does not end as expected). */
const outputs = new WeakMap<ChildProcess, () => string>();

beforeAll(async () => {
  database = await useDatabaseOfOwn();
  sink = await startSmtpSink();
});

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
  await sink?.stop();
  await database?.drop();
});

/** A worker process; resolves once it runs. */
async function startWorker(): Promise<ChildProcess> {
  // One node process (tsx as a loader, not its CLI, which would run the script in a child a SIGKILL would miss).
  const child = spawn(
    process.execPath,
    ["--import", "./tests/fixtures/server-modules.mjs", "--import", "tsx", "tests/fixtures/sendout-worker.ts"],
    {
      env: {
        ...process.env,
        ...inject("secrets"),
        DATABASE_URL: database.url,
        SMTP_URL: sink.url,
        SMTP_POOL_SIZE: String(POOL_SIZE),
        SMTP_MAX_PER_SECOND: "0",
        SENDOUT_POLL_MS: "200",
        SENDOUT_LEASE_SECONDS: "3",
        MAIL_FROM: "Förbundet <utskick@example.org>",
        LOG_LEVEL: "warn",
        LOG_SQL: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  workers.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  outputs.set(child, () => output);
  await waitFor(
    "the worker to start",
    async () => {
      if (child.exitCode !== null) throw new Error(`the worker exited: ${output}`);
      return output.includes("ready");
    },
    60_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  return child;
}

/** A SENDING sendout to `count` subscribers, written in bulk (the API path is another test's). */
async function sendoutTo(count: number) {
  const company = await makeCompany("Massutskick");
  const list = await createList(op, { name: "Alla", company_id: company.id });
  const tag = crypto.randomBytes(4).toString("hex");
  const people = Array.from({ length: count }, (_, i) => ({
    uuid: crypto.randomUUID(),
    organizationId: company.id,
    email: `massa-${tag}-${i}@example.org`,
    firstname: `P${i}`,
  }));
  await db().member.createMany({ data: people });
  const members = await db().member.findMany({ where: { organizationId: company.id }, select: { id: true } });
  await db().subscription.createMany({
    data: members.map((m) => ({ listId: list.id, memberId: m.id, status: "SUBSCRIBED", source: "ADMIN" })),
  });
  const sendout = await createSendout(
    op,
    CreateSendoutRequest.parse({
      company_id: company.id,
      list_ids: [list.id],
      subject: "Till alla",
      html: "<p>Hej {{firstname}}</p>",
    }),
  );
  await sendSendout(op, sendout.id, {});
  return { id: sendout.id, emails: people.map((p) => p.email) };
}

/** This sendout's messages at the sink: by Message-ID, and by recipient. */
function arrivals(sendoutId: number) {
  const mine = sink.received.filter((m) => m.parsed.messageId?.startsWith(`<sendout-${sendoutId}-`));
  const perId = new Map<string, number>();
  for (const m of mine) perId.set(m.parsed.messageId!, (perId.get(m.parsed.messageId!) ?? 0) + 1);
  return { total: mine.length, distinct: perId.size, recipients: new Set(mine.map((m) => m.envelopeTo[0])) };
}

const finished = (id: number) =>
  waitFor(`sendout ${id} to finish`, async () => (await getSendout(op, id)).status === "SENT", 150_000);

describe("sendout workers", () => {
  it(
    "finish a 1,000-recipient sendout after a SIGKILL mid-way; only the messages in flight may arrive twice",
    { timeout: 240_000 },
    async () => {
      const sendout = await sendoutTo(1000);
      const first = await startWorker();
      await waitFor("some messages", async () => arrivals(sendout.id).total >= 300, 120_000);
      first.kill("SIGKILL");
      await new Promise((resolve) => first.once("exit", resolve));
      const beforeRestart = arrivals(sendout.id).total;
      expect(beforeRestart).toBeLessThan(1000);
      const second = await startWorker();
      await finished(sendout.id);
      const { total, distinct, recipients } = arrivals(sendout.id);
      expect(distinct).toBe(1000);
      expect(recipients).toEqual(new Set(sendout.emails));
      // At most the messages a worker has under way (two per pooled connection) were accepted and not yet marked SENT.
      expect(total - distinct).toBeLessThanOrEqual(POOL_SIZE * 2);
      expect((await getSendout(op, sendout.id)).counts).toMatchObject({ recipients: 1000, sent: 1000, failed: 0 });
      // An idle worker keeps running until told to stop, as the server's does. The stand-in once ended by itself when
      // its work was done (its poll timer is unref'd, and on SQLite nothing else held it open); a SIGTERM that arrived
      // while it was ending killed it by signal, which failed this test now and then.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect([second.exitCode, second.signalCode], outputs.get(second)!()).toEqual([null, null]);
      // SIGTERM: the worker stops claiming, finishes what is in flight and exits cleanly (its output shown if not).
      const end = new Promise<[number | null, string | null]>((resolve) =>
        second.once("exit", (code, signal) => resolve([code, signal])),
      );
      second.kill("SIGTERM");
      expect(await end, outputs.get(second)!()).toEqual([0, null]);
    },
  );

  it("two instances send each of 1,000 recipients exactly one message", { timeout: 240_000 }, async () => {
    const sendout = await sendoutTo(1000);
    await Promise.all([startWorker(), startWorker()]);
    await finished(sendout.id);
    const { total, distinct, recipients } = arrivals(sendout.id);
    expect([total, distinct, recipients.size]).toEqual([1000, 1000, 1000]);
    const owners = await db().sendoutRecipient.groupBy({
      by: ["status"],
      where: { sendoutId: sendout.id },
      _count: { _all: true },
    });
    expect(owners).toEqual([{ status: "SENT", _count: { _all: 1000 } }]);
  });
});
