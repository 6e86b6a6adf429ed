import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { serveStatic } from '@hono/node-server/serve-static';
import type { HttpBindings } from '@hono/node-server';
import { isPublicAuthPath } from './auth/create-auth.ts';
import { handleAuthRequest } from './auth/account-guard.ts';
import { AppError } from './http/app-error.ts';
import { isPinnedOnReads } from './http/client-ip.ts';
import { handleError } from './http/error-handler.ts';
import { noStoreUnlessPublic, refuseCrossSiteWrites, refuseMalformedUrls } from './http/request-guard.ts';
import type { Services } from './services.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { discoveryRoutes } from './features/discovery/routes.ts';
import { bookingRoutes } from './features/booking/routes.ts';
import { promoterVenueRoutes } from './features/promoter-venues/routes.ts';
import { gearRoutes } from './features/gear/routes.ts';
import { profileRoutes } from './features/profiles/routes.ts';
import { ticketRoutes } from './features/tickets/routes.ts';
import { waitlistRoutes } from './features/waitlist/routes.ts';
import { privateTicketHeaders, ticketPageRoutes } from './features/tickets/ticket-page-routes.ts';
import { ticketTransferRoutes } from './features/tickets/transfer-routes.ts';
import { appleWalletWebServiceRoutes } from './features/tickets/apple-wallet-web-service.ts';
import { sandboxCheckoutRoutes } from './features/tickets/sandbox-checkout-routes.ts';
import { payoutRoutes } from './features/payouts/routes.ts';
import { jamRoutes } from './features/jam/routes.ts';
import { outreachRoutes } from './features/outreach/routes.ts';
import { digestRoutes } from './features/digest/routes.ts';
import { smsRoutes } from './features/sms/routes.ts';
import { venueDatabaseRoutes } from './features/venue-database/routes.ts';
import { sandboxOnboardingRoutes } from './features/payouts/sandbox-onboarding-routes.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { holderRoutes } from './features/holders/routes.ts';
import { doorOrganiserRoutes } from './features/door/organiser-routes.ts';
import { opsRoutes } from './features/ops/routes.ts';
import { doorRoutes } from './features/door/routes.ts';
import { legacyFileRoutes } from './features/legacy-import/routes.ts';
import { apiKeyRoutes, publicApiRoutes } from './features/public-api/routes.ts';
import { embedApiRoutes, embedPageRoutes, serveEmbedScripts } from './features/embed/routes.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { fediverseAccountRoutes, federationRoutes } from './features/federation/routes.ts';
import { createMetrics } from './http/metrics.ts';
import { createPublicFastPath } from './http/public-response.ts';
import { createRequestLog } from './http/request-log.ts';
import { permissionsPolicyFor, securityHeaders, setSecurityHeaders } from './http/security-headers.ts';
import { doorAppRoutes, serveDoorAssets } from './http/serve-door-app.ts';
import { buildSitemap } from './features/seo/build-sitemap.ts';
import { getPageMeta } from './features/seo/get-page-meta.ts';
import { renderPageHead } from './features/seo/render-page-head.ts';
import { getPublicConfig, renderConfigScript } from './features/config/get-public-config.ts';
import { cacheControlFor, contentTypeFor, isSafeKey } from './storage/storage.ts';

export const CLIENT_DIST = fileURLToPath(new URL('../../dist/client', import.meta.url));

