// The SQL fragments that differ between SQLite and PostgreSQL, for tagged SQL in the services. Each returns the
// configured provider's form.
import "server-only";
import { isPostgres, Prisma } from "./db";

/** The case-insensitive LIKE of the provider, for tagged SQL (`ESCAPE '\\'` works on both). */
export function caseInsensitiveLike(): Prisma.Sql {
  return Prisma.raw(isPostgres() ? "ILIKE" : "LIKE");
}

/**
 * One row with one column, "ids": the values of `id` (an integer column) of the rows `from` (a FROM … WHERE … clause)
 * selects, in `orderBy`'s order, joined by commas; null for no rows. One value rather than a row per id: 100,000 ids
 * cost the client one string instead of 100,000 row objects. SQLite's group_concat keeps the order of the ordered
 * subquery it reads (its ORDER BY argument sorts three times slower); tests/service/member-order.test.ts checks
 * the order on both databases.
 */
export function orderedIdList(id: Prisma.Sql, from: Prisma.Sql, orderBy: Prisma.Sql): Prisma.Sql {
  if (isPostgres()) return Prisma.sql`SELECT string_agg((${id})::text, ',' ORDER BY ${orderBy}) AS "ids" ${from}`;
  return Prisma.sql`SELECT group_concat(id) AS "ids" FROM (SELECT ${id} AS id ${from} ORDER BY ${orderBy})`;
}

/**
 * A scalar subquery: a JSON array with an object per row `from` (a FROM … WHERE … clause) selects, in `orderBy`;
 * `fields` are the objects' keys and their values' SQL ("[]" for no rows). Rows of a relation read inside their
 * parent's statement: one statement per page instead of two, which on PostgreSQL saves a round trip and the Prisma
 * adapter's per-statement cost. Read the column with `jsonColumn`; a timestamp goes in through `isoTimestamp`.
 */
export function jsonArrayOf(fields: Record<string, Prisma.Sql>, from: Prisma.Sql, orderBy: Prisma.Sql): Prisma.Sql {
  // The keys are this code's own identifiers, never input: inlined as string literals.
  const pairs = Prisma.join(
    Object.entries(fields).map(
      ([key, value]) => Prisma.sql`${Prisma.raw(`'${key.replace(/[^A-Za-z0-9_]/g, "")}'`)}, ${value}`,
    ),
  );
  if (isPostgres())
    return Prisma.sql`COALESCE((SELECT json_agg(json_build_object(${pairs}) ORDER BY ${orderBy}) ${from}), '[]'::json)`;
  return Prisma.sql`(SELECT json_group_array(json_object(${pairs}) ORDER BY ${orderBy}) ${from})`;
}

/**
 * A timestamp column as ISO 8601 text in UTC with its zone ("…Z"), for JSON built in SQL: PostgreSQL's json of a
 * timestamp without time zone leaves the zone out (JavaScript would read it as local time), and SQLite holds what
 * the adapter wrote ("…+00:00") or CURRENT_TIMESTAMP's "YYYY-MM-DD HH:MM:SS".
 */
export function isoTimestamp(column: Prisma.Sql): Prisma.Sql {
  if (isPostgres()) return Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return Prisma.sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${column})`;
}

/** A JSON column as its value: PostgreSQL's adapter hands it over parsed, SQLite's as text. */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
