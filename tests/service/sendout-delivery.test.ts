// Delivery of sendouts (modules/sendouts/services/delivery.ts) against a real SMTP server (tests/smtp-sink.ts): leases that
// keep two workers off one row, SENT only after the server accepted, retries after temporary refusals, failures after
// permanent ones, a pause honoured mid-batch, and the test copy. Processes, crashes and instances: the integration tier.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { closeMailTransport } from "@/lib/mail/transport";
import { operatorCaller } from "@/modules/access/services/caller";
import { createMember } from "@/modules/members/services/changes";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList } from "@/modules/lists/services/lists";
import { claimRecipients, runSendoutRound } from "@/modules/sendouts/services/delivery";
import { cancelSendout, pauseSendout, resumeSendout, sendSendout } from "@/modules/sendouts/services/states";
import { sendTestCopy } from "@/modules/sendouts/services/test-copy";
import { createSendout, getSendout } from "@/modules/sendouts/services/sendouts";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { newAdminUser } from "../dashboard-session";
import { useDatabaseOfOwn, waitFor, withDatabase } from "../process-fixtures";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";

const op = operatorCaller();
const settings = {
  SMTP_MAX_PER_SECOND: "0",
  SENDOUT_RETRY_BASE_MS: "100",
  SENDOUT_LEASE_SECONDS: "60",
  MAIL_FROM: "Förbundet <utskick@example.org>",
};
let sink: SmtpSink;
let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;

beforeAll(async () => {
  // A database of its own: a round claims the rows of every SENDING sendout, and other files' sendouts in a shared
  // database reached this file's SMTP sink (a refusal meant for this file's message hit another's).
  database = await useDatabaseOfOwn();
  sink = await startSmtpSink();
  // Read by lib/env.ts on its first call, which comes after this.
  Object.assign(process.env, settings, { SMTP_URL: sink.url });
});

afterAll(async () => {
  closeMailTransport();
  await sink.stop();
  for (const name of [...Object.keys(settings), "SMTP_URL"]) delete process.env[name];
  await database?.drop();
});

/** A SENDING sendout to `count` subscribers of one list (and, when `sent` is false, still a draft). */
async function sendoutTo(count: number, send = true) {
  const company = await makeCompany("Leveransföreningen");
  const list = await createList(op, { name: "Nyhetsbrev", company_id: company.id });
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = uniqueEmail("leverans");
    const member = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email, firstname: `Person${i}` }),
    );
    await setMemberSubscription(op, list.id, member.id, true);
    emails.push(email);
  }
  const sendout = await createSendout(
    op,
    CreateSendoutRequest.parse({
      company_id: company.id,
      list_ids: [list.id],
      subject: "Hej {{firstname}}",
      html: "<p>Välkommen på årsmöte</p>",
    }),
  );
  if (send) await sendSendout(op, sendout.id, {});
  return { sendout, list, emails };
}

const rowsOf = (sendoutId: number) => db().sendoutRecipient.findMany({ where: { sendoutId }, orderBy: { id: "asc" } });
/** A header as the message carried it (mailparser folds List-* headers into one structured value). */
const headerLine = (message: SmtpSink["received"][number], name: string) =>
  message.parsed.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();
const mailTo = (email: string) => sink.received.filter((m) => m.envelopeTo.includes(email));

