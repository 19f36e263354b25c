// Uploads nobody started do not stay on disk for ever: an UPLOADED import older than UPLOAD_TTL_HOURS becomes FAILED
// ("the upload expired"), audited as the system's, and its file is deleted; so is a file in the imports directory that
// no import names (a process that stopped between writing the upload and recording it). Swept when an upload arrives,
// at most every SWEEP_EVERY_MS per process (the first upload after a start sweeps): only uploads add files there.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { recordAudit } from "@/modules/audit/services/audit";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { importsDir, removeFile } from "./files";

/** How long an upload waits to be started. A day: staff who upload in the evening can start it the next morning. */
const UPLOAD_TTL_HOURS = 24;
const SWEEP_EVERY_MS = 10 * 60_000;
/** Imports expired per sweep (the next sweep takes the rest). */
const SWEEP_RUNS = 200;
export const EXPIRED_REASON = `the upload expired: it was not started within ${UPLOAD_TTL_HOURS} hours`;

const system: Caller = { ...operatorCaller(), actor: "system:imports", name: "Imports" };
const globalForExpiry = globalThis as unknown as { __importsSweptAt?: number };

/** Starts a sweep unless one ran in the last SWEEP_EVERY_MS; does not wait for it. */
export function expireStaleUploads(): void {
  const now = Date.now();
  if (now - (globalForExpiry.__importsSweptAt ?? 0) < SWEEP_EVERY_MS) return;
  globalForExpiry.__importsSweptAt = now;
  void sweepStaleUploads(new Date(now)).catch((error: unknown) =>
    logger().warn({ err: error }, "imports: expiring stale uploads failed"),
  );
}

/** One sweep: stale UPLOADED imports expired, files no import names deleted. The counts, for tests and logs. */
export async function sweepStaleUploads(now = new Date()): Promise<{ expired: number; orphans: number }> {
  const cutoff = new Date(now.getTime() - UPLOAD_TTL_HOURS * 3_600_000);
  const stale = await db().importRun.findMany({
    where: { status: "UPLOADED", createdAt: { lt: cutoff } },
    orderBy: { id: "asc" },
    take: SWEEP_RUNS,
  });
  let expired = 0;
  for (const run of stale) {
    const done = await db().$transaction(async (tx) => {
      const changed = await tx.importRun.updateMany({
        where: { id: run.id, status: "UPLOADED" },
        data: { status: "FAILED", error: EXPIRED_REASON, filePath: null, finishedAt: now },
      });
      if (changed.count === 0) return false;
      await recordAudit(tx, system, {
        action: "import.expire",
        objectType: run.kind === "MEMBER" ? "company" : "subscription_list",
        objectId: run.kind === "MEMBER" ? run.organizationId : run.listId!,
        companyId: run.organizationId,
        summary: `import ${run.id} (${run.fileName}): not started within ${UPLOAD_TTL_HOURS} hours, its file deleted`,
      });
      return true;
    });
    if (!done) continue;
    expired += 1;
    await removeFile(run.filePath);
  }
  return { expired, orphans: await removeOrphans(cutoff) };
}

/** Upload files older than the cutoff that no import names. */
async function removeOrphans(cutoff: Date): Promise<number> {
  const dir = importsDir();
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    if (!name.endsWith(".upload")) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtime < cutoff) old.push(file);
  }
  old.splice(1000); // the next sweep takes the rest
  if (old.length === 0) return 0;
  const named = new Set(
    (await db().importRun.findMany({ where: { filePath: { in: old } }, select: { filePath: true } })).map(
      (r) => r.filePath,
    ),
  );
  const orphans = old.filter((file) => !named.has(file));
  for (const file of orphans) await removeFile(file);
  return orphans.length;
}
