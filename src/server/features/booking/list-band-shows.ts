import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { bandPayoutOf } from '../../../core/band-payouts.ts';
import { bandShareSumsOf } from '../payouts/band-share-holds.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bandBookings, gigs, promoterProfiles, regions, venueProfiles } from '../../db/schema.ts';
import { countGigTickets } from '../tickets/gig-ticket-counts.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { gigWhen } from './band-bookings.ts';

export const BAND_SHOWS_LIMIT = 100;

/**
 * A band's own upcoming shows, soonest first (issue 21 item 18): every gig it is booked for,
 * whether it applied or an organiser chose it with 'Band already Chosen' (D34; those it can still
 * decline are marked), with the show's ticket counts (countGigTickets) and the band's payout (issue 34; a past
 * show is listed while its share is held).
 */
export async function listBandShows(db: DbOrTx, sessionUser: SessionUser) {
  if (sessionUser.role !== 'band') throw new AppError('FORBIDDEN', 'Only bands have shows to list here.');
  const rows = await db
    .select({
      gigId: gigs.id,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
      regionName: regions.name,
      venueName: venueProfiles.name,
      venueAddress: venueProfiles.address,
      organiserName: sql<string>`coalesce(${promoterProfiles.name}, ${venueProfiles.name})`,
      isTicketed: gigs.isTicketed,
      ticketPriceCents: gigs.ticketPriceCents,
      ticketQuantity: gigs.ticketQuantity,
      ticketsSold: gigs.ticketsSold,
      bandPercent: gigs.bandPercent,
      /** D34: chosen by the organiser without an application, and not declined. */
      isBookedForYou: sql<boolean>`${bandBookings.gigId} is not null`,
      /** Tickets sold or in open checkouts: the booking can no longer be declined here (D34). */
      hasTickets: sql<boolean>`${gigs.ticketsSold} + ${gigs.ticketsHeld} > 0`,
      /** Issue 34: where the band's share of the tickets is (paid, held until setup, forfeited). */
      bandShares: bandShareSumsOf(gigs.id),
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(promoterProfiles, eq(promoterProfiles.userId, gigs.promoterId))
    .leftJoin(bandBookings, and(eq(bandBookings.gigId, gigs.id), eq(bandBookings.bandId, sessionUser.id), isNull(bandBookings.declinedAt)))
    .where(
      and(
        eq(gigs.bandId, sessionUser.id),
        eq(gigs.isApproved, true),
        or(
          sql`${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date`,
          // Issue 34: a past show stays while its share is held, so the band sees the deadline.
          sql`exists (select 1 from transfers tr join orders o on o.id = tr.order_id where o.gig_id = ${gigs.id} and tr.kind = 'band_share' and tr.status = 'held')`,
        ),
      ),
    )
    .orderBy(asc(gigs.localDate), asc(gigs.startTime), asc(gigs.id))
    .limit(BAND_SHOWS_LIMIT);
  // Issue 34 item 8: the show's counts, as the organiser's card, the door and the API read them.
  const counts = await countGigTickets(db, rows.filter((r) => r.isTicketed).map((r) => r.gigId));
  return {
    shows: rows.map(({ bandShares, ...row }) => ({ ...row, when: gigWhen(row), ticketCounts: counts.get(row.gigId) ?? null, payout: bandPayoutOf(bandShares, row.localDate) })),
  };
}
