// The run of an import, in the background (lib/jobs/workers.ts): a worker claims a QUEUED or abandoned run with a
// lease, reads the file row by row and commits each batch of rows in one transaction together with the run's
// progress, so a crash loses at most the batch under way and a restarted worker resumes after the last committed one.
import "server-only";
import { db, refreshStatistics, type Tx } from "@/lib/db";
import { logger } from "@/lib/logger";
import { parseStoredReason, storeReason } from "../schemas/reasons";
import type { ImportField } from "../schemas/imports";
import { fileRows, removeFile, type ImportFormat } from "./files";
import { addMemberships, importPeriod } from "./membership";
import { fillMembers, insertImportRows, insertMembers, type ImportRowValues } from "./write";
import { checkRow, columnIndexes, duplicateInFile, mapRow, type RowValues } from "./rows";
import { optedOutThemselves } from "@/modules/lists/services/subscribers";
import { activateSubscriptions, effectiveCap, type Activation } from "@/modules/lists/services/subscriptions";
import { suppressedAmong } from "@/modules/lists/services/visitor-records";
import { emitWebhookEvents } from "@/modules/webhooks/services/events";

const BATCH_ROWS = 500;
const LEASE_MS = 2 * 60_000;

/** A claimed run with the period its members get memberships in (null: none, or a subscriber import). */
type Run = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["importRun"]["findUnique"]>>> & {
  periodId: number | null;
};
type Outcome = "ADDED" | "UPDATED" | "SKIPPED";
interface RowResult extends ImportRowValues {
  outcome: Outcome;
}

class LeaseLost extends Error {}

const MEMBER_COLUMNS = {
  id: true,
  email: true,
  firstname: true,
  lastname: true,
  phone: true,
  birthdate: true,
  street: true,
  zipcode: true,
  post: true,
  globalOptOutAt: true,
} as const;

/**
 * One round of the import worker: claims the oldest QUEUED run, or a RUNNING one whose lease ran out (its worker
 * died), and runs it to its end unless the process is stopping. True when a run was found (there may be more).
 */
