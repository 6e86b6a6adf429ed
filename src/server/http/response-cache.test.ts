import { describe, expect, it } from 'vitest';
import { createResponseCache, publicCacheKey } from './response-cache.ts';

describe('the public response cache', () => {
  it('shares one production between callers of the same key', async () => {
    const cache = createResponseCache(60_000);
    let runs = 0;
    const produce = async () => ((runs += 1), 'value');
    expect(await Promise.all([cache.get('k', produce), cache.get('k', produce)])).toEqual(['value', 'value']);
    expect(runs).toBe(1);
  });

  it('a clear while a value is being produced (a gig changed) gives fresh data, not an error', async () => {
    const cache = createResponseCache(60_000);
    let calls = 0;
    // The first read is slow and then superseded; a read after the clear sees the new data.
    const produce = () => (++calls === 1 ? new Promise<string>((resolve) => setTimeout(() => resolve('old'), 20)) : Promise.resolve('new'));
    const slow = cache.get('k', produce);
    cache.clear();
    await expect(slow).resolves.toBe('new');
  });
});

describe('the public response cache as entries expire under load (issue 22)', () => {
  it('never fails the readers of an entry whose expiry timer fires while it is being produced again', async () => {
    const cache = createResponseCache(20);
    const produce = () => new Promise<string>((resolve) => setTimeout(() => resolve('value'), 5));
    const reads: Promise<string>[] = [];
    // A reader every millisecond for 300 ms, as 64 busy connections would: many expiries, many refills.
    for (let ms = 0; ms < 300; ms++) {
      for (let i = 0; i < 4; i++) reads.push(cache.get('k', produce));
      await new Promise((r) => setTimeout(r, 1));
    }
    const results = await Promise.allSettled(reads);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  });
});

describe('the public response cache under a flood (issue 13)', () => {
  it('holds at most its byte bound, whatever the number of distinct keys', async () => {
    const cache = createResponseCache(60_000, { maxBytes: 1024 * 1024 });
    const body = 'x'.repeat(10_000); // about 20 KB each as a JS string
    for (let i = 0; i < 2000; i++) await cache.get(`api:/gigs?from=${i}`, async () => body);
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(entries).toBeLessThan(60);
    expect(entries).toBeGreaterThan(40);
  });

  it('forgets expired entries on its own', async () => {
    const cache = createResponseCache(30);
    await cache.get('a', async () => 'value');
    expect(cache.stats().entries).toBe(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(cache.stats().entries).toBe(0);
  });

  it('keys a request on the parameters its route reads, sorted, so made-up ones add nothing', () => {
    const key = (url: string) => publicCacheKey(new URL(url), ['region', 'from', 'page']);
    expect(key('http://x/api/gigs?from=2026-12-01&region=chicago')).toBe('api:/api/gigs?from=2026-12-01&region=chicago');
    expect(key('http://x/api/gigs?region=chicago&from=2026-12-01&utm=1&cachebuster=42')).toBe('api:/api/gigs?from=2026-12-01&region=chicago');
    expect(key('http://x/api/gigs?zzz=1')).toBe('api:/api/gigs');
  });
});
