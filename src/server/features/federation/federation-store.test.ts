// Decision 56: the adapters Fedify runs on (its key-value store in Marquee's database), and the
// check on every address Marquee delivers to (no loopback, private or blocked servers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { deliverableRecipient } from './create-federation.ts';
import { databaseKvStore, pruneFederationKv } from './federation-store.ts';
import { isBlockedHost } from './blocked-hosts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ttl = (milliseconds: number) => ({ ttl: { total: () => milliseconds } as never });

describe('the key-value store', () => {
  it('gets, sets, deletes and lists by prefix (a prefix matches whole parts only)', async () => {
    const kv = databaseKvStore(t.db);
    await kv.set(['a', 'b'], { n: 1 });
    await kv.set(['a', 'b', 'c'], [1, 2]);
    await kv.set(['a', 'bc'], 'other');
    await kv.set(['a%', 'x'], 'like chars are literal');
    expect(await kv.get(['a', 'b'])).toEqual({ n: 1 });
    const listed: unknown[] = [];
    for await (const entry of kv.list(['a', 'b'])) listed.push(entry.key);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining([['a', 'b'], ['a', 'b', 'c']]));
    const percent: unknown[] = [];
    for await (const entry of kv.list(['a%'])) percent.push(entry.key);
    expect(percent).toEqual([['a%', 'x']]);
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
  });

  it('an expired value is gone, and pruned', async () => {
    const kv = databaseKvStore(t.db);
    await kv.set(['short'], 1, ttl(-1000));
    await kv.set(['long'], 2, ttl(60_000));
    expect(await kv.get(['short'])).toBeUndefined();
    expect(await kv.get(['long'])).toBe(2);
    expect(await pruneFederationKv(t.db)).toBeGreaterThanOrEqual(1);
  });

  it('compare-and-swap: sets only over the expected value; to undefined deletes; an expired value counts as none', async () => {
    const kv = databaseKvStore(t.db);
    expect(await kv.cas!(['c'], undefined, 1)).toBe(true);
    expect(await kv.cas!(['c'], undefined, 2)).toBe(false);
    expect(await kv.cas!(['c'], 5, 2)).toBe(false);
    expect(await kv.cas!(['c'], 1, 2)).toBe(true);
    expect(await kv.get(['c'])).toBe(2);
    // Fedify's circuit breaker and nonces delete by swapping to undefined.
    expect(await kv.cas!(['c'], 2, undefined)).toBe(true);
    expect(await kv.get(['c'])).toBeUndefined();
    expect(await kv.cas!(['c'], undefined, 3)).toBe(true);
    await kv.set(['e'], 'old', ttl(-1000));
    expect(await kv.cas!(['e'], undefined, 'new')).toBe(true);
    expect(await kv.get(['e'])).toBe('new');
  });

  it('two swaps at once from the same value: one wins', async () => {
    const kv = databaseKvStore(t.db);
    await kv.set(['race'], 0);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => kv.cas!(['race'], 0, i + 1)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('where Marquee delivers', () => {
  const env = (over: Partial<TestApp['services']['env']> = {}) => ({ ...t.services.env, FEDERATION_ALLOW_PRIVATE: false, FEDERATION_BLOCKED_HOSTS: ['blocked.example'], ...over });
  const follower = (inbox: string, sharedInbox: string | null = null, id = 'https://social.example/users/a') => ({ id, inbox, sharedInbox });

  it('never to loopback, private, link-local or plain http addresses, nor to a blocked server or one of its subdomains', async () => {
    for (const inbox of ['https://127.0.0.1/inbox', 'https://10.1.2.3/inbox', 'https://169.254.169.254/latest', 'https://[::1]/inbox', 'https://localhost/inbox', 'http://93.184.216.34/inbox', 'https://mastodon.blocked.example/inbox']) {
      expect(deliverableRecipient(env(), follower(inbox)), inbox).toBeNull();
    }
    expect(deliverableRecipient(env(), follower('https://93.184.216.34/inbox', null, 'https://a.blocked.example/users/x'))).toBeNull();
  });

  it("to a public https inbox; a shared inbox that is not deliverable is dropped, the follower's own kept", async () => {
    const recipient = deliverableRecipient(env(), follower('https://93.184.216.34/users/a/inbox', 'https://127.0.0.1/inbox'));
    expect(recipient?.inboxId?.href).toBe('https://93.184.216.34/users/a/inbox');
    expect(recipient?.endpoints).toBeNull();
  });

  it('FEDERATION_ALLOW_PRIVATE (tests only) allows loopback and http', async () => {
    expect(deliverableRecipient(env({ FEDERATION_ALLOW_PRIVATE: true }), follower('http://127.0.0.1:4000/inbox'))).not.toBeNull();
  });

  it('a blocked entry names a server and its subdomains, not look-alikes', () => {
    expect(isBlockedHost(['spam.example'], 'spam.example')).toBe(true);
    expect(isBlockedHost(['spam.example'], 'a.b.spam.example')).toBe(true);
    expect(isBlockedHost(['*.spam.example'], 'spam.example')).toBe(true);
    expect(isBlockedHost(['spam.example'], 'notspam.example')).toBe(false);
    expect(isBlockedHost(['spam.example'], 'SPAM.EXAMPLE.')).toBe(true);
  });
});
