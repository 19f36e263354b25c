// In-memory caches of data read far more often than written (a public list's info, the caller behind an API key),
// kept correct across instances and processes by epochs in the database: triggers bump an epoch in the same
// transaction as any change to the data it covers (migration 20261123000000_cache_epochs), and every read first
// checks the epoch (cache-epochs.ts: microseconds on SQLite, one round trip on PostgreSQL). A changed epoch
// empties the cache, so a revoked key or a deactivated list stops working on every instance with the next request,
// whoever made the change (an instance, the CLI, a restore).
import "server-only";
import { setNewest } from "./bounded-map";
import { readCacheEpochs, type CacheEpochs } from "./cache-epochs";

export type EpochName = "access" | "public_lists" | "companies" | "webhook_endpoints";

export class EpochCache<K, V> {
  private epoch: number | undefined;
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly epochName: EpochName,
    /** Entries kept at most; the least recently used goes first (the key space is public: list uuids). */
    private readonly maxEntries: number,
  ) {}

  /**
   * The cached value of `key`, or `load()`'s, kept when not null. A hit is the very same object as long as the data
   * is unchanged (the hosted page cache relies on that). The epoch is read before loading: a change committed while
   * loading makes a later request see a newer epoch and drop the entry. A request that asks several caches passes the
   * epochs it read once (`epochs`), which spares a round trip per cache on PostgreSQL.
   */
  async get(key: K, load: () => Promise<V | null>, epochs?: CacheEpochs | null): Promise<V | null> {
    if (epochs === undefined) epochs = await readCacheEpochs();
    const epoch = epochs?.[this.epochName];
    if (epoch === undefined) {
      this.clear();
      return load();
    }
    if (epoch !== this.epoch) {
      this.entries.clear();
      this.epoch = epoch;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      setNewest(this.entries, key, hit, this.maxEntries);
      return hit;
    }
    const value = await load();
    if (value !== null && this.epoch === epoch) setNewest(this.entries, key, value, this.maxEntries);
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.epoch = undefined;
  }
}
