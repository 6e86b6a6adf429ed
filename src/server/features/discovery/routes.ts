import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { followSchema } from '../../../core/schemas/follow.ts';
import { AppError } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { getVenuePage, resolveVenueId } from '../directories/get-venue-page.ts';
import { listBands } from '../directories/list-bands.ts';
import { listRehearsalSpaces } from '../directories/list-rehearsal-spaces.ts';
import { listVenues } from '../directories/list-venues.ts';
import { followBand, unsubscribeFollower } from '../followers/follow-band.ts';
import { getBandSite, resolveBandId } from '../sites/get-band-site.ts';
import { resolveSite } from '../sites/resolve-site.ts';
import { listHomeGigs } from './list-home-gigs.ts';
import { gigFiltersSchema, listGenres, listGigs } from './list-gigs.ts';
import { listRegionGigs } from './list-region-gigs.ts';

const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), search: z.string().trim().max(100).optional() });

/** Public data: what a visitor sees without signing in. Short cache lifetimes keep it fresh. */
export function discoveryRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'public, max-age=15');
  });

  app.get('/gigs/home', async (c) => c.json(await listHomeGigs(db)));
  app.get('/gigs', async (c) => c.json(await listGigs(db, parseInput(gigFiltersSchema, c.req.query()))));
  app.get('/genres', async (c) => c.json({ genres: await listGenres(db) }));
  app.get('/regions/:path/gigs', async (c) => c.json(await listRegionGigs(db, c.req.param('path'))));

  app.get('/sites/:slug', async (c) => {
    const site = await resolveSite(db, c.req.param('slug'));
    if (!site) throw new AppError('NOT_FOUND', "Page not found - Sorry, that page doesn't exist here.");
    return c.json(site);
  });
  app.get('/bands/site', async (c) => {
    const id = await resolveBandId(db, { id: c.req.query('id') || undefined, slugOrName: c.req.query('name') || undefined });
    const band = id ? await getBandSite(db, id) : null;
    if (!band) throw new AppError('NOT_FOUND', "Band not found - Sorry, that band doesn't exist here.");
    return c.json({ band });
  });
  app.get('/bands', async (c) => c.json(await listBands(db, parseInput(pageSchema, c.req.query()))));
  app.get('/venues', async (c) => c.json(await listVenues(db, parseInput(pageSchema, c.req.query()))));
  app.get('/venues/page', async (c) => {
    const id = await resolveVenueId(db, { id: c.req.query('id') || undefined, slugOrName: c.req.query('name') ?? '' });
    const page = id ? await getVenuePage(db, id) : null;
    if (!page) throw new AppError('NOT_FOUND', 'Venue not found.');
    return c.json(page);
  });
  app.get('/rehearsal-spaces', async (c) => c.json(await listRehearsalSpaces(db)));

  app.post('/followers', async (c) => {
    const input = parseInput(followSchema, await c.req.json().catch(() => ({})));
    return c.json(await followBand(services, input.bandId, input.email));
  });
  app.post('/followers/unsubscribe', async (c) => {
    const { token } = parseInput(z.object({ token: z.string().min(10).max(200) }), await c.req.json().catch(() => ({})));
    return c.json(await unsubscribeFollower(services, token));
  });

  /** Server-sent events: open pages refresh their gig lists when gigs change. */
  app.get('/live', (c) => {
    const live = services.live;
    if (!live) throw new AppError('NOT_FOUND', 'Live updates are off.');
    return streamSSE(c, async (stream) => {
      const onGigs = () => void stream.writeSSE({ event: 'gigs', data: String(Date.now()) });
      live.events.on('gigs', onGigs);
      stream.onAbort(() => {
        live.events.off('gigs', onGigs);
      });
      await stream.writeSSE({ event: 'ready', data: '' });
      while (!stream.aborted) {
        await stream.sleep(25_000);
        await stream.writeSSE({ event: 'ping', data: '' });
      }
    });
  });

  return app;
}
