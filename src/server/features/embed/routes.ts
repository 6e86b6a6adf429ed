import path from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { fieldErrors } from '../../../core/field-errors.ts';
import { EMBED_CHECKOUT_PATH } from '../../../core/embed.ts';
import { embedGigsQuerySchema, type EmbedGigsQuery } from '../../../core/schemas/embed.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { listEmbedGigs } from './list-embed-gigs.ts';
import { renderEmbedPage } from './render-embed-page.ts';

/** How long a host page's readers may keep the list (the same for the JSON and the iframe page). */
const LIST_CACHE_CONTROL = 'public, max-age=60';
/** The stable script address hosts paste: a day, so a new build reaches every site within one (decision 55). */
const SCRIPT_CACHE_CONTROL = 'public, max-age=86400';

/** The query, or a 400 naming the first wrong field (these answers go to other people's sites). */
function readQuery(c: Context): EmbedGigsQuery {
  const parsed = embedGigsQuerySchema.safeParse(c.req.query());
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  throw new AppError('BAD_REQUEST', Object.values(fields)[0] ?? 'That request is not valid.', fields);
}

/** One list per filter set, shared by the JSON and the page, from the public cache (cleared on gig changes). */
function loadGigs(services: Services, query: EmbedGigsQuery) {
  const key = `embed:${query.band ?? ''}|${query.venue ?? ''}|${query.promoter ?? ''}|${query.region ?? ''}|${query.limit}`;
  return services.publicCache.get(key, () => listEmbedGigs(services.db, services.env.PUBLIC_URL, query));
}

/** Any site may read these, errors included, and no cookie is read or set (issue 26). */
const openToEveryOrigin: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
};

/** GET /api/embed/gigs: the widget's data, public JSON (mounted on the /api sub-app). */
export function embedApiRoutes(services: Services) {
  const app = new Hono();
  app.use('/embed/*', openToEveryOrigin);
  app.get('/embed/gigs', async (c) => {
    const gigs = await loadGigs(services, readQuery(c));
    c.header('Cache-Control', LIST_CACHE_CONTROL);
    return c.json(gigs);
  });
  return app;
}

/** GET /embed/gigs: the iframe form, a standalone page other sites may frame (security-headers.ts). */
export function embedPageRoutes(services: Services) {
  const app = new Hono();
  app.get('/embed/gigs', async (c) => {
    const query = readQuery(c);
    const { gigs } = await loadGigs(services, query);
    c.header('Cache-Control', LIST_CACHE_CONTROL);
    return c.html(renderEmbedPage({ gigs, theme: query.theme, publicUrl: services.env.PUBLIC_URL }));
  });
  // Nothing else under the frameable prefix: never the app's own pages (the catch-all's index.html),
  // but for the checkout overlay's one page (decision 61), which the catch-all serves.
  app.all('/embed/*', (c, next) => {
    if (c.req.path === EMBED_CHECKOUT_PATH && (c.req.method === 'GET' || c.req.method === 'HEAD')) return next();
    throw new AppError('NOT_FOUND', 'Not found.');
  });
  return app;
}

/**
 * /embed.js (the widget) and /embed/iframe-resizer.js (the iframe's sizer), built with the client
 * (scripts/embed-build-plugin.ts): precompressed, loadable from any site, cached for a day.
 * Before the page middleware, like /assets: a script needs none of the page headers.
 */
export function serveEmbedScripts(clientDist: string): MiddlewareHandler {
  const serve = serveStatic({ root: path.relative(process.cwd(), clientDist), precompressed: true });
  return async (c, next) => {
    const found = await serve(c, next);
    if (!found) return;
    found.headers.set('Cache-Control', SCRIPT_CACHE_CONTROL);
    found.headers.set('X-Content-Type-Options', 'nosniff');
    // Other sites load it: a classic script under CORP, the resizer as a module under CORS.
    found.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    found.headers.set('Access-Control-Allow-Origin', '*');
    return found;
  };
}
