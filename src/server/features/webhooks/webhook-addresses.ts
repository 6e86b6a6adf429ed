import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { AppError } from '../../http/app-error.ts';

/**
 * Decision 54 (no SSRF): the addresses a webhook may never reach unless the operator allows it
 * (WEBHOOKS_ALLOW_PRIVATE): unspecified, loopback, private, shared (CGNAT), link-local, multicast,
 * reserved and documentation ranges, in IPv4 and IPv6 (see isPrivateAddress for IPv6 that carries
 * or reaches an IPv4 address).
 */
const refused = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) refused.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) refused.addSubnet(address, prefix, 'ipv6');

/** An IPv6 address's eight 16-bit groups (an embedded dotted IPv4 tail and a zone id understood), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * Whether an IP address is one a webhook may not reach (anything that is not a public unicast
 * address). IPv6 that carries or reaches IPv4 (issue 33, finding 11): IPv4-mapped ::ffff:0:0/96
 * is judged as its IPv4 address; IPv4-translated ::ffff:0:0:0/96, the deprecated IPv4-compatible
 * ::/96, 6to4 2002::/16, Teredo 2001::/32, NAT64 64:ff9b::/96 and local-use NAT64
 * 64:ff9b:1::/48 are refused whole (the IPv4 host they lead to cannot be told from outside).
 */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const g = ipv6Groups(address);
  if (!g) return true;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0) {
    if (g4 === 0 && g5 === 0xffff) return refused.check(ipv4Of(g6, g7), 'ipv4'); // mapped
    if (g4 === 0xffff && g5 === 0) return true; // IPv4-translated (SIIT), never a public destination
    if (g4 === 0 && g5 === 0) return true; // unspecified, loopback and IPv4-compatible
  }
  if (g0 === 0x2002) return true; // 6to4
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo
  if (g0 === 0x64 && g1 === 0xff9b && (g2 === 1 || (g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0))) return true; // NAT64
  return refused.check(address, 'ipv6');
}

export const PRIVATE_ADDRESS_MESSAGE = 'Webhooks can only go to public internet addresses, not to private, loopback or local ones.';

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks an endpoint's address when it is registered: https (http only where allowed), no
 * credentials in it, and, unless private addresses are allowed, a host that is no local name or
 * private IP literal and that resolves only to public addresses.
 */
export async function checkWebhookUrl(rawUrl: string, { isPrivateAllowed }: { isPrivateAllowed: boolean }): Promise<string> {
  const url = new URL(rawUrl);
  const fail = (message: string) => new AppError('VALIDATION', message, { url: message });
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isPrivateAllowed)) throw fail('Please use an https:// address: webhooks are only sent over HTTPS.');
  if (url.username || url.password) throw fail('Please leave the user name and password out of the address.');
  url.hash = '';
  if (isPrivateAllowed) return url.toString();
  const host = hostOf(url);
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw fail(PRIVATE_ADDRESS_MESSAGE);
    return url.toString();
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) throw fail(PRIVATE_ADDRESS_MESSAGE);
  const addresses = await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => null);
  if (!addresses?.length) throw fail('That address could not be found. Please check the host name.');
  if (addresses.some((a) => isPrivateAddress(a.address))) throw fail(PRIVATE_ADDRESS_MESSAGE);
  return url.toString();
}

/** Thrown (as the connection's error) when a delivery's host is, or resolves to, a refused address. */
export class PrivateAddressError extends Error {
  readonly code = 'EWEBHOOKPRIVATE';
  constructor(host: string) {
    super(`${host} is a private, loopback or local address: not delivered.`);
  }
}

/**
 * The DNS lookup a delivery's connection uses: it resolves the host itself and refuses it if any
 * address is private, so the address checked is the one connected to (no DNS rebinding between
 * a check and the connection).
 */
export function guardedLookup(isPrivateAllowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true, family: options.family }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      if (!isPrivateAllowed && addresses.some((a) => isPrivateAddress(a.address))) return callback(new PrivateAddressError(hostname), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
      callback(null, first.address, first.family);
    });
  };
}

/** A delivery to an IP literal never calls the lookup: it is checked here first. */
export function refuseLiteralPrivateHost(url: URL, isPrivateAllowed: boolean): void {
  const host = hostOf(url);
  if (!isPrivateAllowed && net.isIP(host) && isPrivateAddress(host)) throw new PrivateAddressError(host);
}
