// What both direct paths of raw statements promise (lib/sqlite-direct.ts, lib/postgres-direct.ts), checked by each
// one's parity test on its own database with its own probe table.
import { expect } from "vitest";
import type { Db, Prisma } from "@/lib/db";

type Insert = (id: number, t: string) => Prisma.Sql;

/** A `tx` kept beyond its transaction is refused (P2028), even inside the transaction open later, and writes nothing. */
export async function expectRefusedOnceEnded(
  client: Db,
  insert: Insert,
  [first, second]: [number, number],
): Promise<void> {
  let kept: Prisma.TransactionClient | undefined;
  await client.$transaction(async (tx) => {
    kept = tx;
  });
  await expect(kept!.$executeRaw(insert(first, "late"))).rejects.toMatchObject({ code: "P2028" });
  await client.$transaction(async () => {
    await expect(kept!.$executeRaw(insert(second, "late too"))).rejects.toMatchObject({ code: "P2028" });
  });
  expect(await client.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" IN (${first}, ${second})`).toEqual([]);
}

/** In a transaction a statement is sent when called, not when awaited as Prisma's is: the marker of the direct path. */
export async function expectSentWhenCalled(client: Db, insert: Insert, id: number): Promise<void> {
  const seen = await client.$transaction(async (tx) => {
    const pending = tx.$executeRaw(insert(id, "at once"));
    const rows = await tx.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" = ${id}`;
    await pending;
    return rows;
  });
  expect(seen).toEqual([{ id }]);
}

/** Outside a transaction a statement runs once awaited, as Prisma's: one never awaited writes nothing. */
export async function expectRunOnceAwaited(
  client: Db,
  insert: Insert,
  [awaitedId, neverId]: [number, number],
): Promise<void> {
  const pending = client.$executeRaw(insert(awaitedId, "when awaited"));
  void client.$executeRaw(insert(neverId, "never awaited"));
  const read = () => client.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" IN (${awaitedId}, ${neverId})`;
  expect(await read()).toEqual([]);
  expect(await pending).toBe(1);
  expect(await read()).toEqual([{ id: awaitedId }]);
}
