import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** The door app's build (vite.door.config.ts), served under /qr-scanner/. */
export const DOOR_DIST = fileURLToPath(new URL('../../../dist/door', import.meta.url));
const PREFIX = '/qr-scanner';

const stripPrefix = (p: string) => p.slice(PREFIX.length) || '/';

/**
 * The door's hashed files: immutable, precompressed, before the page middleware (like /assets/*).
 * Mounted with app.use('/qr-scanner/assets/*', …).
 */
export function serveDoorAssets() {
  const root = path.relative(process.cwd(), DOOR_DIST);
  return serveStatic({
    root,
    precompressed: true,
    rewriteRequestPath: stripPrefix,
    onFound: (_p, c) => {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cross-Origin-Resource-Policy', 'same-origin');
      c.header('Last-Modified', undefined);
    },
  });
}

/**
 * The door app's pages (issue 24): /qr-scanner redirects to /qr-scanner/ (the service worker's
 * scope); its service worker, manifest and icons are revalidated on every load (no-cache), so a
 * new build reaches the doors; any other /qr-scanner/* path is its index.html (deep links such as
 * /qr-scanner/join). The page headers (CSP, camera=(self)) come from setSecurityHeaders.
 */
export function doorAppRoutes() {
  const app = new Hono();
  const root = path.relative(process.cwd(), DOOR_DIST);
  let indexHtml: string | undefined;
  app.get(PREFIX, (c) => c.redirect(`${PREFIX}/${new URL(c.req.url).search}`, 308));
  app.get(
    `${PREFIX}/:file{(sw\\.js|workbox-[\\w-]+\\.js|manifest\\.webmanifest|icon-[\\w-]+\\.png)}`,
    serveStatic({
      root,
      precompressed: true,
      rewriteRequestPath: stripPrefix,
      onFound: (file, c) => {
        c.header('Cache-Control', 'no-cache');
        if (file.endsWith('.webmanifest')) c.header('Content-Type', 'application/manifest+json');
      },
    }),
  );
  app.get(`${PREFIX}/*`, async (c) => {
    indexHtml ??= await fs.readFile(path.join(DOOR_DIST, 'index.html'), 'utf8').catch(() => undefined);
    if (!indexHtml) return c.text('The door app is not built yet: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return app;
}
