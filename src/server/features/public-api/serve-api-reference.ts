import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { Scalar } from '@scalar/hono-api-reference';
import { PublicResponse } from '../../http/public-response.ts';
import { apiReferencePolicy } from '../../http/security-headers.ts';

/** Scalar's one-file browser build, from its npm package: served by Marquee, never from a CDN (decision 53). */
const scalarDist = path.dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference')));
const BUNDLE_FILE = path.join(scalarDist, 'browser', 'standalone.js');

let bundle: Promise<{ version: string; response: PublicResponse }> | undefined;
/** Read and compressed once per process (4.8 MB, about 1 MB with brotli), with its ETag. */
function loadBundle() {
  bundle ??= (async () => {
    const [code, manifest] = await Promise.all([fs.readFile(BUNDLE_FILE, 'utf8'), fs.readFile(path.join(scalarDist, '..', 'package.json'), 'utf8')]);
    const { version } = JSON.parse(manifest) as { version: string };
    const response = await new PublicResponse(code, {
      route: '/api/v1/docs/scalar-:version.js',
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'public, max-age=31536000, immutable',
    }).compress();
    return { version, response };
  })().catch((error: unknown) => {
    bundle = undefined; // tried again by the next request, not refused until a restart
    throw error;
  });
  return bundle;
}

/**
 * The API's reference page (Scalar) at /api/v1/docs, reading /api/v1/openapi.json. Its inline
 * start-up script carries a fresh nonce that the page's own policy allows (apiReferencePolicy);
 * everything else it loads comes from Marquee itself.
 */
export function serveApiReference() {
  const app = new Hono();
  app.get('/', async (c) => {
    const { version } = await loadBundle();
    const nonce = randomBytes(16).toString('base64');
    const render = Scalar({
      url: '/api/v1/openapi.json',
      cdn: `/api/v1/docs/scalar-${version}.js`,
      nonce,
      pageTitle: 'Marquee API reference',
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      persistAuth: false,
    } as Parameters<typeof Scalar>[0]);
    const response = await render(c, async () => {});
    if (!response) return c.notFound();
    response.headers.set('Content-Security-Policy', apiReferencePolicy(nonce));
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });
  app.get('/:file{scalar-[0-9a-z.-]+\\.js}', async (c) => {
    const { version, response } = await loadBundle();
    if (c.req.param('file') !== `scalar-${version}.js`) return c.notFound();
    const reply = response.negotiate(c.req.header('accept-encoding'), c.req.header('if-none-match'));
    if (!reply.body) return c.body(null, 304, reply.headers);
    return c.body(new Uint8Array(reply.body), 200, reply.headers);
  });
  return app;
}
