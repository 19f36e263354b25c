// A sendout's life after the draft: DRAFT -> SCHEDULED (send_at later) or SENDING -> PAUSED <-> SENDING -> SENT, and
// CANCELLED from any state before SENT. Each move is one conditional UPDATE on the status it starts from, so two
// requests (or two instances) racing cannot both make it: the loser gets 409 with the state it found. Starting is
// also where the recipients are fixed, in the same transaction (sendout-recipients.ts).
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { Conflict } from "@/lib/errors";
import { SENDOUT_JOB, wakeWorkers } from "@/lib/jobs/queue";
import type { SendoutStatus, SendSendoutInput, SendoutViewShape } from "../schemas/sendout";
import { recordAudit } from "@/modules/audit/services/audit";
import type { Caller } from "@/modules/access/services/caller";
import { fixRecipients } from "./recipients";
import { sendoutActivityContacts } from "./activity-recipients";
import { assertStatus, sendoutViewOf, writableSendout } from "./sendouts";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";

/** Fixing 100,000 recipients takes a few seconds; Prisma's default of 5 s per interactive transaction is too tight. */
const START_TRANSACTION = { timeout: 60_000, maxWait: 10_000 };

type View = Promise<SendoutViewShape>;

/** Moves the caller's sendout from one of `from` to the new state; `then` runs in the same transaction. */
async function move(
  caller: Caller,
  id: number,
  from: SendoutStatus[],
  action: string,
  data: (now: Date) => Prisma.SendoutUpdateManyMutationInput,
  then?: (tx: Prisma.TransactionClient) => Promise<unknown>,
): View {
  const sendout = await writableSendout(caller, id);
  assertStatus(sendout, ...from);
  const now = new Date();
  await db().$transaction(async (tx) => {
    const moved = await tx.sendout.updateMany({
      where: { id, status: { in: from } },
      data: { ...data(now), updatedAt: now },
    });
    if (!moved.count)
      throw new Conflict(`sendout is ${(await tx.sendout.findUniqueOrThrow({ where: { id } })).status}`);
    await then?.(tx);
    await recordAudit(tx, caller, {
      action,
      objectType: "sendout",
      objectId: id,
      companyId: sendout.companyId,
      summary: sendout.subject,
    });
  }, START_TRANSACTION);
  return sendoutViewOf(id);
}

/**
 * POST /v3/sendout/{id}/send: a DRAFT starts now (its recipients fixed, SENDING) or, with a future send_at, becomes
 * SCHEDULED and starts when due (startDueSendouts).
 */
export async function sendSendout(caller: Caller, id: number, input: SendSendoutInput): View {
  const later = input.send_at && input.send_at.getTime() > Date.now() ? input.send_at : null;
  if (later) return move(caller, id, ["DRAFT"], "sendout.schedule", () => ({ status: "SCHEDULED", sendAt: later }));
  const contacts = await sendoutActivityContacts(id, new Date());
  const view = await move(
    caller,
    id,
    ["DRAFT"],
    "sendout.send",
    (now) => ({ status: "SENDING", sendAt: null, startedAt: now }),
    (tx) => fixRecipients(tx, id, contacts),
  );
  await wakeWorkers(SENDOUT_JOB);
  return view;
}

/** POST /v3/sendout/{id}/pause: workers take no more of its recipients; messages already handed over finish. */
export function pauseSendout(caller: Caller, id: number): View {
  return move(caller, id, ["SENDING"], "sendout.pause", () => ({ status: "PAUSED" }));
}

/** POST /v3/sendout/{id}/resume: sending continues with the recipients still PENDING. */
export async function resumeSendout(caller: Caller, id: number): View {
  const view = await move(caller, id, ["PAUSED"], "sendout.resume", () => ({ status: "SENDING" }));
  await wakeWorkers(SENDOUT_JOB);
  return view;
}

/** POST /v3/sendout/{id}/cancel: for good; recipients still PENDING stay so, unsent. */
export function cancelSendout(caller: Caller, id: number): View {
  return move(caller, id, ["DRAFT", "SCHEDULED", "SENDING", "PAUSED"], "sendout.cancel", (now) => ({
    status: "CANCELLED",
    finishedAt: now,
  }));
}

/**
 * The worker's part of the schedule: every SCHEDULED sendout whose time has come starts, its recipients fixed. Several
 * workers may run this at once; the conditional UPDATE lets one of them start each sendout. Returns how many started.
 */
export async function startDueSendouts(now = new Date()): Promise<number> {
  const due = await db().sendout.findMany({
    where: { status: "SCHEDULED", sendAt: { lte: now } },
    select: { id: true },
    orderBy: { sendAt: "asc" },
  });
  let started = 0;
  for (const { id } of due) {
    const contacts = await sendoutActivityContacts(id, now);
    await db().$transaction(async (tx) => {
      const moved = await tx.sendout.updateMany({
        where: { id, status: "SCHEDULED" },
        data: { status: "SENDING", startedAt: now, updatedAt: now },
      });
      if (!moved.count) return;
      await fixRecipients(tx, id, contacts);
      started++;
    }, START_TRANSACTION);
  }
  return started;
}

/**
 * A SENDING sendout with no PENDING recipient left is SENT (failed ones are recorded, not waited for), with its
 * `sendout.sent` webhook event in the same transaction.
 */
export async function finishSendouts(now = new Date()): Promise<number> {
  return db().$transaction(async (tx) => {
    const finished = await tx.$queryRaw<{ id: number; companyId: string }[]>`
      UPDATE "Sendout" SET "status" = 'SENT', "finishedAt" = ${now}, "updatedAt" = ${now}
      WHERE "status" = 'SENDING'
        AND NOT EXISTS (SELECT 1 FROM "SendoutRecipient" r WHERE r."sendoutId" = "Sendout"."id" AND r."status" = 'PENDING')
      RETURNING "id", "companyId"`;
    for (const s of finished)
      await emitWebhookEvent(tx, "sendout.sent", { companyId: s.companyId }, { sendout_id: Number(s.id) });
    return finished.length;
  });
}
