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