export function createApp(services: Services) {
  const { env, logger } = services;
  const app = new Hono<{ Bindings: HttpBindings }>();

  app.onError((error, c) => handleError(error, c, logger));
  const metrics = createMetrics();
  const requestLog = createRequestLog(logger, env.LOG_CACHE_HIT_SAMPLE);
  const headers = securityHeaders(env.PUBLIC_URL);
  app.use(metrics.middleware);

  app.use(async (c, next) => {
    // The client address rate limits and sign-in key on: the socket's, unless a trusted proxy
    // sets it. Only writes, the auth routes and the public API read it (reads leave the request's headers unbuilt).
    if (!env.TRUST_PROXY && (c.req.method !== 'GET' && c.req.method !== 'HEAD' || isPinnedOnReads(c.req.path))) {
      const socketIp = c.env?.incoming?.socket?.remoteAddress;
      const requestHeaders = c.req.raw.headers;
      if (socketIp) requestHeaders.set('x-forwarded-for', socketIp);
      else requestHeaders.delete('x-forwarded-for');
    }
    const started = performance.now();
    await next();
    requestLog.request({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) });
  });
  app.use(refuseMalformedUrls());
  // Built assets answer before the middleware below: they arrive precompressed, and the headers
  // meant for pages (CSP, COOP, Permissions-Policy, …) do nothing on a script or a stylesheet but
  // cost 0.6 KB on every one a page loads (decision 43). They carry only what applies to them.
  const root = path.relative(process.cwd(), CLIENT_DIST);
  app.use('/assets/*', serveStatic({ root, precompressed: true, onFound: (_p, c) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('Last-Modified', undefined); // the name changes with the content
  } }));
  // The door app's own build (issue 24), the same way.
  app.use('/qr-scanner/assets/*', serveDoorAssets());
  // The gig widget's scripts (issue 26), which other sites load.
  app.use('/embed.js', serveEmbedScripts(CLIENT_DIST));
  app.use('/embed/iframe-resizer.js', serveEmbedScripts(CLIENT_DIST));
  // HTML, JSON, XML and calendars on the fly; built assets and cached public data arrive
  // precompressed (public-response.ts), the live stream never.
  app.use(compress());
  app.use(setSecurityHeaders(headers));

  const api = new Hono();
  api.use(refuseCrossSiteWrites(env.PUBLIC_URL));
  api.use(noStoreUnlessPublic());
  api.use(bodyLimit({ maxSize: env.UPLOAD_MAX_BYTES + 64 * 1024, onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', `That upload is too large. Please keep files under ${Math.floor(env.UPLOAD_MAX_BYTES / (1024 * 1024))} MB.`);
  } }));

  api.on(['GET', 'POST'], '/auth/*', (c) => {
    // Sign-up and admin actions go through Marquee's own routes, which add profiles, rules and audit.
    if (!isPublicAuthPath(c.req.path)) throw new AppError('NOT_FOUND', 'Not found.');
    return handleAuthRequest(services, c.req.raw);
  });

  api.get('/config', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await getPublicConfig(services));
  });

  // The public API (issue 26, decision 53): versioned, documented, keyed for organisers' own data.
  api.route('/v1', publicApiRoutes(services));
  api.route('/', apiKeyRoutes(services));
  api.route('/', accountRoutes(services));
  api.route('/', contactRoutes(services));
  api.route('/', adminRoutes(services));
  api.route('/', discoveryRoutes(services));
  api.route('/', bookingRoutes(services));
  api.route('/', promoterVenueRoutes(services));
  api.route('/', profileRoutes(services));
  api.route('/', ticketRoutes(services));
  api.route('/', waitlistRoutes(services));
  api.route('/', ticketPageRoutes(services));
  api.route('/', ticketTransferRoutes(services));
  api.route('/', appleWalletWebServiceRoutes(services));
  api.route('/', payoutRoutes(services));
  api.route('/', jamRoutes(services));
  api.route('/', outreachRoutes(services));
  api.route('/', digestRoutes(services));
  api.route('/', smsRoutes(services));
  api.route('/', gearRoutes(services));
  api.route('/', venueDatabaseRoutes(services));
  api.route('/', holderRoutes(services));
  api.route('/', doorRoutes(services));
  api.route('/', doorOrganiserRoutes(services));
  api.route('/', embedApiRoutes(services));
  api.route('/', webhookRoutes(services));
  api.route('/', fediverseAccountRoutes(services));
  api.all('*', () => {
    throw new AppError('NOT_FOUND', 'Not found.');
  });
  app.route('/api', api);

  // ActivityPub (issue 26, decision 56): WebFinger, NodeInfo, actors and inboxes, outside /api.
  app.route('/', federationRoutes(services));
  app.route('/', calendarRoutes(services));
  app.route('/', opsRoutes(services, metrics));
  // Old image addresses, redirected (issue 25); before the single-page app's catch-all below.
  app.route('/', legacyFileRoutes(services));
  // The gig widget's iframe form (issue 26), the one page other sites may frame.
  app.route('/', embedPageRoutes(services));
  if (services.sandbox) {
    app.route('/', sandboxCheckoutRoutes(services, services.sandbox));
    app.route('/', sandboxOnboardingRoutes(services, services.sandbox));
  }

  app.get('/sitemap.xml', async (c) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(await buildSitemap(services.db, env.PUBLIC_URL));
  });
  app.get('/robots.txt', (c) => c.text(`User-agent: *\nDisallow: /api/\nDisallow: /dashboard\nSitemap: ${env.PUBLIC_URL}/sitemap.xml\n`));

  app.get('/files/*', async (c) => {
    const key = c.req.path.slice('/files/'.length);
    if (!isSafeKey(key)) return c.notFound();
    const body = await services.storage.get(key);
    if (!body) return c.notFound();
    c.header('Content-Type', contentTypeFor(key));
    c.header('Cache-Control', cacheControlFor(key));
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(body));
  });

  // The built client; any other path is the single-page app (unknown paths show the home page),
  // sent with the page's own title, description, preview image and JSON-LD (D17).
  app.use('/favicon.svg', serveStatic({ root, precompressed: true }));
  // The door app (issue 24): an installable offline scanner, built apart (vite.door.config.ts).
  app.route('/', doorAppRoutes());
  // Decision 46: a ticket's own page is the holder's alone (no-store, noindex), like its answers.
  app.use('/ticket/*', privateTicketHeaders());
  let indexHtml: string | undefined;
  app.get('*', async (c) => {
    indexHtml ??= await fs.readFile(path.join(CLIENT_DIST, 'index.html'), 'utf8').catch(() => undefined);
    if (!indexHtml) return c.text('The client is not built yet: run `npm run build`.', 503);
    const host = c.req.header('host');
    const meta = await services.publicCache.get(`head:${host}${c.req.path}`, () => getPageMeta(services, host, c.req.path));
    c.header('Cache-Control', 'no-cache');
    const page = renderPageHead(indexHtml, meta, env.PUBLIC_URL).replace('</head>', `${renderConfigScript(await getPublicConfig(services))}</head>`);
    return c.html(page, meta.status ?? 200);
  });

  // Issue 22: the exact public API requests answered from the cache moments ago are answered
  // again before routing (serve-app.ts), with the same headers and counted the same way.
  const servePublicHit = createPublicFastPath({
    cache: services.publicCache,
    headers: { ...headers, 'permissions-policy': permissionsPolicyFor('/api') },
    onServed: (route, method, status, started, path) => {
      const seconds = (performance.now() - started) / 1000;
      metrics.observe(method, route, status, seconds);
      requestLog.cacheHit({ method, path, status, ms: Math.round(seconds * 1000) });
    },
  });
  return Object.assign(app, { servePublicHit });
}
export type MarqueeApp = ReturnType<typeof createApp>;
