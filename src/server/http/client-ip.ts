import { isIPv6 } from 'node:net';
import type { Context } from 'hono';

/**
 * Reads whose client address is pinned too: sign-in, and the public API, whose rate limits are per
 * client (decision 53).
 */
export const isPinnedOnReads = (path: string) => path.startsWith('/api/auth/') || path === '/api/v1' || path.startsWith('/api/v1/');

/**
 * The client's address: pinned into x-forwarded-for by the app's first middleware (app.ts) on
 * writes, the auth routes and the public API only (issue 22: reads leave their headers unbuilt). A read asking for
 * it would get whatever the client sent, so it is refused here rather than trusted.
 */
export function clientIp(c: Context): string | null {
  if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !isPinnedOnReads(c.req.path)) throw new Error('clientIp() is pinned on writes only (app.ts)');
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || null;
}

/**
 * The address a client is counted by, the one rule of every per-address limit: an IPv6 client's
 * /64 (one network holds 2^64 addresses, so a count per address would be no limit), an IPv4
 * client's own address (also when written as an IPv4-mapped IPv6 address). rate-limit.ts applies
 * it to every counter whose key ends in an address (issue 33).
 */
export function clientNetwork(ip: string | null): string {
  if (!ip) return 'unknown';
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const isMappedIpv4 = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** An IPv6 address's eight 16-bit groups, however it is written (the URL parser's canonical form first). */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [head = '', tail = ''] = canonical.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = canonical.includes('::') && tail ? tail.split(':') : [];
  const parts = [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts];
  return parts.map((part) => parseInt(part, 16));
}

/** The client's address as per-address limits count it (clientNetwork of clientIp). */
export const clientAddressKey = (c: Context): string => clientNetwork(clientIp(c));
