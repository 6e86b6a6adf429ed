import { LRUCache } from 'lru-cache';

export type ResponseCache = {
  /** The JSON of `produce()`, shared by every request for the same key within the TTL. */
  json(key: string, produce: () => Promise<unknown>): Promise<string>;
  clear(): void;
};

/**
 * A small in-memory cache for public data that every visitor sees alike. Identical requests
 * arriving together share one database round trip; errors are never cached.
 */
export function createResponseCache(ttlMs: number): ResponseCache {
  if (ttlMs <= 0) return { json: async (_key, produce) => JSON.stringify(await produce()), clear: () => {} };
  const cache = new LRUCache<string, string, () => Promise<unknown>>({
    max: 5000,
    ttl: ttlMs,
    fetchMethod: async (_key, _stale, { context }) => JSON.stringify(await context()),
  });
  return {
    async json(key, produce) {
      return (await cache.fetch(key, { context: produce }))!;
    },
    clear: () => cache.clear(),
  };
}
