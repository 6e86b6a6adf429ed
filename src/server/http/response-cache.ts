import { LRUCache } from 'lru-cache';

export type ResponseCache = {
  /** False when PUBLIC_CACHE_SECONDS is 0: every get() produces afresh. */
  readonly isEnabled: boolean;
  /** The value of `produce()`, shared by every caller of the same key within the TTL. */
  get<T>(key: string, produce: () => Promise<T>): Promise<T>;
  /** The value held for `key` if one is ready and fresh, without producing one or waiting. */
  peek<T>(key: string): T | undefined;
  /**
   * Remembers that requests for `alias` (a raw path and query) are answered by `key`, so the next
   * identical request finds its entry without routing (public-response.ts). Forgotten with the entries.
   */
  alias(alias: string, key: string): void;
  /** The key an `alias` was last seen answered by. */
  resolveAlias(alias: string): string | undefined;
  clear(): void;
  /** How many entries it holds and roughly how many bytes they take. */
  stats(): { entries: number; bytes: number };
};

/** Issue 13: the cache is bounded by what it holds, not only by its entry count. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** lru-cache rejects a fetch it aborted with one of these (a delete, an eviction, a replacing set). */
const isFetchAbort = (error: unknown) => error instanceof Error && ['deleted', 'evicted', 'replaced'].includes(error.message);

/** A cached value that knows its own size in bytes (a ready response with its compressed copies). */
export type SizedValue = { readonly bytes: number };
const isSized = (value: unknown): value is SizedValue => typeof value === 'object' && value !== null && typeof (value as SizedValue).bytes === 'number';

/** About what a cached value occupies: its characters (two bytes each in a JS string) and a little per entry. */
const sizeOf = ({ value }: { value: unknown }) =>
  200 + (typeof value === 'string' ? 2 * value.length : isSized(value) ? value.bytes : 2 * (JSON.stringify(value)?.length ?? 0));

/**
 * A small in-memory cache for public data that every visitor sees alike. Identical requests
 * arriving together share one database round trip; errors are never cached. It holds at most
 * `maxBytes` (least recently used entries go first), and expired entries are purged on their own,
 * so a flood of distinct URLs cannot grow the process.
 */
export function createResponseCache(ttlMs: number, { maxBytes = DEFAULT_CACHE_BYTES }: { maxBytes?: number } = {}): ResponseCache {
  if (ttlMs <= 0) {
    return { isEnabled: false, get: (_key, produce) => produce(), peek: () => undefined, alias: () => {}, resolveAlias: () => undefined, clear: () => {}, stats: () => ({ entries: 0, bytes: 0 }) };
  }
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
  // Raw request targets (what a client sent) to entry keys; bounded by count, short-lived like the entries.
  const aliases = new LRUCache<string, string>({ max: 5000, ttl: ttlMs });
  return {
    isEnabled: true,
    async get<T>(key: string, produce: () => Promise<T>) {
      const clearsBefore = clears;
      for (let attempt = 1; ; attempt++) {
        try {
          return (await cache.fetch(key, { context: produce }))!.value as T;
        } catch (error) {
          if (clears !== clearsBefore) return produce();
          // The expired entry's purge timer (or an eviction) can abort a fetch that replaced it:
          // the callers waiting on it start one afresh, together (seen at 64 connections, issue 22).
          if (!isFetchAbort(error) || attempt === 3) throw error;
        }
      }
    },
    peek<T>(key: string) {
      return cache.peek(key)?.value as T | undefined;
    },
    alias: (alias, key) => void aliases.set(alias, key),
    resolveAlias: (alias) => aliases.get(alias),
    clear: () => {
      clears += 1;
      cache.clear();
      aliases.clear();
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
