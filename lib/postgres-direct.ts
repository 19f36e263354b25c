// PostgreSQL only: raw statements go straight to the driver adapter (@prisma/adapter-pg), not through Prisma's client.
// Measured in the public subscribe (scripts/profile-subscribe.ts): 7 ms of CPU a subscribe, most of it
// Prisma's client runtime and query compiler per statement for eight raw statements; the process saturated one core at
// about 130 subscribes a second. The SQLite twin is lib/sqlite-direct.ts.
//
// The statement goes to the adapter's own `queryRaw` / `executeRaw` (the same value mapping, the same type parsers, the
// same error conversion), on the connection of the interactive transaction it belongs to, or on the pool outside one.
// The rows come back as Prisma's $queryRaw returns them, converted by the column types the adapter reports (as the
// client's raw-result deserializer does: int8 a BigInt, numeric a Decimal, timestamps a Date, json parsed).
// tests/service/postgres-direct.test.ts compares both paths on every column type of the schema and on expressions.
//
// Which transaction a `tx` is: PostgreSQL runs many at once (one pooled connection each), so the connection is found
// by the async context. `$transaction(callback)` runs in a context of its own (AsyncLocalStorage), in which Prisma
// calls the adapter's startTransaction; the transaction begun there is the callback's. A statement after its COMMIT or
// ROLLBACK was sent is refused as Prisma refuses it (P2028): the connection is back in the pool by then.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaPg } from "@prisma/adapter-pg";
import { Prisma } from "./generated/postgres/client";
import { awaited, statementOf, withRawStatements, type RawArgs, type Statement } from "./raw-statements";

/** The parts of @prisma/driver-adapter-utils's Queryable this uses (its types are not a dependency of ours). */
interface SqlQuery {
  sql: string;
  args: unknown[];
  argTypes: { scalarType: string; arity: "scalar" | "list" }[];
}
interface ResultSet {
  columnNames: string[];
  columnTypes: number[];
  rows: unknown[][];
}
interface Queryable {
  queryRaw(query: SqlQuery): Promise<ResultSet>;
  executeRaw(query: SqlQuery): Promise<number>;
}
type AdapterTransaction = Queryable & { commit(): Promise<void>; rollback(): Promise<void> };
type Adapter = Queryable & {
  startTransaction(...args: unknown[]): Promise<AdapterTransaction>;
  dispose(): Promise<void>;
};

/** One `$transaction(callback)`: the adapter transaction begun for it, and whether it has ended. */
interface TransactionSlot {
  transaction: AdapterTransaction | null;
  closed: boolean;
}

/**
 * ColumnTypeEnum of @prisma/driver-adapter-utils 6.19: how the adapter labels a column. Arrays are the scalar's + 64.
 * Int32 0, Int64 1, Float 2, Double 3, Numeric 4, Boolean 5, Character 6, Text 7, Date 8, Time 9, DateTime 10,
 * Json 11, Enum 12, Bytes 13, Set 14, Uuid 15, UnknownNumber 128.
 */
const ARRAY = 64;

/** A value of a column of adapter type `type` as Prisma's $queryRaw returns it (its serializer, then its deserializer). */
function converted(value: unknown, type: number): unknown {
  if (value === null || value === undefined) return null;
  if (type >= ARRAY && type < 128) return (value as unknown[]).map((element) => converted(element, type - ARRAY));
  switch (type) {
    case 0:
      return Math.trunc(Number(value));
    case 1:
      return BigInt(typeof value === "number" ? Math.trunc(value) : (value as string));
    case 4:
      return new Prisma.Decimal(value as string);
    case 5:
      return typeof value === "boolean" ? value : value === "true" || value === "1" || value === 1;
    case 8:
    case 10:
      return new Date(value as string);
    case 9:
      return new Date(`1970-01-01T${value as string}Z`);
    case 11:
      return typeof value === "string" ? JSON.parse(value) : value;
    case 13:
      return Uint8Array.from(value as ArrayLike<number>);
    default:
      // Float, Double, Text, Character, Enum, Set, Uuid, UnknownNumber: as the driver gave them.
      return value;
  }
}

function rowsOf(result: ResultSet): Record<string, unknown>[] {
  const { columnNames, columnTypes } = result;
  return result.rows.map((row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < columnNames.length; i++) object[columnNames[i]] = converted(row[i], columnTypes[i]);
    return object;
  });
}

/** The statement as the adapter takes it ($1 placeholders): its values mapped by the adapter (`mapArg`: a Date as UTC text, bytes a Buffer). */
function query(statement: Statement): SqlQuery {
  const args = statement.values.map((value) =>
    value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value,
  );
  return {
    sql: statement.text,
    args,
    argTypes: args.map((value) => ({
      scalarType: value instanceof Date ? "datetime" : "unknown",
      arity: Array.isArray(value) ? "list" : "scalar",
    })),
  };
}

/** The adapter's error, as Prisma reports a failed raw statement (P2010, the adapter's error in meta); others as thrown. */
function asPrismaError(error: unknown): unknown {
  const adapterError = error as {
    name?: unknown;
    cause?: { originalCode?: string; originalMessage?: string; kind?: string };
    message?: string;
  };
  if (adapterError?.name !== "DriverAdapterError" || !adapterError.cause) return error;
  const { originalCode, originalMessage } = adapterError.cause;
  return new Prisma.PrismaClientKnownRequestError(
    `Raw query failed. Code: \`${originalCode ?? "N/A"}\`. Message: \`${originalMessage ?? adapterError.message}\``,
    {
      code: "P2010",
      clientVersion: Prisma.prismaVersion.client,
      meta: { driverAdapterError: error },
    },
  );
}

