import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

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
