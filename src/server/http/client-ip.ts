import type { Context } from 'hono';

/**
 * The client's address: pinned into x-forwarded-for by the app's first middleware (app.ts) on
 * writes and the auth routes only (issue 22: reads leave their headers unbuilt). A read asking for
 * it would get whatever the client sent, so it is refused here rather than trusted.
 */
export function clientIp(c: Context): string | null {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') throw new Error('clientIp() is pinned on writes only (app.ts)');
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || null;
}
