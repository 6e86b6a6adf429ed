import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { isUuid } from '../../../core/ids.ts';
import type { CancelledGig } from '../../../core/schemas/holders.ts';
import { INVALID_EVENT, type PublicGig } from '../../../core/public-pages.ts';
import type { TicketOffer } from '../../../core/schemas/tickets.ts';
import type { DbOrTx } from '../../db/client.ts';
import { showName } from '../../db/gig-show.ts';
import { bandProfiles, gigs, managedArtists, regions, ticketTypes, venueProfiles, waitlistEntries } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isUpcomingApproved, queryPublicGigs } from './public-gigs.ts';

/**
 * Seats held by checkouts whose time is not up, of the gig or of one type (a hold past its time is
 * a free seat). An order for a returned ticket (decision 50) holds none.
 */
const liveHolds = (where: ReturnType<typeof sql>) =>
  sql<number>`(select coalesce(sum(o.quantity), 0)::int from orders o where o.status = 'pending' and o.expires_at > now() and o.returned_ticket_id is null and ${where})`;

/**
 * Issue 34: a type's seats held by open checkouts, counted from the orders' lines (a mixed order
 * of 2 General + 1 VIP holds 2 of one and 1 of the other; orders made before have one line).
 */
const liveTypeHolds = sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id where l.ticket_type_id = "ticket_types"."id" and o.status = 'pending' and o.expires_at > now() and o.returned_ticket_id is null)`;

/**
 * What /tickets shows for a gig (issue 21, issue 23): its band, venue, date, the price checkout will
 * charge, how many tickets one order may hold and how many are left, and its public ticket types
 * (hidden ones are unlocked by a presale code at checkout), all read here. The link's other query
 * parameters are never trusted, so a stale or edited link cannot show one price and charge another.
 */
export async function getTicketOffer(db: DbOrTx, gigId: string): Promise<{ gig: PublicGig; tickets: TicketOffer } | { cancelled: CancelledGig }> {
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', INVALID_EVENT);
  const [gig] = await queryPublicGigs(db, and(eq(gigs.id, gigId), isUpcomingApproved), { limit: 1 });
  if (!gig) {
    // Decision 49: a link to a cancelled show says so, instead of an error.
    const cancelled = await findCancelledGig(db, gigId);
    if (cancelled) return { cancelled };
  }
  if (!gig || gig.ticketPriceCents === null || !gig.band) throw new AppError('NOT_FOUND', INVALID_EVENT);
  const [[counts], types] = await Promise.all([
    db
      .select({
        maxPerOrder: gigs.maxTicketsPerOrder,
        // The gig by its id, not by a column: a select from one table names its columns unqualified, which a subquery would read as its own.
        left: sql<number>`greatest(${gigs.ticketQuantity} - ${gigs.ticketsSold} - ${gigs.doorSeats} - ${liveHolds(sql`o.gig_id = ${gigId}`)}, 0)::int`,
        held: liveHolds(sql`o.gig_id = ${gigId}`),
        hasWaitlist: sql<boolean>`exists (select 1 from ${waitlistEntries} where ${waitlistEntries.gigId} = ${gigId} and ${waitlistEntries.status} = 'waiting' and ${waitlistEntries.confirmedAt} is not null)`,
      })
      .from(gigs)
      .where(eq(gigs.id, gigId)),
    db
      .select({
        id: ticketTypes.id,
        name: ticketTypes.name,
        priceCents: ticketTypes.priceCents,
        left: sql<number>`greatest(${ticketTypes.quantity} - ${ticketTypes.sold} - ${liveTypeHolds}, 0)::int`,
        salesStartAt: ticketTypes.salesStartAt,
        salesEndAt: ticketTypes.salesEndAt,
        isHidden: ticketTypes.isHidden,
      })
      .from(ticketTypes)
      .where(eq(ticketTypes.gigId, gigId))
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt)),
  ]);
  const now = Date.now();
  return {
    gig,
    tickets: {
      maxPerOrder: counts!.maxPerOrder,
      left: counts!.left,
      isBeingPaidFor: counts!.left === 0 && counts!.held > 0,
      hasWaitlist: counts!.hasWaitlist,
      hasHiddenTypes: types.some((type) => type.isHidden),
      types: types
        .filter((type) => !type.isHidden)
        .map(({ id, name, priceCents, left, salesStartAt, salesEndAt }) => ({
          id,
          name,
          priceCents,
          left,
          salesStartAt: salesStartAt?.toISOString() ?? null,
          salesEndAt: salesEndAt?.toISOString() ?? null,
          status: salesStartAt && salesStartAt.getTime() > now ? ('not_yet' as const) : salesEndAt && salesEndAt.getTime() <= now ? ('ended' as const) : left === 0 ? ('sold_out' as const) : ('on_sale' as const),
        })),
    },
  };
}

/** A cancelled gig as its old links show it: which show it was, never why (that is for its holders). */
async function findCancelledGig(db: DbOrTx, gigId: string): Promise<CancelledGig | null> {
  const [row] = await db
    .select({
      id: gigs.id,
      showName: showName,
      venueName: venueProfiles.name,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .where(and(eq(gigs.id, gigId), isNotNull(gigs.cancelledAt)));
  return row ?? null;
}