/** Rounds until nothing is pending for `sendoutId` (retries wait their backoff). */
async function deliverAll(sendoutId: number, owner = "worker-a") {
  for (let round = 0; round < 100; round++) {
    await runSendoutRound(owner, () => false);
    if (!(await db().sendoutRecipient.count({ where: { sendoutId, status: "PENDING" } }))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("sendout did not finish");
}

describe("claiming", () => {
  it("gives each pending row to one worker, keeps a leased row until its lease ends, and skips paused sendouts and rows waiting to retry", async () => {
    const { sendout } = await sendoutTo(6);
    // Large batches: rows of other test files' sendouts (same database) are pending too.
    const [a, b] = await Promise.all([claimRecipients("a", 1000), claimRecipients("b", 1000)]);
    const mine = (rows: { id: number; sendoutId: number }[]) =>
      rows.filter((r) => r.sendoutId === sendout.id).map((r) => r.id);
    expect(new Set([...mine(a), ...mine(b)]).size).toBe(mine(a).length + mine(b).length);
    expect(mine(a).length + mine(b).length).toBe(6);
    expect(mine(await claimRecipients("c", 100))).toEqual([]);
    // The leases run out (a worker died): another worker takes every row.
    const later = new Date(Date.now() + 61_000);
    expect(mine(await claimRecipients("c", 100, later))).toHaveLength(6);

    const second = await sendoutTo(2);
    const [first] = await rowsOf(second.sendout.id);
    await db().sendoutRecipient.update({
      where: { id: first.id },
      data: { nextAttemptAt: new Date(Date.now() + 60_000) },
    });
    await pauseSendout(op, second.sendout.id);
    expect(mine(await claimRecipients("d", 100))).toEqual([]);
    expect((await claimRecipients("d", 100)).filter((r) => r.sendoutId === second.sendout.id)).toEqual([]);
    await resumeSendout(op, second.sendout.id);
    expect((await claimRecipients("d", 100)).filter((r) => r.sendoutId === second.sendout.id).map((r) => r.id)).toEqual(
      [first.id + 1],
    );
  });

  it("takes the oldest sendout's rows first, in the order they were added, whichever sendout was sent first", async () => {
    // Every row of the sendouts above is leased or waiting to retry: what can be claimed now is this test's.
    const older = await sendoutTo(3, false);
    const newer = await sendoutTo(3);
    await sendSendout(op, older.sendout.id, {});
    const olderRows = (await rowsOf(older.sendout.id)).map((r) => r.id);
    expect(Math.min(...olderRows)).toBeGreaterThan(Math.max(...(await rowsOf(newer.sendout.id)).map((r) => r.id)));
    expect((await claimRecipients("e", 2)).map((r) => r.id)).toEqual(olderRows.slice(0, 2));
    // The last of the older sendout's, then the newer's first (a batch is returned in id order).
    expect((await claimRecipients("e", 2)).map((r) => r.id)).toEqual([
      (await rowsOf(newer.sendout.id))[0].id,
      olderRows[2],
    ]);
  });
});

describe("claiming after a company is deleted", () => {
  it("takes none of its sendouts' rows", async () => {
    const { sendout } = await sendoutTo(2);
    await db().company.update({ where: { id: sendout.company_id }, data: { deletedAt: new Date() } });
    expect((await claimRecipients("e", 1000)).filter((r) => r.sendoutId === sendout.id)).toEqual([]);
  });
});

describe("delivery", () => {
  it("sends each recipient one message with a stable Message-ID and the unsubscribe headers, then marks the sendout SENT", async () => {
    const { sendout, list, emails } = await sendoutTo(3);
    await deliverAll(sendout.id);
    const rows = await rowsOf(sendout.id);
    expect(rows.map((r) => r.status)).toEqual(["SENT", "SENT", "SENT"]);
    for (const [i, email] of emails.entries()) {
      const [message, ...more] = mailTo(email);
      expect(more).toEqual([]);
      const row = rows.find((r) => r.email === email)!;
      expect(message.parsed.messageId).toBe(`<sendout-${sendout.id}-${row.id}@example.org>`);
      expect(message.parsed.subject).toBe(`Hej Person${i}`);
      expect(headerLine(message, "list-unsubscribe")).toMatch(
        new RegExp(`^<http.*/v3/subscription_list/unsubscribe/${list.uuid}/[0-9a-f-]{36}>$`),
      );
      expect(headerLine(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    }
    expect(await getSendout(op, sendout.id)).toMatchObject({
      status: "SENT",
      counts: { recipients: 3, sent: 3, failed: 0 },
    });
  });

  it("retries temporary refusals with backoff until the server takes them, and records permanent ones as FAILED", async () => {
    const { sendout, emails } = await sendoutTo(3);
    sink.failNext(2, 451);
    await runSendoutRound("worker-a", () => false);
    const afterFirst = await rowsOf(sendout.id);
    const waiting = afterFirst.filter((r) => r.status === "PENDING");
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row).toMatchObject({ attempts: 1, leaseOwner: null });
      expect(row.error).toMatch(/451/);
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() - 1000);
    }
    await deliverAll(sendout.id);
    expect((await rowsOf(sendout.id)).map((r) => r.status)).toEqual(["SENT", "SENT", "SENT"]);
    for (const email of emails) expect(mailTo(email)).toHaveLength(1);

    const refused = await sendoutTo(2);
    sink.failNext(1, 550);
    await deliverAll(refused.sendout.id);
    const rows = await rowsOf(refused.sendout.id);
    expect(rows.map((r) => r.status).sort()).toEqual(["FAILED", "SENT"]);
    expect(rows.find((r) => r.status === "FAILED")!.error).toMatch(/550/);
    expect(await getSendout(op, refused.sendout.id)).toMatchObject({
      status: "SENT",
      counts: { recipients: 2, sent: 1, failed: 1 },
    });
  });

  it("sends nothing to someone who opted out of everything after the recipients were fixed", async () => {
    const { sendout, emails } = await sendoutTo(2);
    await db().member.updateMany({ where: { email: emails[0] }, data: { globalOptOutAt: new Date() } });
    await deliverAll(sendout.id);
    expect(mailTo(emails[0])).toEqual([]);
    expect(mailTo(emails[1])).toHaveLength(1);
    const rows = await rowsOf(sendout.id);
    expect(rows.find((r) => r.email === emails[0])).toMatchObject({
      status: "FAILED",
      error: "member opted out of all mail before sending",
    });
  });

  it("keeps retrying while the server is down, and finishes once it is back", async () => {
    const { sendout, emails } = await sendoutTo(2);
    await sink.stop();
    await runSendoutRound("worker-a", () => false);
    expect(
      (await rowsOf(sendout.id)).every(
        (r) => r.status === "PENDING" && r.attempts === 1 && /ECONNREFUSED|connect/i.test(r.error ?? ""),
      ),
    ).toBe(true);
    await sink.restart();
    await deliverAll(sendout.id);
    for (const email of emails) expect(mailTo(email)).toHaveLength(1);
  });

  it("renews the lease on what it has not sent once a quarter of it has passed, and skips the rows another worker took meanwhile", async () => {
    const { sendout, emails } = await sendoutTo(20);
    const slow = sink.hold();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const round = runSendoutRound("worker-a", () => false);
      await vi.waitFor(() => expect(slow.waiting()).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
      // 40 s on, two thirds of the 60 s lease. Another worker holds the last five rows (as if the lease had run out).
      vi.setSystemTime(Date.now() + 40_000);
      const rows = await rowsOf(sendout.id);
      const taken = rows.slice(-5).map((row) => row.id);
      await db().sendoutRecipient.updateMany({
        where: { id: { in: taken } },
        data: { leaseOwner: "worker-b", leaseUntil: new Date(Date.now() + 60_000) },
      });
      slow.release();
      await round;
      expect(emails.slice(0, 15).map((email) => mailTo(email).length)).toEqual(Array(15).fill(1));
      expect(emails.slice(15).map((email) => mailTo(email).length)).toEqual(Array(5).fill(0));
      const after = await rowsOf(sendout.id);
      expect(after.filter((row) => taken.includes(row.id)).map((row) => [row.status, row.leaseOwner])).toEqual(
        Array(5).fill(["PENDING", "worker-b"]),
      );
      expect(after.filter((row) => row.status === "SENT")).toHaveLength(15);
    } finally {
      vi.useRealTimers();
      await cancelSendout(op, sendout.id);
    }
  });

  it("keeps the lease of the messages in flight while the SMTP server is slow to answer: no other worker takes them", async () => {
    const { sendout, emails } = await sendoutTo(10);
    const slow = sink.hold();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const round = runSendoutRound("worker-a", () => false);
      await vi.waitFor(() => expect(slow.waiting()).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
      // 80 s pass, more than the 60 s lease, while the server holds the messages under way: no lane gets to its next
      // message, so only the batch's timer can renew the lease (before it did not, and worker-b took every row).
      for (let step = 0; step < 4; step++) {
        vi.setSystemTime(Date.now() + 20_000);
        await vi.waitFor(
          async () => {
            const pending = (await rowsOf(sendout.id)).filter((row) => row.status === "PENDING");
            expect(
              pending.every((row) => row.leaseOwner === "worker-a" && row.leaseUntil!.getTime() > Date.now() + 40_000),
            ).toBe(true);
          },
          { timeout: 5000 },
        );
      }
      expect((await claimRecipients("worker-b", 100)).filter((row) => row.sendoutId === sendout.id)).toEqual([]);
      slow.release();
      await round;
      expect(emails.map((email) => mailTo(email).length)).toEqual(Array(10).fill(1));
      expect((await rowsOf(sendout.id)).map((row) => [row.status, row.leaseOwner])).toEqual(
        Array(10).fill(["SENT", null]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("goes on to the next batch while a message of the last one is slow: no lane waits for a batch's slowest message", async () => {
    // One more batch than fits in one claim (200 rows while unthrottled), the first recipient's message held.
    const { sendout, emails } = await sendoutTo(210);
    const [first] = await rowsOf(sendout.id);
    const slow = sink.hold(first.email);
    // The clock stands still, so the round's claim window (5 s) cannot close while the first batch is under way: on a
    // busy machine (CI) its 200 messages took longer than that, and the last 10 rows waited for the next round, after
    // the held message. That is the window's own rule, not the fault looked for here.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const round = runSendoutRound("worker-a", () => false);
      // Before, a round sent one batch and claimed the next only once the slowest message of it was answered: the
      // held message kept the recipients after its batch waiting.
      const others = emails.filter((email) => email !== first.email);
      // A guard against a hang, not a speed test: the fault this finds keeps them waiting until the held message is
      // released, however long that is. Polled on the real timers: vi.waitFor would move the stopped clock on.
      const unsent = () => others.filter((email) => mailTo(email).length === 0);
      await waitFor("every message but the held one", async () => unsent().length === 0, 90_000).catch(() => undefined);
      expect(unsent()).toEqual([]);
      expect(slow.waiting()).toBe(1);
      slow.release();
      await round;
    } finally {
      slow.release();
      vi.useRealTimers();
    }
    expect(emails.map((email) => mailTo(email).length)).toEqual(Array(210).fill(1));
    expect((await rowsOf(sendout.id)).map((row) => row.status)).toEqual(Array(210).fill("SENT"));
  }, 150_000);

  // PostgreSQL only: there another transaction can hold the rows while this process goes on. SQLite's writes block the
  // process (better-sqlite3 waits for the lock synchronously), so nothing can be sent meanwhile there.
  it.runIf(inject("provider") === "postgres")(
    "sends no more than the messages under way while their SENT marks cannot be written, so a crash can resend no more",
    async () => {
      const { sendout, emails } = await sendoutTo(30);
      const slow = sink.hold();
      const round = runSendoutRound("worker-a", () => false);
      await vi.waitFor(() => expect(slow.waiting()).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
      const accepted = () => emails.filter((email) => mailTo(email).length > 0).length;
      await withDatabase(database.url, async (query) => {
        await query("BEGIN");
        await query(`SELECT "id" FROM "SendoutRecipient" WHERE "sendoutId" = ${sendout.id} FOR UPDATE`);
        slow.release();
        await vi.waitFor(() => expect(accepted()).toBeGreaterThan(0));
        await new Promise((resolve) => setTimeout(resolve, 1500));
        // Each lane waits for its mark before its next message: accepted and unmarked at most twice the pool (the lanes).
        // Before, the lanes went on while the marks waited, and all 30 were accepted unmarked (a SIGKILL resent them all).
        expect(accepted()).toBeLessThanOrEqual(env().SMTP_POOL_SIZE * 2);
        await query("COMMIT");
      });
      await round;
      expect(emails.map((email) => mailTo(email).length)).toEqual(Array(30).fill(1));
      expect((await rowsOf(sendout.id)).map((row) => row.status)).toEqual(Array(30).fill("SENT"));
    },
  );

  it("sends nothing more once the worker stops, or the sendout is paused or cancelled, and hands the rows back at once", async () => {
    const { sendout } = await sendoutTo(3);
    await runSendoutRound("worker-a", () => true);
    const rows = await rowsOf(sendout.id);
    expect(rows.every((r) => r.status === "PENDING" && r.leaseOwner === null && r.attempts === 0)).toBe(true);
    await pauseSendout(op, sendout.id);
    await runSendoutRound("worker-a", () => false);
    expect((await getSendout(op, sendout.id)).counts.sent).toBe(0);
    await resumeSendout(op, sendout.id);
    await cancelSendout(op, sendout.id);
    await runSendoutRound("worker-a", () => false);
    expect(await getSendout(op, sendout.id)).toMatchObject({ status: "CANCELLED", counts: { recipients: 3, sent: 0 } });
    expect((await rowsOf(sendout.id)).map((r) => r.status)).toEqual(["PENDING", "PENDING", "PENDING"]);
  });

  it("sends a test copy to a staff address without touching anyone's delivery", async () => {
    const { sendout } = await sendoutTo(1, false);
    const { email: staff } = await newAdminUser("EDITOR");
    const result = await sendTestCopy(op, sendout.id, staff);
    const [copy] = mailTo(staff);
    expect(copy.parsed.subject).toBe("[Test] Hej Test");
    expect(copy.parsed.messageId).toBe(result.message_id);
    expect(result.message_id).toMatch(new RegExp(`^<sendout-${sendout.id}-0\\.test-[0-9a-f]+@example\\.org>$`));
    expect(await db().sendoutRecipient.count({ where: { sendoutId: sendout.id } })).toBe(0);
    sink.failNext(1, 550);
    await expect(sendTestCopy(op, sendout.id, staff)).rejects.toMatchObject({
      status: 500,
      message: expect.stringMatching(/^mail server refused the test copy: SMTP 550/),
    });
  });
});
