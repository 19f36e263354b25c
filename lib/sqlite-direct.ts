// SQLite only: raw statements go straight to the better-sqlite3 connection, not through Prisma's client. Measured in
// one transaction: a `tx.$executeRaw` cost 120-150 us of CPU through Prisma and 2 us through the driver;
// the public subscribe sends eight of them, which was half of its CPU. The statement, its values and its result are
// the same: the values are bound as the adapter binds them (`mapArg` in @prisma/adapter-better-sqlite3), and a row
// comes back as Prisma's raw query returns it (by the column's declared type: INTEGER a number, DATETIME a Date,
// BOOLEAN a boolean, TEXT as stored, an untyped expression's integer a BigInt). tests/service/sqlite-direct.test.ts
// compares both paths on every declared type of the schema.
//
// Why this is safe: the adapter runs one transaction at a time on its one connection (its mutex is held from BEGIN to
// COMMIT or ROLLBACK), so a statement run on the connection while this transaction is the open one runs inside it,
// in the order the callback awaits its statements. A statement of a transaction that is no longer the open one
// (Prisma rolled it back after its timeout, or the callback kept `tx` beyond its end) is refused as Prisma refuses it.
// A statement outside any transaction waits for the open one to end (`outsideTransactions`), whichever path sends it:
// the adapter sent it to the connection at once, inside whatever transaction was open there, whose rollback then
// undid a write its caller had been told was done. Model queries and the `...Unsafe` variants still go through Prisma.
import "server-only";
import type BetterSqlite3 from "better-sqlite3";
import { Prisma } from "./generated/sqlite/client";
import { awaited, settled, statementOf, withRawStatements, type RawArgs, type Statement } from "./raw-statements";

/** The adapter's transaction while it holds the connection; `closed` from its COMMIT or ROLLBACK on. */
interface OpenTransaction {
  closed: boolean;
}

/** The connection of one client and the transaction open on it. */
interface ConnectionState {
  connection: CachingConnection | null;
  open: OpenTransaction | null;
}

/** The adapter's transaction mutex (async-mutex), which the patch hangs on the connection. */
interface TransactionMutex {
  isLocked(): boolean;
  runExclusive<R>(callback: () => Promise<R>): Promise<R>;
}

/** A value bound as the adapter binds it (timestampFormat iso8601, its default, which lib/db.ts keeps). */
function bound(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "bigint")
    return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (value instanceof Uint8Array) return Buffer.from(value);
  throw new TypeError(`A raw SQLite statement got a value it cannot bind (${typeof value}).`);
}

/**
 * How a stored value of a column of this declared type reaches the caller, as Prisma's $queryRaw returns it. The
 * adapter reads integers as BigInt (defaultSafeIntegers); Prisma makes an INTEGER column's a number and leaves an
 * untyped expression's (COUNT(*), EXISTS) a BigInt.
 */
function reader(declaredType: string | null): (value: unknown) => unknown {
  switch ((declaredType ?? "").toUpperCase()) {
    case "":
    case "TEXT":
      return (value) => value;
    case "INTEGER":
      return (value) =>
        typeof value === "bigint" ? Number(value) : typeof value === "number" ? Math.trunc(value) : value;
    case "DATETIME":
      return (value) =>
        value === null ? null : new Date(typeof value === "bigint" ? Number(value) : (value as string | number));
    case "BOOLEAN":
      return (value) => (value === null ? null : value === 1n || value === 1 || value === "1" || value === "true");
    default:
      // Not in this schema (prisma/sqlite/schema.prisma): a new type needs its reading here and in the test.
      throw new Error(
        `A raw SQLite statement read a column of declared type ${declaredType}, which it does not convert.`,
      );
  }
}

/** The driver errors the adapter reports by kind (`mapDriverError` in @prisma/adapter-better-sqlite3). */
const ERROR_KINDS: Record<string, string> = {
  SQLITE_BUSY: "SocketTimeout",
  SQLITE_CONSTRAINT_UNIQUE: "UniqueConstraintViolation",
  SQLITE_CONSTRAINT_PRIMARYKEY: "UniqueConstraintViolation",
  SQLITE_CONSTRAINT_NOTNULL: "NullConstraintViolation",
  SQLITE_CONSTRAINT_FOREIGNKEY: "ForeignKeyConstraintViolation",
  SQLITE_CONSTRAINT_TRIGGER: "ForeignKeyConstraintViolation",
};

/**
 * A driver error as Prisma reports it for a raw statement: P2010 with the adapter's error in meta, which
 * lib/database-errors.ts reads (SQLITE_BUSY is an outage, not a bug). Others pass as the driver threw them, as there.
 */
function asPrismaError(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const kind = typeof code === "string" ? ERROR_KINDS[code] : undefined;
  if (!kind) return error;
  return new Prisma.PrismaClientKnownRequestError(`Raw query failed. Code: \`${code}\`. Message: \`${message}\``, {
    code: "P2010",
    clientVersion: Prisma.prismaVersion.client,
    meta: {
      driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: code, originalMessage: message, kind } },
    },
  });
}

/** What lib/db.ts does to every SQLite statement (the LIKE escape), and whom it tells of each. */
interface StatementHooks {
  rewrite(sql: string): string;
  onStatement(sql: string): void;
}

