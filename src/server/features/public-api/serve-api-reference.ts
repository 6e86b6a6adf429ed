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

/** The top of the reference page: Marquee's name and a way back, then how to get a key and make a first call. */
function gettingStarted(origin: string): string {
  const call = `curl -H "Authorization: Bearer mq_live_…" ${origin}/api/v1/me/gigs`;
  return `
<header style="background:#09090b;color:#f4f4f5;font-family:system-ui,sans-serif;padding:16px 20px;border-bottom:1px solid #27272a">
  <div style="max-width:960px;margin:0 auto;display:flex;flex-wrap:wrap;gap:8px 20px;align-items:baseline;justify-content:space-between">
    <a href="/" style="color:#fbbf24;font-weight:800;font-size:22px;text-decoration:none">Marquee</a>
    <a href="/" style="color:#fbbf24">Back to Marquee</a>
  </div>
</header>
<section aria-labelledby="api-start" style="background:#18181b;color:#e4e4e7;font-family:system-ui,sans-serif;padding:16px 20px;line-height:1.5">
  <div style="max-width:960px;margin:0 auto">
    <h1 id="api-start" style="font-size:24px;margin:0 0 8px">Marquee public API: getting started</h1>
    <p style="margin:0 0 8px">Public data (gigs, bands, venues, promoters) needs no key: <code>curl ${origin}/api/v1/gigs?region=chicagoland</code></p>
    <ol style="margin:0 0 8px;padding-left:20px">
      <li>Sign in as a venue, promoter or band and open your <a href="/dashboard" style="color:#fbbf24">dashboard</a>; in the API keys card, make a key (tick the scopes you need). It is shown once: keep it safe.</li>
      <li>Send it as a bearer token: <code style="word-break:break-all">${call}</code></li>
    </ol>
    <p style="margin:0">Every route and answer is described below and in <a href="/api/v1/openapi.json" style="color:#fbbf24">the OpenAPI document</a>.</p>
  </div>
</section>`;
}

/**
 * The API's reference page (Scalar) at /api/v1/docs, reading /api/v1/openapi.json. Its inline
 * start-up script carries a fresh nonce that the page's own policy allows (apiReferencePolicy);
 * everything else it loads comes from Marquee itself.
 */
export function serveApiReference(publicUrl: string) {
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
    const rendered = await render(c, async () => {});
    if (!rendered) return c.notFound();
    // Issue 35: the page says whose it is, leads back, and starts with a key and a first call, as
    // plain HTML that shows while the reference's script (about 1 MB) is still on its way.
    const html = (await rendered.text()).replace(/<body([^>]*)>/, (body) => `${body}${gettingStarted(publicUrl.replace(/\/$/, ''))}`);
    return c.html(html, 200, { 'Content-Security-Policy': apiReferencePolicy(nonce), 'Cache-Control': 'no-store' });
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
