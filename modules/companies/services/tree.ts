// The organization tree in SQL: a company's ancestors and the companies below a scope's roots, each one recursive query
// (the same SQL on SQLite and PostgreSQL), so scope checks and scoped listings never walk the tree row by row.
import "server-only";
import { db, Prisma } from "@/lib/db";
import type { Caller } from "@/modules/access/services/caller";

/** The company and its ancestors, nearest first. */
export async function companyWithAncestors(companyId: string): Promise<string[]> {
  const rows = await db().$queryRaw<{ id: string }[]>`
    WITH RECURSIVE chain(id, parent_id, depth) AS (
      SELECT "id", "parentId", 0 FROM "Company" WHERE "id" = ${companyId}
      UNION ALL
      SELECT c."id", c."parentId", chain.depth + 1 FROM "Company" c JOIN chain ON c."id" = chain.parent_id
      WHERE chain.depth < 64
    )
    SELECT id FROM chain ORDER BY depth`;
  return rows.map((r) => r.id);
}

/**
 * The ids of every company the caller may see (live or not), or null for an all-scope caller. One recursive query;
 * used to filter listings (companies, lists, audit entries) rather than checking rows one by one.
 */
export async function companyIdsInScope(caller: Caller): Promise<string[] | null> {
  const scope = caller.scope;
  if (scope.kind === "all") return null;
  if (!scope.includeDescendants || scope.companyIds.length === 0) return scope.companyIds;
  const roots = Prisma.join(scope.companyIds);
  const rows = await db().$queryRaw<{ id: string }[]>`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT "id", 0 FROM "Company" WHERE "id" IN (${roots})
      UNION
      SELECT c."id", tree.depth + 1 FROM "Company" c JOIN tree ON c."parentId" = tree.id WHERE tree.depth < 64
    )
    SELECT DISTINCT id FROM tree`;
  return rows.map((r) => r.id);
}