/** The adapter's prepared-statement cache (bounded) and its transaction mutex, which the patch hangs on the connection. */
type CachingConnection = BetterSqlite3.Database & {
  __cachedStatement(sql: string): BetterSqlite3.Statement;
  __transactionMutex: TransactionMutex;
};

/**
 * Runs `statement` when no transaction holds the connection: at once when none is open (better-sqlite3 runs it before
 * anything else can begin one), else after it, in turn with the transactions waiting to begin.
 */
function outsideTransactions<R>(connection: CachingConnection, statement: () => Promise<R>): Promise<R> {
  const mutex = connection.__transactionMutex;
  return mutex.isLocked() ? mutex.runExclusive(statement) : statement();
}

/**
 * Runs `statement` on the connection, inside `transaction` (null: outside any, the caller having waited for the open
 * one): the rows of a reader, the changes of any other.
 */
function run(
  state: ConnectionState,
  transaction: OpenTransaction | null,
  statement: Statement,
  hooks: StatementHooks,
): { rows: Record<string, unknown>[]; changes: number } {
  const connection = state.connection;
  if ((transaction && (transaction !== state.open || transaction.closed)) || !connection) {
    throw new Prisma.PrismaClientKnownRequestError(
      "Transaction already closed: a raw statement was sent after the transaction ended.",
      { code: "P2028", clientVersion: Prisma.prismaVersion.client },
    );
  }
  const sql = hooks.rewrite(statement.sql);
  hooks.onStatement(sql);
  try {
    const sqlite = connection.__cachedStatement(sql);
    const values = statement.values.map(bound);
    if (!sqlite.reader) return { rows: [], changes: sqlite.run(values).changes };
    const columns = sqlite.columns();
    const readers = columns.map((column) => reader(column.type));
    const rows = (sqlite.raw(true).all(values) as unknown[][]).map((row) => {
      const object: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) object[columns[i].name] = readers[i](row[i]);
      return object;
    });
    return { rows, changes: 0 };
  } catch (error) {
    throw asPrismaError(error);
  }
}

/**
 * The direct path of one client: lib/db.ts hands it the adapter's connection once made and each transaction as it
 * begins, and gives each `$transaction` callback `wrap(tx)` instead of `tx`.
 */
export function directRawStatements(hooks: StatementHooks) {
  const state: ConnectionState = { connection: null, open: null };
  const outside = <R>(statement: Statement, answer: (result: ReturnType<typeof run>) => R) =>
    awaited(() =>
      outsideTransactions(state.connection!, () => settled(() => answer(run(state, null, statement, hooks)))),
    );
  return {
    connected(database: BetterSqlite3.Database): void {
      // patches/@prisma+adapter-better-sqlite3+6.19.3.patch: the adapter's own statement cache and transaction mutex.
      state.connection = database as CachingConnection;
    },
    /** An adapter transaction just begun (BEGIN IMMEDIATE has run): the open one until its COMMIT or ROLLBACK. */
    began<T extends { commit(): Promise<void>; rollback(): Promise<void> }>(transaction: T): T {
      const tracked: OpenTransaction = { closed: false };
      state.open = tracked;
      const ending = (finish: () => Promise<void>) => () => {
        tracked.closed = true;
        if (state.open === tracked) state.open = null;
        return finish();
      };
      return Object.assign(transaction, {
        commit: ending(transaction.commit.bind(transaction)),
        rollback: ending(transaction.rollback.bind(transaction)),
      });
    },
    /**
     * `tx` with its $queryRaw and $executeRaw run on the connection, for the transaction open now (a `$transaction`
     * callback is called right after its BEGIN, while the adapter's mutex is held). Everything else is `tx`'s.
     */
    wrap<T extends object>(tx: T): T {
      const transaction = state.open;
      if (!transaction) return tx;
      const queryRaw = (...args: RawArgs) => settled(() => run(state, transaction, statementOf(args), hooks).rows);
      const executeRaw = (...args: RawArgs) => settled(() => run(state, transaction, statementOf(args), hooks).changes);
      return withRawStatements(tx, queryRaw, executeRaw);
    },
    /** Wraps one of the adapter's own (non-transaction) methods, for the statements Prisma sends outside a transaction. */
    outsideTransactions<A extends unknown[], R>(send: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
      return (...args) => outsideTransactions(state.connection!, () => send(...args));
    },
    /**
     * The client's own `$queryRaw` and `$executeRaw`, on the connection once Prisma has opened it (before, Prisma's,
     * which opens it).
     */
    client<T extends { $queryRaw: unknown; $executeRaw: unknown }>(client: T): T {
      const prismaQueryRaw = (client.$queryRaw as (...args: RawArgs) => Promise<unknown>).bind(client);
      const prismaExecuteRaw = (client.$executeRaw as (...args: RawArgs) => Promise<unknown>).bind(client);
      return Object.assign(client, {
        $queryRaw: (...args: RawArgs) =>
          state.connection ? outside(statementOf(args), (result) => result.rows) : prismaQueryRaw(...args),
        $executeRaw: (...args: RawArgs) =>
          state.connection ? outside(statementOf(args), (result) => result.changes) : prismaExecuteRaw(...args),
      });
    },
  };
}
