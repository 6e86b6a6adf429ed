import type { Services } from '../../services.ts';
import { listHomeGigs } from '../discovery/list-home-gigs.ts';
import { listRegionGigs } from '../discovery/list-region-gigs.ts';
import { findBandSite } from '../sites/get-band-site.ts';
import { getPromoterSite } from '../sites/get-promoter-site.ts';
import { resolveSite, siteSlugFromHost } from '../sites/resolve-site.ts';
import { findVenuePage } from '../directories/get-venue-page.ts';
import { siteUrl as siteUrlOf } from '../../../core/site-urls.ts';
import { AppError } from '../../http/app-error.ts';
import type { PublicGig } from '../discovery/public-gigs.ts';
import { musicEventJsonLd, postalAddressJsonLd } from './json-ld.ts';
import type { PageMeta } from './render-page-head.ts';

const DEFAULT_DESCRIPTION = 'Find upcoming gigs in your city, buy tickets, and follow local bands on Marquee.';

/** A lookup that answers 404 gives no page data rather than an error. */
async function unlessNotFound<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/bands': { title: 'Bands | Marquee', description: 'Every band and performer on Marquee, with their next shows.' },
  '/venues': { title: 'Venues | Marquee', description: 'Venues and their upcoming booked performances.' },
  '/rehearsal-space': { title: 'Rehearsal Spaces | Marquee', description: 'Find a space to rehearse near you.' },
  '/open-jam': { title: 'Open Jam | Marquee', description: 'Sign up for songs and instruments at the next open jam, live.' },
  '/gear-swap': { title: 'Gear Swap | Marquee', description: 'Buy and sell instruments, amps and pedals with local musicians.' },
  '/gigs': { title: 'All upcoming gigs | Marquee', description: 'Every upcoming show, filterable by region, date and genre.' },
  '/login': { title: 'Log in | Marquee', description: DEFAULT_DESCRIPTION },
  '/register': { title: 'Register | Marquee', description: 'Join Marquee as a fan, musician, band, venue, promoter, manager or rehearsal space.' },
};

/** The title, description, preview image and JSON-LD of a page, for its server-rendered head. */
export async function getPageMeta(services: Services, host: string | undefined, path: string): Promise<PageMeta> {
  const { db, env } = services;
  const publicUrl = env.PUBLIC_URL;
  const siteUrl = (slug: string) => siteUrlOf(publicUrl, slug);
  const absolute = (url: string | null | undefined) => (url ? new URL(url, publicUrl).toString() : undefined);
  const events = (gigs: PublicGig[]) => gigs.map((g) => musicEventJsonLd(g, { publicUrl, siteUrl }));
  const generic: PageMeta = { title: 'Marquee: live music near you', description: DEFAULT_DESCRIPTION, canonical: `${publicUrl}${path}` };

  const siteSlug = siteSlugFromHost(host, publicUrl);
  if (siteSlug) {
    const site = await resolveSite(db, siteSlug);
    if (site?.kind === 'band') {
      const b = site.band;
      return {
        title: `${b.name} | Marquee`,
        description: b.bio || b.description || `${b.name} on Marquee: upcoming shows, music and contacts.`,
        image: absolute(b.heroImageUrl),
        canonical: siteUrl(b.slug),
        type: 'music.group',
        siteSlug,
        jsonLd: [{ '@context': 'https://schema.org', '@type': 'MusicGroup', name: b.name, genre: b.genres, url: siteUrl(b.slug), image: absolute(b.heroImageUrl) }, ...events(b.gigs)],
      };
    }
    if (site?.kind === 'promoter') {
      const p = site.promoter;
      return {
        title: `${p.name} | Marquee`,
        description: p.description || `${p.name}, music promoter: upcoming events on Marquee.`,
        image: absolute(p.imageUrl),
        canonical: siteUrl(p.slug),
        type: 'profile',
        siteSlug,
        jsonLd: events(p.gigs),
      };
    }
    return { ...generic, title: 'Page not found | Marquee', siteSlug, status: 404 };
  }

  const bandMatch = /^\/band\/([^/]+)\/?$/.exec(path);
  if (bandMatch) {
    const band = await findBandSite(db, { slugOrName: decodeURIComponent(bandMatch[1]!) });
    if (!band) return { ...generic, title: 'Band not found | Marquee', status: 404 };
    return {
      title: `${band.name} | Marquee`,
      description: band.bio || band.description || `${band.name} on Marquee.`,
      image: absolute(band.heroImageUrl),
      canonical: siteUrl(band.slug),
      type: 'music.group',
      jsonLd: events(band.gigs),
    };
  }

  const promoterMatch = /^\/promoter\/([^/]+)\/?$/.exec(path);
  if (promoterMatch) {
    const p = await getPromoterSite(db, decodeURIComponent(promoterMatch[1]!));
    if (!p) return { ...generic, title: 'Promoter not found | Marquee', status: 404 };
    return {
      title: `${p.name} | Marquee`,
      description: p.description || `${p.name}, music promoter: upcoming events on Marquee.`,
      image: absolute(p.imageUrl),
      canonical: siteUrl(p.slug),
      type: 'profile',
      jsonLd: events(p.gigs),
    };
  }

  const venueMatch = /^\/venue\/([^/]+)\/?$/.exec(path);
  if (venueMatch) {
    const page = await findVenuePage(db, { slugOrName: decodeURIComponent(venueMatch[1]!) });
    if (!page) return { ...generic, title: 'Venue not found | Marquee', status: 404 };
    const v = page.venue;
    return {
      title: `${v.name} | Live music in ${v.regionName} | Marquee`,
      description: `Upcoming shows at ${v.name}, ${v.address}.`,
      image: absolute(v.imageUrl),
      canonical: `${publicUrl}/venue/${v.slug}`,
      type: 'place',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'MusicVenue', name: v.name, address: postalAddressJsonLd(v), url: `${publicUrl}/venue/${v.slug}` }, ...events(page.gigs)],
    };
  }

  const regionMatch = /^\/([a-z0-9-]+)\/?$/.exec(path);
  const data = regionMatch && !STATIC_PAGES[path] ? await unlessNotFound(listRegionGigs(db, regionMatch[1]!)) : null;
  if (data) {
    const first = data.gigs.find((g) => g.band?.imageUrl);
    return {
      title: `Live Music in ${data.region.name} | Marquee`,
      description: `Upcoming shows in ${data.region.name}: ${data.gigs.map((g) => g.band?.name).filter(Boolean).slice(0, 4).join(', ') || 'check back soon'}.`,
      image: absolute(first?.band?.imageUrl),
      canonical: `${publicUrl}${data.region.path}`,
      jsonLd: events(data.gigs),
    };
  }

  if (path === '/') {
    const { gigs } = await listHomeGigs(db);
    return { ...generic, image: absolute(gigs.find((g) => g.band?.imageUrl)?.band?.imageUrl), jsonLd: events(gigs) };
  }
  const fixed = STATIC_PAGES[path.replace(/\/$/, '')];
  return fixed ? { ...generic, ...fixed } : generic;
}