const closedTransaction = () =>
  new Prisma.PrismaClientKnownRequestError(
    "Transaction already closed: a raw statement was sent after the transaction ended.",
    { code: "P2028", clientVersion: Prisma.prismaVersion.client },
  );

const ENDS_TRANSACTION = new Set(["COMMIT", "ROLLBACK"]);

/**
 * The direct path of one client: `adapter(factory)` before the client is made, `client(client)` after. Statements are
 * told to `onStatement` (LOG_SQL's log and watchStatements), as Prisma's are.
 */
export function directPostgresStatements(onStatement: (sql: string) => void) {
  const transactions = new AsyncLocalStorage<TransactionSlot>();
  let pool: Queryable | null = null;

  async function run<R>(
    on: Queryable,
    statement: Statement,
    answer: (on: Queryable, query: SqlQuery) => Promise<R>,
  ): Promise<R> {
    onStatement(statement.text);
    try {
      return await answer(on, query(statement));
    } catch (error) {
      throw asPrismaError(error);
    }
  }
  const rows = (on: Queryable, q: SqlQuery) => on.queryRaw(q).then(rowsOf);
  const changes = (on: Queryable, q: SqlQuery) => on.executeRaw(q);

  /** The adapter transaction Prisma just began, remembered for the `$transaction` whose context this is. */
  function began(transaction: AdapterTransaction): AdapterTransaction {
    const slot = transactions.getStore();
    if (!slot || slot.transaction) return transaction;
    slot.transaction = transaction;
    // Prisma ends a transaction by sending COMMIT or ROLLBACK, then releasing the connection (commit/rollback): from the
    // first, nothing more may run on it.
    const executeRaw = transaction.executeRaw.bind(transaction);
    transaction.executeRaw = (q: SqlQuery) => {
      if (ENDS_TRANSACTION.has(q.sql)) slot.closed = true;
      return executeRaw(q);
    };
    for (const end of ["commit", "rollback"] as const) {
      const finish = transaction[end].bind(transaction);
      transaction[end] = () => {
        slot.closed = true;
        return finish();
      };
    }
    return transaction;
  }

  return {
    /** The adapter factory, its adapter's transactions tracked and its pool kept for statements outside them. */
    adapter(factory: PrismaPg): PrismaPg {
      const connect = factory.connect.bind(factory);
      factory.connect = async () => {
        const adapter = (await connect()) as unknown as Adapter;
        const startTransaction = adapter.startTransaction.bind(adapter);
        adapter.startTransaction = async (...args: unknown[]) => began(await startTransaction(...args));
        pool = adapter;
        // $disconnect ends the pool; the next statement goes through Prisma, which connects again (and lands here).
        const dispose = adapter.dispose.bind(adapter);
        adapter.dispose = () => {
          if (pool === adapter) pool = null;
          return dispose();
        };
        return adapter as unknown as Awaited<ReturnType<PrismaPg["connect"]>>;
      };
      return factory;
    },
    /** The client with its $transaction callbacks given the direct `tx`, and its own $queryRaw/$executeRaw direct. */
    client<T extends { $queryRaw: unknown; $executeRaw: unknown; $transaction: unknown }>(client: T): T {
      const transaction = (client.$transaction as (...args: unknown[]) => Promise<unknown>).bind(client);
      const prismaQueryRaw = (client.$queryRaw as (...args: RawArgs) => Promise<unknown>).bind(client);
      const prismaExecuteRaw = (client.$executeRaw as (...args: RawArgs) => Promise<unknown>).bind(client);
      const outside =
        <R>(answer: (on: Queryable, q: SqlQuery) => Promise<R>, viaPrisma: (...args: RawArgs) => Promise<unknown>) =>
        (...args: RawArgs) => {
          const on = pool;
          return on ? awaited(() => run(on, statementOf(args), answer)) : viaPrisma(...args);
        };
      return Object.assign(client, {
        $queryRaw: outside(rows, prismaQueryRaw),
        $executeRaw: outside(changes, prismaExecuteRaw),
        $transaction: (first: unknown, ...rest: unknown[]) => {
          if (typeof first !== "function") return transaction(first, ...rest);
          const slot: TransactionSlot = { transaction: null, closed: false };
          const inTransaction =
            <R>(answer: (on: Queryable, q: SqlQuery) => Promise<R>) =>
            (...args: RawArgs) =>
              slot.closed || !slot.transaction
                ? Promise.reject(closedTransaction())
                : run(slot.transaction, statementOf(args), answer);
          return transactions.run(slot, () =>
            transaction(
              (tx: object) => {
                // Begun elsewhere than expected (no adapter transaction seen in this context): Prisma's own path.
                const callbackTx = slot.transaction
                  ? withRawStatements(tx, inTransaction(rows), inTransaction(changes))
                  : tx;
                return (first as (tx: object) => unknown)(callbackTx);
              },
              ...rest,
            ),
          );
        },
      });
    },
  };
}
