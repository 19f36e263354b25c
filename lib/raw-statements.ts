// What both direct paths (lib/sqlite-direct.ts, lib/postgres-direct.ts) share: a raw statement's arguments read as
// Prisma reads them, Prisma's "runs once awaited" for statements outside a transaction, and a transaction's `tx` whose
// $queryRaw and $executeRaw are the direct path's.
import "server-only";
import { Prisma } from "./generated/sqlite/client";

export type Statement = Prisma.Sql;
export type RawArgs = [Statement] | [TemplateStringsArray, ...unknown[]];

/** `$queryRaw(sql)` or `` $queryRaw`...${value}` ``: the statement either way. */
export function statementOf(args: RawArgs): Statement {
  const [first, ...values] = args;
  return first instanceof Prisma.Sql ? first : Prisma.sql(first as TemplateStringsArray, ...values);
}

/** The statement runs when called (Prisma's runs when awaited; every caller awaits at once), its error a rejection. */
export function settled<R>(result: () => R): Promise<R> {
  try {
    return Promise.resolve(result());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * A statement outside a transaction runs once awaited (or `then`ed), as Prisma's does: one built and never awaited,
 * or handed to `$transaction([...])` (which refuses anything but Prisma's own), writes nothing.
 */
export function awaited<R>(start: () => Promise<R>): Promise<R> {
  let started: Promise<R> | undefined;
  const run = () => (started ??= start());
  const lazy: PromiseLike<R> & Pick<Promise<R>, "catch" | "finally"> = {
    then: (onFulfilled, onRejected) => run().then(onFulfilled, onRejected),
    catch: (onRejected) => run().catch(onRejected),
    finally: (onFinally) => run().finally(onFinally),
  };
  return lazy as Promise<R>;
}

/** `tx` with these $queryRaw and $executeRaw; everything else is `tx`'s. */
export function withRawStatements<T extends object>(
  tx: T,
  queryRaw: (...args: RawArgs) => Promise<unknown>,
  executeRaw: (...args: RawArgs) => Promise<unknown>,
): T {
  return new Proxy(tx, {
    get(target, property) {
      if (property === "$queryRaw") return queryRaw;
      if (property === "$executeRaw") return executeRaw;
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
