export interface ReadCache {
  /** The cached value for `key`, loading it once when absent or older than the TTL. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/**
 * A small in-process cache for reads that may be a little stale (catalog, settings, countries, shipping
 * and payment methods, GeoIP answers): entries live `ttlMs`, at most `maxEntries` are kept (the least
 * recently used go first), and concurrent readers of the same key share one load. A failed load is
 * forgotten at once. Values are shared between requests and must not be mutated.
 */
export function createReadCache(ttlMs: number, maxEntries: number, now: () => number = Date.now): ReadCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && now() - hit.at < ttlMs) {
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = load();
      const entry = { at: now(), value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear: () => entries.clear(),
  };
}
