// Many rows as one bound value: a JSON array of arrays that the database expands into a table (json_each on SQLite,
// json_array_elements on PostgreSQL). Prisma's cost is per bound value, not per statement: a 500-row INSERT with
// 6,000 values spent most of an import's CPU in the client, its query compiler and the garbage collector.
import "server-only";
import { databaseProvider } from "./database-url";
import { Prisma } from "./db";
import { env } from "./env";

export type ColumnType = "text" | "integer" | "boolean" | "timestamp";
const PG_TYPES: Record<ColumnType, string> = {
  text: "text",
  integer: "integer",
  boolean: "boolean",
  timestamp: "timestamp(3)",
};

const postgres = () => databaseProvider(env().DATABASE_URL) === "postgres";

/** A date for a "timestamp" column, as the driver adapter binds one: SQLite compares the adapter's ISO text. */
export function jsonTimestamp(date: Date | null): string | null {
  if (!date) return null;
  return postgres() ? date.toISOString() : date.toISOString().replace("Z", "+00:00");
}

/**
 * `SELECT <the columns> FROM <the rows>`: the rows (arrays, a value per column in order) as a table, from one JSON
 * text. Column names and types are code, never input.
 */
export function jsonRows(columns: [name: string, type: ColumnType][], rows: unknown[][]): Prisma.Sql {
  const json = JSON.stringify(rows);
  if (postgres()) {
    const list = columns.map(([name, type], i) => `(r.value ->> ${i})::${PG_TYPES[type]} AS "${name}"`).join(", ");
    return Prisma.sql`SELECT ${Prisma.raw(list)} FROM json_array_elements(${json}::json) AS r(value)`;
  }
  // ->> gives SQL values on SQLite: JSON true is 1, as Prisma stores a Boolean there.
  const list = columns.map(([name], i) => `value ->> ${i} AS "${name}"`).join(", ");
  return Prisma.sql`SELECT ${Prisma.raw(list)} FROM json_each(${json})`;
}
