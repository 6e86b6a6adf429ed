// Issue 33, finding 11: every per-address limit counts an IPv6 client by its /64 (one network holds
// 2^64 addresses, so a count per address would be no limit), as the public API always did; IPv4
// clients by their own address. Probed on an existing limited route, the presale code check.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/server/http/client-ip.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The presale check's tries per address in 10 minutes (check-presale-code.ts). */
const TRIES = 20;
let t: TestApp;
beforeAll(async () => {
  // Rate limits on, and the client address taken from X-Forwarded-For, so tests can vary it.
  t = await createTestApp({ isRateLimitEnabled: true, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

/** A guess at a presale code of a gig that does not exist: counted, then refused (422) until the limit (429). */
const tryCode = async (address: string) =>
  (await t.client().post('/api/tickets/presale-code', { gigId: randomUUID(), presaleCode: 'GUESS' }, { 'x-forwarded-for': address })).status;
/** A /64 of its own (a random /48 inside the documentation prefix), so no other test's count is in the way. */
const freshNetwork = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

describe('per-address limits and IPv6 networks', () => {
  it('two addresses in one /64 share a limit; another /64 has its own', async () => {
    const network = freshNetwork();
    const statuses: number[] = [];
    for (let i = 1; i <= TRIES; i++) statuses.push(await tryCode(`${network}:${i.toString(16)}::${i.toString(16)}`));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // Another address of the same /64: its tries were spent by its neighbours.
    expect(await tryCode(`${network}:ffff:ffff:ffff:ffff`)).toBe(429);
    expect(await tryCode(`${network}::1`)).toBe(429);
    // The next /64 over is another client.
    const [a, b, c] = network.split(':');
    expect(await tryCode(`${a}:${b}:${c}:${(parseInt(network.split(':')[3]!, 16) ^ 1).toString(16)}::1`)).not.toBe(429);
  });

  it('IPv4 clients are counted by their own address, as before', async () => {
    const octet = () => 1 + Math.floor(Math.random() * 250);
    const [x, y] = [octet(), octet()];
    for (let i = 0; i < TRIES; i++) expect(await tryCode(`10.${x}.${y}.1`)).not.toBe(429);
    expect(await tryCode(`10.${x}.${y}.1`)).toBe(429);
    expect(await tryCode(`10.${x}.${y}.2`)).not.toBe(429);
    // An IPv4 client seen as an IPv4-mapped IPv6 address is the same client.
    expect(await tryCode(`::ffff:10.${x}.${y}.1`)).toBe(429);
  });

  it('one rule names the network', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:DB8:1:2::1%eth0')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork(null)).toBe('unknown');
  });
});
