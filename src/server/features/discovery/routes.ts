import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { pageNumber } from '../../../core/schemas/fields.ts';
import { followSchema } from '../../../core/schemas/follow.ts';
import { AppError } from '../../http/app-error.ts';
import { PublicResponse, sendPublicResponse } from '../../http/public-response.ts';
import { publicCacheKey } from '../../http/response-cache.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { findVenuePage } from '../directories/get-venue-page.ts';
import { listBands } from '../directories/list-bands.ts';
import { listRehearsalSpaces } from '../directories/list-rehearsal-spaces.ts';
import { listVenues } from '../directories/list-venues.ts';
import { confirmFollow, followBand } from '../followers/follow-band.ts';
import { unsubscribeByToken } from '../digest/unsubscribe-by-token.ts';
import { clientIp } from '../../http/client-ip.ts';
import { findBandSite } from '../sites/get-band-site.ts';
import { getPromoterSite } from '../sites/get-promoter-site.ts';
import { resolveSite } from '../sites/resolve-site.ts';
import { LIVE_TOPICS } from '../live/live-events.ts';
import { getTicketOffer } from './get-ticket-offer.ts';
import { listHomeGigs } from './list-home-gigs.ts';
import { gigFiltersSchema, listGenres, listGigs } from './list-gigs.ts';
import { listRegionGigs } from './list-region-gigs.ts';

const pageSchema = z.object({ page: pageNumber(), search: z.string().trim().max(100).optional() });

/** Public data: what a visitor sees without signing in. Short cache lifetimes keep it fresh. */
export function discoveryRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;

  // Every visitor sees the same public data: serve its JSON from the shared cache, which gig
  // changes clear at once (profile edits show within PUBLIC_CACHE_SECONDS).
  // The key holds only the query parameters a route reads (issue 13), so made-up ones share an entry.
  // Each answer is kept ready to send, compressed once, with an ETag (issue 22: public-response.ts).
  const publicGet = (path: string, produce: (c: Context) => Promise<unknown>, params: readonly string[] = []) =>
    app.get(path, (c) =>
      sendPublicResponse(c, services.publicCache, publicCacheKey(new URL(c.req.url), params), async () =>
        new PublicResponse(JSON.stringify(await produce(c)), { route: `/api${path}`, contentType: 'application/json', cacheControl: 'public, max-age=5' }),
      ),
    );

  publicGet('/gigs/home', () => listHomeGigs(db));
  publicGet('/gigs', (c) => listGigs(db, parseInput(gigFiltersSchema, c.req.query())), Object.keys(gigFiltersSchema.shape));
  // After /gigs/home, which the router tries first.
  publicGet('/gigs/:gigId/ticket-offer', (c) => getTicketOffer(db, c.req.param('gigId') ?? ''));
  publicGet('/genres', async () => ({ genres: await listGenres(db) }));
  publicGet('/regions/:path/gigs', (c) => listRegionGigs(db, c.req.param('path') ?? ''));
  publicGet('/sites/:slug', async (c) => {
    const site = await resolveSite(db, c.req.param('slug') ?? '');
    if (!site) throw new AppError('NOT_FOUND', "Page not found - Sorry, that page doesn't exist here.");
    return site;
  });
  publicGet('/bands/site', async (c) => {
    const band = await findBandSite(db, { id: c.req.query('id') || undefined, slugOrName: c.req.query('name') || undefined });
    if (!band) throw new AppError('NOT_FOUND', "Band not found - Sorry, that band doesn't exist here.");
    return { band };
  }, ['id', 'name']);
  // /promoter/{slug}: a promoter's site on the main domain (spec 1 §2 'Promoter not found.').
  publicGet('/promoters/site', async (c) => {
    const promoter = await getPromoterSite(db, c.req.query('slug') ?? '');
    if (!promoter) throw new AppError('NOT_FOUND', 'Promoter not found.');
    return { promoter };
  }, ['slug']);
  publicGet('/bands', (c) => listBands(db, parseInput(pageSchema, c.req.query())), Object.keys(pageSchema.shape));
  publicGet('/venues', (c) => listVenues(db, parseInput(pageSchema, c.req.query())), Object.keys(pageSchema.shape));
  publicGet('/venues/page', async (c) => {
    const page = await findVenuePage(db, { id: c.req.query('id') || undefined, slugOrName: c.req.query('name') ?? '' });
    if (!page) throw new AppError('NOT_FOUND', 'Venue not found.');
    return page;
  }, ['id', 'name']);
  publicGet('/rehearsal-spaces', () => listRehearsalSpaces(db));

  app.post('/followers', async (c) => {
    const input = parseInput(followSchema, await readJsonBody(c));
    return c.json(await followBand(services, input.bandId, input.email, clientIp(c)));
  });
  app.post('/followers/confirm', async (c) => {
    const { token } = parseInput(z.object({ token: z.string().min(10).max(200) }), await readJsonBody(c));
    return c.json(await confirmFollow(services, token));
  });
  app.post('/followers/unsubscribe', async (c) => {
    const { token } = parseInput(z.object({ token: z.string().min(10).max(200) }), await readJsonBody(c));
    // Every marketing e-mail's unsubscribe page posts here: a follow's, the digest's, an outreach opt-out.
    return c.json(await unsubscribeByToken(services, token));
  });

  /**
   * Server-sent events: open pages refresh what they show when it changes. One event per topic
   * (gigs, gear, jam); a jam event's data is the session that changed.
   */
  app.get('/live', (c) => {
    const live = services.live;
    if (!live) throw new AppError('NOT_FOUND', 'Live updates are off.');
    return streamSSE(c, async (stream) => {
      const listeners = LIVE_TOPICS.map((topic) => {
        const listener = (detail: string) => void stream.writeSSE({ event: topic, data: detail || String(Date.now()) });
        live.events.on(topic, listener);
        return () => live.events.off(topic, listener);
      });
      // A ping every 25 s keeps proxies from closing the stream. When the instance stops, the
      // stream ends and the browser's EventSource reconnects (to another instance).
      let wake = () => {};
      const onStop = () => wake();
      services.stopping.addEventListener('abort', onStop);
      stream.onAbort(() => wake());
      await stream.writeSSE({ event: 'ready', data: '' });
      while (!stream.aborted && !services.stopping.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 25_000);
          wake = () => (clearTimeout(timer), resolve());
        });
        if (!stream.aborted && !services.stopping.aborted) await stream.writeSSE({ event: 'ping', data: '' });
      }
      services.stopping.removeEventListener('abort', onStop);
      listeners.forEach((stop) => stop());
    });
  });

  return app;
}
