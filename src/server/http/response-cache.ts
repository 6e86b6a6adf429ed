import { LRUCache } from 'lru-cache';

export type ResponseCache = {
  /** The value of `produce()`, shared by every caller of the same key within the TTL. */
  get<T>(key: string, produce: () => Promise<T>): Promise<T>;
  clear(): void;
};

/**
 * A small in-memory cache for public data that every visitor sees alike. Identical requests
 * arriving together share one database round trip; errors are never cached.
 */
export function createResponseCache(ttlMs: number): ResponseCache {
  if (ttlMs <= 0) return { get: (_key, produce) => produce(), clear: () => {} };
  const cache = new LRUCache<string, object, () => Promise<unknown>>({
    max: 5000,
    ttl: ttlMs,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  // A clear() while a fetch is in flight aborts that fetch (the data it was reading has changed);
  // its callers then produce the value afresh instead of failing.
  let clears = 0;
  return {
    async get<T>(key: string, produce: () => Promise<T>) {
      const clearsBefore = clears;
      try {
        return ((await cache.fetch(key, { context: produce })) as { value: T }).value;
      } catch (error) {
        if (clears !== clearsBefore) return produce();
        throw error;
      }
    },
    clear: () => {
      clears += 1;
      cache.clear();
    },
  };
}
