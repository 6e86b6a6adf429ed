// Issue 33, finding 11: IPv6 addresses that carry an IPv4 address (mapped, translated, 6to4) or
// reach IPv4 through a relay or translator (Teredo, NAT64) are refused like the private ranges,
// whether given as a literal in the URL or answered by DNS (registration and the delivery's lookup).
import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkWebhookUrl, guardedLookup, isPrivateAddress, PRIVATE_ADDRESS_MESSAGE, PrivateAddressError } from './webhook-addresses.ts';

const REFUSED = [
  // IPv4-mapped ::ffff:0:0/96 with a private IPv4, in dotted and hex form.
  '::ffff:10.0.0.1',
  '::ffff:a00:1',
  '::ffff:169.254.169.254',
  '0:0:0:0:0:ffff:c0a8:101',
  // IPv4-translated ::ffff:0:0:0/96.
  '::ffff:0:10.0.0.1',
  '::ffff:0:a00:1',
  '::ffff:0:8.8.8.8',
  // 6to4 2002::/16, all of it (private and public IPv4 inside).
  '2002:a00:1::1',
  '2002:7f00:1::',
  '2002:808:808::1',
  // Teredo 2001::/32, all of it.
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  // NAT64 64:ff9b::/96 and local-use 64:ff9b:1::/48.
  '64:ff9b::10.0.0.1',
  '64:ff9b::808:808',
  '64:ff9b:1::a00:1',
  '64:ff9b:1:ffff::1',
];
const ALLOWED = ['2606:2800:220:1:248:1893:25c8:1946', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '2003::1', '64:ff9b:2::1'];

afterEach(() => vi.restoreAllMocks());

/** DNS answers `address` for every name, for the registration check and for the delivery's own lookup. */
function dnsAnswers(address: string) {
  const answer = [{ address, family: 6 }];
  vi.spyOn(dns.promises, 'lookup').mockResolvedValue(answer as never);
  vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: unknown, callback: (e: null, a: typeof answer) => void) => callback(null, answer)) as never);
}

const lookupWith = (hostname: string) =>
  new Promise<unknown>((resolve) => guardedLookup(false)(hostname, { all: true }, (error, result) => resolve(error ?? result)));

describe('IPv6 prefixes that reach IPv4', () => {
  it('are classified private; public IPv6 (and a mapped public IPv4) is not', () => {
    for (const address of REFUSED) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ALLOWED) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('are refused as a literal in the endpoint URL', async () => {
    for (const address of REFUSED) {
      await expect(checkWebhookUrl(`https://[${address}]/hooks`, { isPrivateAllowed: false }), address).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    }
    await expect(checkWebhookUrl('https://[2001:4860:4860::8888]/hooks', { isPrivateAllowed: false })).resolves.toBe('https://[2001:4860:4860::8888]/hooks');
  });

  it('are refused when a name resolves to one, at registration and in the delivery connection\'s lookup', async () => {
    for (const address of REFUSED) {
      dnsAnswers(address);
      await expect(checkWebhookUrl('https://hooks.example.com/in', { isPrivateAllowed: false }), address).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
      expect(await lookupWith('hooks.example.com'), address).toBeInstanceOf(PrivateAddressError);
      vi.restoreAllMocks();
    }
    dnsAnswers('2001:4860:4860::8888');
    await expect(checkWebhookUrl('https://hooks.example.com/in', { isPrivateAllowed: false })).resolves.toBe('https://hooks.example.com/in');
    expect(await lookupWith('hooks.example.com')).toEqual([{ address: '2001:4860:4860::8888', family: 6 }]);
  });
});
