import { postalAddressOf } from '../../../core/postal-address.ts';
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { ApiGig, ApiGigFilters } from '../../../core/schemas/public-api.ts';
import { gigTicketsPath, sellsTickets } from '../../../core/site-urls.ts';
import { isUuid } from '../../../core/ids.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { gigsNamedBy, isUpcomingApproved, queryPublicGigs, type PublicGig } from '../discovery/public-gigs.ts';
import { badCursor, decodeCursor, isCursorDate, toPage } from './api-cursor.ts';

/** A public gig card as the API answers it: names and slugs, never ids of accounts or private fields. */
export function toApiGig(gig: PublicGig, publicUrl: string): ApiGig {
  return {
    id: gig.id,
    date: gig.localDate,
    startTime: gig.startTime,
    endTime: gig.endTime,
    startsAt: gig.startsAt,
    timeZone: gig.timeZone,
    region: gig.regionSlug,
    description: gig.description,
    genres: gig.band?.genres ?? [],
    priceCents: gig.ticketPriceCents,
    priceRange: gig.priceRange,
    currency: 'USD',
    coverCharge: gig.coverCharge,
    isSoldOut: gig.isSoldOut,
    url: new URL(`/venue/${encodeURIComponent(gig.venue.slug)}`, publicUrl).href,
    ticketUrl: sellsTickets(gig) ? new URL(gigTicketsPath(gig), publicUrl).href : null,
    externalTicketUrl: gig.advanceTicketUrl,
    venue: { name: gig.venue.name, slug: gig.venue.slug, address: gig.venue.address, postalAddress: postalAddressOf(gig.venue) },
    band: gig.band && { name: gig.band.name, slug: gig.band.slug },
    promoter: gig.promoter && { name: gig.promoter.name, slug: gig.promoter.slug },
  };
}

/** GET /api/v1/gigs: upcoming approved gigs in date order, filtered, a keyset page at a time. */
export async function listApiGigs(db: Db, publicUrl: string, filters: ApiGigFilters) {
  const after = filters.cursor ? decodeCursor(filters.cursor, 3) : null;
  const where = and(
    isUpcomingApproved,
    gigsNamedBy({ band: filters.band, venue: filters.venue, region: filters.region }),
    filters.from ? gte(gigs.localDate, filters.from) : undefined,
    filters.to ? lte(gigs.localDate, filters.to) : undefined,
    filters.genre ? sql`exists (select 1 from unnest(${bandProfiles.genres}) g where lower(g) = lower(${filters.genre}))` : undefined,
    after ? gigKeysetAfter(after) : undefined,
  );
  const rows = await queryPublicGigs(db, where, { limit: filters.limit + 1 });
  return toPage(rows, filters.limit, (gig) => toApiGig(gig, publicUrl), (gig) => [gig.localDate, gig.startTime, gig.id]);
}

/** After the cursor's gig in the lists' order (date, start time, id); a cursor that is not a gig's key is a 400. */
export function gigKeysetAfter([date = '', startTime = '', id = '']: string[]) {
  if (!isCursorDate(date) || !isUuid(id)) throw badCursor();
  return sql`(${gigs.localDate}, ${gigs.startTime}, ${gigs.id}) > (${date}::date, ${startTime}, ${id}::uuid)`;
}

/** GET /api/v1/gigs/{id}: one approved, not cancelled gig (past ones too: a link to it keeps working). */
export async function getApiGig(db: Db, publicUrl: string, id: string): Promise<ApiGig> {
  const [gig] = isUuid(id) ? await queryPublicGigs(db, and(eq(gigs.id, id), sql`${gigs.isApproved}`, isNull(gigs.cancelledAt)), { limit: 1 }) : [];
  if (!gig) throw new AppError('NOT_FOUND', 'That gig was not found.');
  return toApiGig(gig, publicUrl);
}
