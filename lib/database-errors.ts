// Which errors mean "the database cannot be used right now" (unreachable, connection lost, timed out, locked), as
// opposed to a bug or a refused statement. Read structurally from what Prisma 6.19 with our driver adapters throws,
// measured on both providers:
// - PostgreSQL down (connection refused): PrismaClientKnownRequestError P1001 (model queries, transactions) or P2010
//   (raw queries), with meta.driverAdapterError.cause.kind "DatabaseNotReachable".
// - PostgreSQL connection lost under a query or transaction: a plain pg Error "Connection terminated unexpectedly" or
//   "Client has encountered a connection error and is not queryable"; an unanswering server: "Connection terminated
//   due to connection timeout" (the pool's connectionTimeoutMillis, lib/db.ts).
// - SQLite locked past the busy timeout: P2010 (or another code) with driverAdapterError.cause
//   {kind: "SocketTimeout", originalCode: "SQLITE_BUSY"}.
// No imports: lib/errors.ts uses it and is shared with the browser.

/** Prisma error codes of connection problems (P1001 unreachable, P1002/P1008 timed out, P1017 closed, P2024 pool). */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);

/** Driver adapter error kinds (@prisma/driver-adapter-utils) that describe the connection, not the statement. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** Node socket errors on the way to the database server. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/** SQLite result codes (and their extended forms, e.g. SQLITE_IOERR_READ) of a file that cannot be used now. */
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|READONLY|FULL)/;

/** PostgreSQL SQLSTATEs: class 08 connection exception, 57P01-57P03 server shutting down or starting, 53300 too many connections. */
const POSTGRES_STATE = /^(08...|57P0[123]|53300)$/;

/** Messages of node-postgres errors that carry no code. */
const PG_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
];

type Loose = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

function describesOutage(value: Loose): boolean {
  const code = typeof value.code === "string" ? value.code : undefined;
  if (code && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLITE_CODE.test(code))) return true;
  if (typeof value.kind === "string" && ADAPTER_KINDS.has(value.kind)) return true;
  if (value.kind === "postgres" && code && POSTGRES_STATE.test(code)) return true;
  if (typeof value.originalCode === "string" && SQLITE_CODE.test(value.originalCode)) return true;
  const message = typeof value.message === "string" ? value.message : "";
  return PG_MESSAGES.some((known) => message.startsWith(known));
}

/** True when the error, or anything it wraps, says the database is unreachable, timed out or busy. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    const loose = value as Loose;
    if (describesOutage(loose)) return true;
    pending.push(loose.cause, loose.meta?.driverAdapterError);
  }
  return false;
}
