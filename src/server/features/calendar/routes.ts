import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { regions } from '../../db/schema.ts';
import { listUpcomingPublicGigs } from '../discovery/public-gigs.ts';
import { findBandSite } from '../sites/get-band-site.ts';
import { findVenuePage } from '../directories/get-venue-page.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { buildCalendarFeed } from './build-calendar-feed.ts';

const FEED_LIMIT = 200;

/** Subscribable iCalendar feeds: /calendar/band/{slug}.ics, /calendar/venue/{slug}.ics, /calendar/region/{slug}.ics. */
export function calendarRoutes(services: Services) {
  const app = new Hono();
  const { db, env } = services;
  const siteOf = (slug: string) => siteUrl(env.PUBLIC_URL, slug);
  const send = (c: Context, name: string, ics: string) =>
    c.body(ics, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `inline; filename="${name}.ics"`,
      'Cache-Control': 'public, max-age=300',
    });

  app.get('/calendar/:kind/:file{[^/]+\\.ics}', async (c) => {
    const kind = c.req.param('kind');
    const slug = decodeURIComponent(c.req.param('file').replace(/\.ics$/, ''));
    const url = `${env.PUBLIC_URL}${c.req.path}`;
    if (kind === 'band') {
      const band = await findBandSite(db, { slugOrName: slug });
      if (!band) return c.notFound();
      return send(c, band.slug, buildCalendarFeed({ name: `${band.name} on Marquee`, url, gigs: band.gigs, siteUrl: siteOf }));
    }
    if (kind === 'venue') {
      const page = await findVenuePage(db, { slugOrName: slug });
      if (!page) return c.notFound();
      return send(c, page.venue.slug, buildCalendarFeed({ name: `${page.venue.name} on Marquee`, url, gigs: page.gigs, siteUrl: siteOf }));
    }
    if (kind === 'region') {
      const [region] = await db.select().from(regions).where(eq(regions.slug, slug));
      if (!region) return c.notFound();
      const list = await listUpcomingPublicGigs(db, 'region', region.slug, FEED_LIMIT);
      return send(c, region.slug, buildCalendarFeed({ name: `Live music in ${region.name}`, url, gigs: list, siteUrl: siteOf }));
    }
    return c.notFound();
  });
  return app;
}
