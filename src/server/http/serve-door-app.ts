import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** The door app's build (vite.door.config.ts), served under /qr-scanner/. */
export const DOOR_DIST = fileURLToPath(new URL('../../../dist/door', import.meta.url));
const PREFIX = '/qr-scanner';

const stripPrefix = (p: string) => p.slice(PREFIX.length) || '/';

/**
 * The door's hashed files: immutable, precompressed, before the page middleware (like /assets/*).
 * Mounted with app.use('/qr-scanner/assets/*', …).
 */
export function serveDoorAssets(dist = DOOR_DIST): MiddlewareHandler {
  const serve = serveStatic({ root: path.relative(process.cwd(), dist), precompressed: true, rewriteRequestPath: stripPrefix });
  return async (c, next) => {
    const found = await serve(c, next);
    if (!found) return;
    // Set on the response itself: serveStatic's onFound runs after the body is made.
    found.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    found.headers.set('X-Content-Type-Options', 'nosniff');
    found.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    found.headers.delete('Last-Modified');
    return found;
  };
}

/**
 * The door app's pages (issue 24): /qr-scanner redirects to /qr-scanner/ (the service worker's
 * scope); its service worker, manifest and icons are revalidated on every load (no-cache), so a
 * new build reaches the doors; any other /qr-scanner/* path is its index.html (deep links such as
 * /qr-scanner/join). The page headers (CSP, camera=(self)) come from setSecurityHeaders.
 */
export function doorAppRoutes(dist = DOOR_DIST) {
  const app = new Hono();
  const root = path.relative(process.cwd(), dist);
  let indexHtml: string | undefined;
  app.get(PREFIX, (c) => c.redirect(`${PREFIX}/${new URL(c.req.url).search}`, 308));
  app.get(
    `${PREFIX}/:file{(sw\\.js|workbox-[\\w-]+\\.js|manifest\\.webmanifest|icon-[\\w-]+\\.png)}`,
    // Set on the response once made (serveStatic's onFound comes after its body, too late for a route).
    async (c, next) => {
      await next();
      if (!c.res.ok) return;
      c.res.headers.set('Cache-Control', 'no-cache');
      if (c.req.path.endsWith('.webmanifest')) c.res.headers.set('Content-Type', 'application/manifest+json');
    },
    serveStatic({ root, precompressed: true, rewriteRequestPath: stripPrefix }),
  );
  app.get(`${PREFIX}/*`, async (c) => {
    indexHtml ??= await fs.readFile(path.join(dist, 'index.html'), 'utf8').catch(() => undefined);
    if (!indexHtml) return c.text('The door app is not built yet: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return app;
}
