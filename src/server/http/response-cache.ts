import { LRUCache } from 'lru-cache';

export type ResponseCache = {
  /** The value of `produce()`, shared by every caller of the same key within the TTL. */
  get<T>(key: string, produce: () => Promise<T>): Promise<T>;
  clear(): void;
  /** How many entries it holds and roughly how many bytes they take. */
  stats(): { entries: number; bytes: number };
};

/** Issue 13: the cache is bounded by what it holds, not only by its entry count. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** About what a cached value occupies: its characters (two bytes each in a JS string) and a little per entry. */
const sizeOf = ({ value }: { value: unknown }) => 200 + 2 * (typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0));

/**
 * A small in-memory cache for public data that every visitor sees alike. Identical requests
 * arriving together share one database round trip; errors are never cached. It holds at most
 * `maxBytes` (least recently used entries go first), and expired entries are purged on their own,
 * so a flood of distinct URLs cannot grow the process.
 */
export function createResponseCache(ttlMs: number, { maxBytes = DEFAULT_CACHE_BYTES }: { maxBytes?: number } = {}): ResponseCache {
  if (ttlMs <= 0) return { get: (_key, produce) => produce(), clear: () => {}, stats: () => ({ entries: 0, bytes: 0 }) };
  const cache = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
    max: 5000,
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, sizeOf(entry)),
    ttl: ttlMs,
    ttlAutopurge: true,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  // A clear() while a fetch is in flight aborts that fetch (the data it was reading has changed);
  // its callers then produce the value afresh instead of failing.
  let clears = 0;
  return {
    async get<T>(key: string, produce: () => Promise<T>) {
      const clearsBefore = clears;
      try {
        return (await cache.fetch(key, { context: produce }))!.value as T;
      } catch (error) {
        if (clears !== clearsBefore) return produce();
        throw error;
      }
    },
    clear: () => {
      clears += 1;
      cache.clear();
    },
    stats: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  };
}

/**
 * The cache key of a public API request: its path and only the query parameters the route reads,
 * sorted, first value each (as the route reads them). Unknown parameters cannot make new entries.
 */
export function publicCacheKey(url: URL, params: readonly string[]): string {
  const known = [...params].sort().flatMap((name) => {
    const value = url.searchParams.get(name);
    return value === null ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  return `api:${url.pathname}${known.length ? `?${known.join('&')}` : ''}`;
}
