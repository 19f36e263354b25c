// The member list and search (member-search.ts) read their members through an order: the ids of every member a query
// finds, in the query's order, kept per query until the epoch members moves (any change to a member, membership,
// event participation or member property: migration 20261127100000_members_epoch). The count is its length and any
// page a slice, so page 1 and page 4,000 cost the same small statement, and the count is exact without counting
// per request. Reading an order costs about what one count did (40-160 ms at 100,000 members on SQLite); it is read
// again only after a change, once for all requests waiting on it (EpochCache shares a load).
import "server-only";
import type { CacheEpochs } from "@/lib/cache/cache-epochs";
import { EpochCache } from "@/lib/cache/epoch-cache";
import { db, Prisma } from "@/lib/db";
import { orderedIdList } from "@/lib/sql-dialect";

/**
 * Orders kept, the least recently used dropped first: an order of 100,000 members is 400 KB, of 1,000,000 4 MB, so
 * the bound keeps them under 64 MB at the largest organizations.
 */
const orders = new EpochCache<string, Int32Array>("members", 16);

/** The caller's scope as a condition on "Member" `m` (member-search.ts), with a short key naming it in the order cache. */
export interface MemberScope {
  key: string;
  sql: Prisma.Sql;
}

/**
 * The ids of the members "Member" `m` in the caller's `scope` matching `conditions`, in `orderBy`. Keyed by the scope's
 * key and the rest of the statement: the same query by the same scope (an order is never shared between scopes).
 */
export async function memberOrder(
  scope: MemberScope,
  conditions: Prisma.Sql[],
  orderBy: Prisma.Sql,
  epochs?: CacheEpochs | null,
): Promise<Int32Array> {
  const key = JSON.stringify([
    scope.key,
    orderBy.sql,
    ...conditions.map((condition) => [condition.sql, condition.values]),
  ]);
  const order = await orders.get(
    key,
    async () => {
      const statement = orderedIdList(
        Prisma.sql`m."id"`,
        Prisma.sql`FROM "Member" m WHERE ${Prisma.join([scope.sql, ...conditions], " AND ")}`,
        orderBy,
      );
      return parseIdList((await db().$queryRaw<{ ids: string | null }[]>(statement))[0]?.ids ?? null);
    },
    epochs,
  );
  return order!;
}

/** "3,1,2" as [3, 1, 2], read in place: 1,000,000 ids without 1,000,000 intermediate strings. */
export function parseIdList(text: string | null): Int32Array {
  if (!text) return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === COMMA) count++;
  const ids = new Int32Array(count);
  let next = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === COMMA) {
      ids[next++] = value;
      value = 0;
    } else value = value * 10 + (c - ZERO);
  }
  ids[next] = value;
  return ids;
}

const COMMA = 44;
const ZERO = 48;
