// In-memory caches of data read far more often than written (a public list's info, the caller behind an API key),
// kept correct across instances and processes by epochs in the database: triggers bump an epoch in the same
// transaction as any change to the data it covers (migration 20261123000000_cache_epochs), and every read first
// checks the epoch (cache-epochs.ts: microseconds on SQLite, one round trip on PostgreSQL). A changed epoch
// empties the cache, so a revoked key or a deactivated list stops working on every instance with the next request,
// whoever made the change (an instance, the CLI, a restore).
import "server-only";
import { setNewest } from "./bounded-map";
import { readCacheEpochs, type CacheEpochs } from "./cache-epochs";

export type EpochName = "access" | "public_lists" | "companies" | "webhook_endpoints" | "members";

export class EpochCache<K, V> {
  private epoch: number | undefined;
  private readonly entries = new Map<K, V>();
  /** Loads under way, by key, with the epoch each began under: requests that miss together share one load. */
  private readonly loading = new Map<K, { epoch: number; value: Promise<V | null> }>();

  constructor(
    private readonly epochName: EpochName,
    /** Entries kept at most; the least recently used goes first (the key space is public: list uuids). */
    private readonly maxEntries: number,
  ) {}

  /**
   * The cached value of `key`, or `load()`'s, kept when not null. A hit is the very same object as long as the data
   * is unchanged (the hosted page cache relies on that). The epoch is read before loading: a change committed while
   * loading makes a later request see a newer epoch and drop the entry. A request that asks several caches passes the
   * epochs it read once (`epochs`), which spares a round trip per cache on PostgreSQL. Requests that miss the same key
   * under the same epoch share one load (16 requests arriving at once read the database once, not 16 times).
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
    const shared = this.loading.get(key);
    if (shared?.epoch === epoch) return shared.value;
    const loaded = load();
    this.loading.set(key, { epoch, value: loaded });
    try {
      const value = await loaded;
      if (value !== null && this.epoch === epoch) setNewest(this.entries, key, value, this.maxEntries);
      return value;
    } finally {
      if (this.loading.get(key)?.value === loaded) this.loading.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.epoch = undefined;
  }
}