export async function runImportRound(owner: string, stopping: () => boolean): Promise<boolean> {
  const now = new Date();
  const free = { status: { in: ["QUEUED", "RUNNING"] }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
  const candidate = await db().importRun.findFirst({ where: free, orderBy: { id: "asc" }, select: { id: true } });
  if (!candidate) return false;
  const claimed = await db().importRun.updateMany({
    where: { id: candidate.id, ...free },
    data: { status: "RUNNING", leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  if (claimed.count === 1) await runClaimed(candidate.id, owner, stopping);
  return true;
}

async function runClaimed(id: number, owner: string, stopping: () => boolean): Promise<void> {
  const claimed = await db().importRun.findUniqueOrThrow({ where: { id } });
  // Read before the batches' transactions (a SQLite transaction holds the one connection), once: a period that
  // starts or ends mid-run does not split the file's members between two.
  const run = {
    ...claimed,
    periodId: claimed.kind === "MEMBER" ? ((await importPeriod(claimed.organizationId))?.id ?? null) : null,
  };
  try {
    const finished = await readAndCommit(run, owner, stopping);
    if (finished) {
      await db().importRun.updateMany({
        where: { id, leaseOwner: owner },
        data: { status: "DONE", finishedAt: new Date(), leaseOwner: null, leaseUntil: null, filePath: null },
      });
      await removeFile(run.filePath);
      await refreshStatisticsAfter(id);
    } else {
      await db().importRun.updateMany({
        where: { id, leaseOwner: owner },
        data: { leaseOwner: null, leaseUntil: null },
      });
    }
  } catch (error) {
    if (error instanceof LeaseLost) return;
    logger().error({ err: error, importId: id }, "import failed");
    const message = error instanceof Error ? error.message.slice(0, 500) : "failed";
    await db().importRun.updateMany({
      where: { id, leaseOwner: owner },
      data: {
        status: "FAILED",
        error: message,
        finishedAt: new Date(),
        leaseOwner: null,
        leaseUntil: null,
        filePath: null,
      },
    });
    await removeFile(run.filePath);
  }
}

/** Rows from which an import refreshes the planner's statistics of what it wrote (below that, autovacuum's is enough). */
const STATISTICS_AFTER_ROWS = 1000;

/**
 * After a large import, PostgreSQL's planner statistics of the tables it wrote, as after the member generator
 * (refreshStatistics). With the statistics of before a bulk load of 90,000 subscriptions (the bench's), PostgreSQL
 * sorted all of the list's subscriptions for each page of its subscribers, 170 ms a page instead of 30, until autovacuum
 * came round (never where it is off).
 */
async function refreshStatisticsAfter(id: number): Promise<void> {
  const { rowsRead } = await db().importRun.findUniqueOrThrow({ where: { id }, select: { rowsRead: true } });
  if (rowsRead < STATISTICS_AFTER_ROWS) return;
  // The import is DONE already: a failed ANALYZE leaves it so, and autovacuum's does the work later.
  await refreshStatistics(["Member", "Subscription", "ImportRow"]).catch((error: unknown) =>
    logger().warn({ err: error, importId: id }, "import: refreshing the planner's statistics failed"),
  );
}

/** A row the member rules refused (its email may still be valid and stored). */
const refusedRow = (reason: string | null) => {
  const code = parseStoredReason(reason)?.code;
  return code === "invalid" || code === "required";
};

/** Reads the file after the committed rows and commits it batch by batch; false when stopped before the end. */
async function readAndCommit(run: Run, owner: string, stopping: () => boolean): Promise<boolean> {
  if (!run.filePath || !run.mapping) throw new Error("the run has no file or mapping");
  // First row of every email already committed: a later duplicate in the file is skipped after a resume too.
  const firstRowOf = new Map<string, number>();
  // A refused row keeps its address for the result file but was never the first of it (as in the preview).
  const committed = await db().importRow.findMany({
    where: { runId: run.id, email: { not: null } },
    orderBy: { rowNumber: "asc" },
    select: { email: true, rowNumber: true, reason: true },
  });
  for (const row of committed)
    if (!firstRowOf.has(row.email!) && !refusedRow(row.reason)) firstRowOf.set(row.email!, row.rowNumber);
  let indexes: [ImportField, number][] | null = null;
  let toSkip = run.rowsRead;
  let batch: { number: number; values: RowValues }[] = [];
  for await (const row of fileRows(run.filePath, run.format as ImportFormat)) {
    if (!indexes) {
      indexes = columnIndexes(
        row.cells.map((c) => c.trim()),
        JSON.parse(run.mapping),
      );
      continue;
    }
    if (toSkip > 0) {
      toSkip -= 1;
      continue;
    }
    batch.push({ number: row.number, values: mapRow(row.cells, indexes) });
    if (batch.length === BATCH_ROWS) {
      await commitBatch(run, owner, batch, firstRowOf);
      batch = [];
      if (stopping()) return false;
    }
  }
  if (batch.length) await commitBatch(run, owner, batch, firstRowOf);
  return true;
}

async function commitBatch(
  run: Run,
  owner: string,
  batch: { number: number; values: RowValues }[],
  firstRowOf: Map<string, number>,
): Promise<void> {
  const seenHere = new Map<string, number>();
  await db().$transaction(
    async (tx) => {
      const renewed = await tx.importRun.updateMany({
        where: { id: run.id, leaseOwner: owner },
        data: { leaseUntil: new Date(Date.now() + LEASE_MS) },
      });
      if (renewed.count === 0) throw new LeaseLost();
      const results = await importBatch(tx, run, batch, (email, row) => {
        const first = firstRowOf.get(email) ?? seenHere.get(email);
        if (first === undefined) seenHere.set(email, row);
        return first;
      });
      await insertImportRows(tx, results);
      const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
      await tx.importRun.update({
        where: { id: run.id },
        data: {
          rowsRead: { increment: batch.length },
          added: { increment: count("ADDED") },
          updated: { increment: count("UPDATED") },
          skipped: { increment: count("SKIPPED") },
        },
      });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  for (const [email, row] of seenHere) firstRowOf.set(email, row);
}

const skipped = (runId: number, rowNumber: number, email: string | null, reason: string): RowResult => ({
  runId,
  rowNumber,
  email,
  outcome: "SKIPPED",
  reason,
  memberId: null,
  memberCreated: false,
  subscribed: false,
  subscriptionNew: false,
  filled: null,
  memberWrittenAt: null,
  membershipId: null,
});

/** What each row of a batch does: members created or filled in, and for subscribers the subscription. */
async function importBatch(
  tx: Tx,
  run: Run,
  batch: { number: number; values: RowValues }[],
  firstRow: (email: string, row: number) => number | undefined,
): Promise<RowResult[]> {
  const results = new Map<number, RowResult>();
  const candidates: { number: number; email: string; fields: Partial<Record<ImportField, string>> }[] = [];
  for (const row of batch) {
    const checked = checkRow(row.values);
    if (!checked.ok) {
      results.set(row.number, skipped(run.id, row.number, checked.email, storeReason(checked.reason)));
      continue;
    }
    const first = firstRow(checked.email, row.number);
    if (first !== undefined)
      results.set(row.number, skipped(run.id, row.number, checked.email, storeReason(duplicateInFile(first))));
    else candidates.push({ number: row.number, email: checked.email, fields: checked.fields });
  }
  const existing = new Map(
    (
      await tx.member.findMany({
        where: { organizationId: run.organizationId, email: { in: candidates.map((c) => c.email) } },
        select: MEMBER_COLUMNS,
      })
    ).map((m) => [m.email!, m]),
  );
  const list = run.listId
    ? await tx.subscriptionList.findUnique({
        where: { id: run.listId },
        select: { id: true, activeCount: true, subscriberCap: true },
      })
    : null;
  if (run.kind === "SUBSCRIBER" && !list) throw new Error("the list is gone");
  const subscriptions = list
    ? new Map(
        (
          await tx.subscription.findMany({
            where: { listId: list.id, memberId: { in: [...existing.values()].map((m) => m.id) } },
          })
        ).map((s) => [s.memberId, s]),
      )
    : new Map();
  // Suppressed addresses among the batch's, in one query (a query per row was a round trip each on PostgreSQL).
  const suppressed = list
    ? await suppressedAmong(
        tx,
        run.organizationId,
        candidates.map((c) => c.email),
      )
    : new Set<string>();
  let room = list ? effectiveCap(list) - list.activeCount : 0;
  const toSubscribe = new Set<number>();
  for (const c of candidates) {
    if (!list) continue;
    const member = existing.get(c.email);
    const subscription = member ? subscriptions.get(member.id) : undefined;
    let reason: string | null = null;
    if (member?.globalOptOutAt) reason = storeReason({ code: "opted_out" });
    else if (subscription?.status === "SUBSCRIBED")
      continue; // already subscribed: fields may still be filled in
    else if (member && subscription && optedOutThemselves(member, subscription))
      reason = storeReason({ code: "left_list" });
    else if (suppressed.has(c.email)) reason = storeReason({ code: "suppressed" });
    else if (room <= 0) reason = storeReason({ code: "list_full" });
    if (reason) results.set(c.number, skipped(run.id, c.number, c.email, reason));
    else {
      room -= 1;
      toSubscribe.add(c.number);
    }
  }
  const now = new Date();
  const newRows = candidates.filter((c) => !existing.has(c.email) && !results.has(c.number));
  const created = await insertMembers(tx, run.organizationId, newRows, now);
  const createdByEmail = new Map(created.map((m) => [m.email, m]));
  // member.created for each, as emitWebhookEvent records it (nothing while no endpoint is enabled), in one statement.
  await emitWebhookEvents(
    tx,
    "member.created",
    { companyId: run.organizationId },
    created.map((m) => ({ member_id: m.id })),
  );
  const touched: RowResult[] = [];
  const fills: { id: number; fill: Partial<Record<ImportField, string>> }[] = [];
  for (const c of candidates) {
    if (results.has(c.number)) continue;
    const fresh = createdByEmail.get(c.email);
    const member = existing.get(c.email);
    const result: RowResult = {
      ...skipped(run.id, c.number, c.email, ""),
      reason: null,
      memberId: fresh?.id ?? member!.id,
      memberCreated: Boolean(fresh),
      memberWrittenAt: fresh ? now : null,
    };
    if (member) {
      const fill = Object.fromEntries(
        Object.entries(c.fields).filter(
          ([field, value]) => field !== "email" && value && !member[field as keyof typeof member],
        ),
      );
      if (Object.keys(fill).length) {
        fills.push({ id: member.id, fill });
        result.filled = JSON.stringify(Object.keys(fill));
        result.memberWrittenAt = now;
      }
    }
    results.set(c.number, result);
    touched.push(result);
  }
  await fillMembers(tx, fills, now);
  const memberships = run.periodId
    ? await addMemberships(
        tx,
        run.organizationId,
        run.periodId,
        touched.map((r) => r.memberId!),
        now,
      )
    : new Map<number, number>();
  for (const result of touched) result.membershipId = memberships.get(result.memberId!) ?? null;
  const updatedIds = touched
    .filter((r) => !r.memberCreated && (r.filled || r.membershipId))
    .map((r) => ({ member_id: r.memberId! }));
  await emitWebhookEvents(tx, "member.updated", { companyId: run.organizationId }, updatedIds);
  // The batch's subscriptions in a few statements, after the members' rows (activateSubscription's lock order).
  const subscribing = candidates.filter((c) => toSubscribe.has(c.number)).map((c) => results.get(c.number)!.memberId!);
  const activations = list
    ? await activateSubscriptions(tx, list.id, subscribing, "ADMIN", { enforceCap: false, confirmedVia: "ADMIN" })
    : new Map<number, Activation>();
  for (const result of touched) {
    result.subscribed = activations.get(result.memberId!)?.activated === true;
    result.subscriptionNew = result.subscribed && !subscriptions.has(result.memberId);
    if (result.memberCreated || result.subscribed) result.outcome = "ADDED";
    else if (result.filled || result.membershipId) result.outcome = "UPDATED";
    else result.reason = storeReason({ code: list ? "already_subscribed" : "nothing_to_fill" });
  }
  return batch.map((row) => results.get(row.number)!);
}
