// A sendout of more than one batch (lib/services/sendout-delivery.ts, 200 recipients a batch when unthrottled) against a
// real SMTP server that can hold back its answer to one message (tests/smtp-sink.ts): a round claims the next batch
// while the last messages of the current one are in flight, so the pool does not drain between batches, and a pause
// still stops it within about a second; a row whose lease is no longer fresh is renewed before its message goes out.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeMailTransport } from "@/lib/mail/transport";
import { operatorCaller } from "@/lib/services/caller";
import { createMember } from "@/lib/services/member-changes";
import { claimRecipients } from "@/lib/services/sendout-claims";
import { runSendoutRound } from "@/lib/services/sendout-delivery";
import { pauseSendout, sendSendout } from "@/lib/services/sendout-states";
import { createSendout } from "@/lib/services/sendouts";
import { setMemberSubscription } from "@/lib/services/subscribers";
import { createList } from "@/lib/services/subscription-lists";
import { CreateMemberRequest } from "@/lib/validation/member";
import { CreateSendoutRequest } from "@/lib/validation/sendout";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";
import { useDatabaseOfOwn } from "../process-fixtures";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";

const op = operatorCaller();
// A short lease: fresh (sent without renewing it) for its first tenth, a second.
const settings = { SMTP_MAX_PER_SECOND: "0", SENDOUT_LEASE_SECONDS: "10", MAIL_FROM: "Förbundet <utskick@example.org>" };
/** More than one batch (200). */
const RECIPIENTS = 230;
let sink: SmtpSink;
let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;

beforeAll(async () => {
  // A database of its own: a round claims the rows of every SENDING sendout.
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

/** A SENDING sendout to `count` subscribers of one list, and their addresses in the order of their rows. */
async function sendoutTo(count = RECIPIENTS) {
  const company = await makeCompany("Batchföreningen");
  const list = await createList(op, { name: "Nyhetsbrev", company_id: company.id });
  for (let i = 0; i < count; i++) {
    const member = await createMember(op, CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("batch"), firstname: `Person${i}` }));
    await setMemberSubscription(op, list.id, member.id, true);
  }
  const sendout = await createSendout(op, CreateSendoutRequest.parse({ company_id: company.id, list_ids: [list.id], subject: "Hej {{firstname}}", html: "<p>Årsmöte</p>" }));
  await sendSendout(op, sendout.id, {});
  const rows = await db().sendoutRecipient.findMany({ where: { sendoutId: sendout.id }, orderBy: { id: "asc" } });
  return { sendout, emails: rows.map((r) => r.email) };
}

const arrived = (emails: string[]) => emails.filter((email) => sink.received.some((m) => m.envelopeTo.includes(email)));

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  for (const end = Date.now() + timeoutMs; !condition(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms`);
  }
}

it("claims the next batch while a message of the current one is still in flight", async () => {
  const { sendout, emails } = await sendoutTo();
  // The first recipient's message is held: every other one, the next batch's too, goes out meanwhile in the same round.
  const release = sink.hold(emails[0]);
  const round = runSendoutRound("worker-a", () => false);
  try {
    await until(() => arrived(emails.slice(1)).length === RECIPIENTS - 1, 30_000);
  } finally {
    release();
  }
  await round;
  expect(await db().sendoutRecipient.count({ where: { sendoutId: sendout.id, status: "SENT" } })).toBe(RECIPIENTS);
  for (const email of emails) expect(sink.received.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
}, 120_000);

it("stops within about a second of a pause in the next batch too, and hands back the rows it holds", async () => {
  const { sendout, emails } = await sendoutTo();
  // The next batch's first messages, one per lane, are held: every lane waits on one when the sendout is paused.
  const lanes = 8;
  const held = emails.slice(200, 200 + lanes);
  const releases = held.map((email) => sink.hold(email));
  const round = runSendoutRound("worker-a", () => false);
  try {
    await until(() => arrived(emails.slice(0, 200)).length === 200, 30_000);
    await pauseSendout(op, sendout.id);
    // The state is read again at most once a second: after that no lane takes another row.
    await new Promise((r) => setTimeout(r, 1500));
  } finally {
    for (const release of releases) release();
  }
  await round;
  expect(arrived(emails)).toEqual([...emails.slice(0, 200), ...held]);
  const rows = await db().sendoutRecipient.findMany({ where: { sendoutId: sendout.id }, orderBy: { id: "asc" } });
  expect(rows.filter((r) => r.status === "SENT")).toHaveLength(200 + lanes);
  expect(rows.slice(200 + lanes).every((r) => r.status === "PENDING" && r.leaseOwner === null && r.attempts === 0)).toBe(true);
}, 120_000);

it("renews a lease no longer fresh before sending, and skips the rows another worker has taken over", async () => {
  const { sendout, emails } = await sendoutTo(20);
  // Every lane waits on a held message past the lease's fresh second; meanwhile worker b takes the rest over (as if
  // worker a's lease had run out).
  const lanes = 8;
  const releases = emails.slice(0, lanes).map((email) => sink.hold(email));
  const round = runSendoutRound("worker-a", () => false);
  try {
    await new Promise((r) => setTimeout(r, 1500));
    const takenOver = (await claimRecipients("worker-b", 1000, new Date(Date.now() + 11_000))).filter((r) => r.sendoutId === sendout.id);
    expect(takenOver.length).toBeGreaterThanOrEqual(20 - lanes);
  } finally {
    for (const release of releases) release();
  }
  await round;
  expect(arrived(emails)).toEqual(emails.slice(0, lanes));
  const rows = await db().sendoutRecipient.findMany({ where: { sendoutId: sendout.id }, orderBy: { id: "asc" } });
  expect(rows.slice(lanes).every((r) => r.status === "PENDING" && r.leaseOwner === "worker-b")).toBe(true);
}, 120_000);
