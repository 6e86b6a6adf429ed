import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { legacyFiles } from '../../db/schema.ts';
import type { Services } from '../../services.ts';

/**
 * Issue 25: an old download address someone saved (https://firebasestorage.googleapis.com/v0/b/
 * <bucket>/o/<path, URL-encoded>?alt=media&token=…) still finds its image once the old host name,
 * or only the host, points at Marquee: a permanent redirect to the imported file's address.
 */
export function legacyFileRoutes({ db, env }: Pick<Services, 'db' | 'env'>) {
  const app = new Hono();
  // The encoded path is one segment; the router hands it over decoded (bandImages/<uid>/<file>).
  app.get('/v0/b/:bucket/o/:path', async (c) => {
    const [file] = await db.select({ url: legacyFiles.url }).from(legacyFiles).where(eq(legacyFiles.legacyPath, c.req.param('path')));
    if (!file) return c.notFound();
    c.header('Cache-Control', 'public, max-age=86400');
    return c.redirect(new URL(file.url, env.PUBLIC_URL).toString(), 301);
  });
  return app;
}
