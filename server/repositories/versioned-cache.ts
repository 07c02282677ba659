/**
 * Values read from the database, kept while what they were read from is unchanged: answers
 * built from book content (a page of the books list, a book with its quiz, a page of chapters)
 * under the content version (migrations/004-content-state.ts), and request users under the
 * accounts version (migrations/006-account-state.ts). Each version is a row that database
 * triggers raise in the same transaction as every write to its tables, whoever writes; each
 * request reads both in one query before anything else. An entry is used only by a request
 * that read the very version the entry was loaded under, and it was loaded after that version
 * was read, so it is never older than what the request would have read itself: on one
 * instance or several, a write is seen by the next request that starts after its commit.
 * Requests that carry no version (transactions, calls outside a request) always load.
 */
export class VersionedCache<K, V> {
  /** The newest version seen; entries belong to it. */
  private version = -1;
  private readonly entries = new Map<K, Promise<V>>();
  private readonly weights = new Map<K, number>();
  private weight = 0;

  /**
   * @param maxEntries the most entries kept (least recently used out first)
   * @param weigh an entry's weight (e.g. its bytes), counted against `maxWeight`
   */
  constructor(
    private readonly maxEntries: number,
    private readonly weigh?: (value: V) => number,
    private readonly maxWeight = Infinity,
  ) {}

  /** The value for `key` as of content `version`, loaded (and kept) when not already known. */
  get(key: K, version: number | null | undefined, load: () => Promise<V>): Promise<V> {
    if (version == null) return load();
    if (version > this.version) {
      this.clear();
      this.version = version;
    }
    // A request that read an older version than the newest seen: content has changed since,
    // the entries are newer than it needs, but its own load must not be kept under the newer version.
    if (version !== this.version) return load();
    const known = this.entries.get(key);
    if (known) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const loading = load();
    this.entries.set(key, loading);
    if (this.entries.size > this.maxEntries) this.evict(this.entries.keys().next().value as K);
    loading.then(
      (value) => {
        if (!this.weigh || this.entries.get(key) !== loading) return;
        const weight = this.weigh(value);
        this.weights.set(key, weight);
        this.weight += weight;
        while (this.weight > this.maxWeight && this.entries.size > 0) this.evict(this.entries.keys().next().value as K);
      },
      // A failed load is not kept: the next request tries again (its caller has the error).
      () => {
        if (this.entries.get(key) === loading) this.evict(key);
      },
    );
    return loading;
  }

  private evict(key: K) {
    this.entries.delete(key);
    this.weight -= this.weights.get(key) ?? 0;
    this.weights.delete(key);
  }

  private clear() {
    this.entries.clear();
    this.weights.clear();
    this.weight = 0;
  }
}
