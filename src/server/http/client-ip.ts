import type { Context } from 'hono';

/** The client's address: set into x-forwarded-for by the app's first middleware (app.ts). */
export function clientIp(c: Context): string | null {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || null;
}
