// The cache-epoch reader: the epochs of lib/cache/epoch-cache.ts, read on every cached read through a connection of
// its own (not through the Prisma client of lib/db.ts). See README.md in this folder.
import Database from "better-sqlite3";
import pg from "pg";
import { databaseProvider, POSTGRES_CONNECT_TIMEOUT_MS, SQLITE_BUSY_TIMEOUT_MS, sqliteFilePath } from "../database-url";
import { env } from "../env";

export type CacheEpochs = Readonly<Record<string, number>>;

/**
 * The cache epochs, read fresh (epoch-cache.ts checks them on every cached read). Through a connection of
 * their own with one prepared statement rather than through Prisma: a raw SELECT through the client costs 0.1-0.3 ms
 * of CPU in its query interpreter, more than the whole cached request may cost; here it is microseconds on SQLite and
 * one round trip on PostgreSQL. Null when they cannot be read (not migrated yet, database down): callers then read
 * the data itself, uncached.
 */
export async function readCacheEpochs(): Promise<CacheEpochs | null> {
  try {
    const rows = databaseProvider(env().DATABASE_URL) === "postgres" ? await sharedPostgresRead() : readSqliteEpochs();
    return rows.length ? epochsOf(rows) : null;
  } catch {
    closeCacheEpochReader();
    return null;
  }
}

/**
 * The epochs by name. An epoch kept in shards (rows "members.0" … "members.15" on PostgreSQL, where every subscribe
 * bumps it: see migration 20261127100000_members_epoch) is their sum, which moves whenever any of them does. A
 * restore's advance (lib/backup.ts) lifts every row past the highest before, so the sum too passes any seen before.
 */
function epochsOf(rows: EpochRow[]): CacheEpochs {
  const epochs: Record<string, number> = {};
  for (const { name, version } of rows) {
    const epoch = name.split(".")[0];
    epochs[epoch] = (epochs[epoch] ?? 0) + Number(version);
  }
  return epochs;
}

const EPOCHS_SQL = 'SELECT "name", "version" FROM "CacheEpoch"';
type EpochRow = { name: string; version: number | string };
const epochReader = globalThis as unknown as { __epochSqlite?: Database.Statement; __epochPg?: Promise<pg.Client> };

function readSqliteEpochs(): EpochRow[] {
  if (!epochReader.__epochSqlite) {
    const connection = new Database(sqliteFilePath(env().DATABASE_URL), {
      fileMustExist: true,
      timeout: SQLITE_BUSY_TIMEOUT_MS,
    });
    epochReader.__epochSqlite = connection.prepare(EPOCHS_SQL);
  }
  return epochReader.__epochSqlite.all() as EpochRow[];
}

/**
 * One round trip serves every request that arrived while the previous one was under way: a read that began before a
 * request arrived could miss a change committed meanwhile, so such a request waits for the next read, which begins
 * after it and is shared by all who wait. Under load that is one round trip at a time instead of one per request.
 */
const epochReads: { inFlight?: Promise<EpochRow[]>; next?: Promise<EpochRow[]> } = {};

function sharedPostgresRead(): Promise<EpochRow[]> {
  if (!epochReads.inFlight) return startPostgresRead();
  epochReads.next ??= epochReads.inFlight
    .catch(() => undefined)
    .then(() => {
      epochReads.next = undefined;
      return startPostgresRead();
    });
  return epochReads.next;
}

function startPostgresRead(): Promise<EpochRow[]> {
  const read = readPostgresEpochs();
  epochReads.inFlight = read;
  read
    .catch(() => undefined)
    .finally(() => {
      if (epochReads.inFlight === read) epochReads.inFlight = undefined;
    });
  return read;
}

async function readPostgresEpochs(): Promise<EpochRow[]> {
  epochReader.__epochPg ??= (async () => {
    const client = new pg.Client({
      connectionString: env().DATABASE_URL,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    });
    // A broken connection is dropped; the next read opens a new one.
    client.on("error", () => closeCacheEpochReader());
    await client.connect();
    return client;
  })();
  const client = await epochReader.__epochPg;
  const result = await client.query<EpochRow>({ name: "cache_epochs", text: EPOCHS_SQL });
  return result.rows;
}

/** Closes the reader's connection (lib/db.ts disconnectDb); the next read opens a new one. */
export function closeCacheEpochReader(): void {
  epochReader.__epochSqlite?.database.close();
  epochReader.__epochSqlite = undefined;
  const client = epochReader.__epochPg;
  epochReader.__epochPg = undefined;
  void client?.then((c) => c.end()).catch(() => {});
}
