import { and, inArray } from 'drizzle-orm';
import type { EmbedGig, EmbedGigList } from '../../../core/embed.ts';
import { formatGigPrice } from '../../../core/public-pages.ts';
import type { EmbedGigsQuery } from '../../../core/schemas/embed.ts';
import { gigTicketsPath, sellsTickets } from '../../../core/site-urls.ts';
import { formatClock, formatLocalDate } from '../../../core/time.ts';
import type { Db } from '../../db/client.ts';
import { regions } from '../../db/schema.ts';
import { gigsNamedBy, isUpcomingApproved, queryPublicGigs, type PublicGig } from '../discovery/public-gigs.ts';

/**
 * The upcoming public gigs a widget asks for (issue 26): of a band, venue, promoter or region
 * (named by their addresses' slugs; several combine), soonest first, as ready-to-show texts with
 * absolute links to Marquee. A name that matches nothing is an empty list, never an error, so a
 * typo on someone's site shows "No upcoming gigs" rather than a broken box.
 */
export async function listEmbedGigs(db: Db, publicUrl: string, query: EmbedGigsQuery): Promise<EmbedGigList> {
  const list = await queryPublicGigs(db, and(isUpcomingApproved, gigsNamedBy(query)), { limit: query.limit });
  if (list.length === 0) return { gigs: [] };
  const regionNames = new Map(
    (await db.select({ slug: regions.slug, name: regions.name }).from(regions).where(inArray(regions.slug, [...new Set(list.map((g) => g.regionSlug))]))).map((r) => [r.slug, r.name]),
  );
  return { gigs: list.map((gig) => toEmbedGig(gig, publicUrl, regionNames.get(gig.regionSlug) ?? '')) };
}

function toEmbedGig(gig: PublicGig, publicUrl: string, city: string): EmbedGig {
  const ticketPage = sellsTickets(gig) ? `${publicUrl}${gigTicketsPath(gig)}` : null;
  const ownPage = gig.band ? `${publicUrl}/band/${encodeURIComponent(gig.band.slug)}` : `${publicUrl}/venue/${encodeURIComponent(gig.venue.slug)}`;
  return {
    id: gig.id,
    date: formatLocalDate(gig.localDate),
    time: formatClock(gig.startTime),
    startsAt: gig.startsAt,
    title: gig.band?.name ?? 'Live music',
    venue: gig.venue.name,
    city,
    price: gig.ticketPriceCents !== null ? `${formatGigPrice(gig)} + fees` : gig.coverCharge?.trim() || null,
    isSoldOut: gig.isSoldOut,
    ticketUrl: ticketPage && !gig.isSoldOut ? ticketPage : null,
    detailsUrl: ticketPage ?? ownPage,
    waitlistUrl: ticketPage && gig.isSoldOut ? ticketPage : null,
  };
}
