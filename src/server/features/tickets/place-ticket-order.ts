import { and, eq, sql } from 'drizzle-orm';
import { splitTicketPayment } from '../../../core/money.ts';
import type { Db } from '../../db/client.ts';
import { gigs, orders, regions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';
import { isUuid } from '../../../core/ids.ts';

/** Spec 1 §8, BAND_NOT_FOUND: only a gig with a registered band sells tickets. */
export const BAND_NOT_REGISTERED = 'This band is not registered with Marquee. Bands must be registered to sell tickets.';

/** Spec 1 §8: what a buyer is told when no seat is free. */
const SOLD_OUT = 'Sold out';

/** How long an open checkout keeps its seat (D12). */
export const CHECKOUT_HOLD_MINUTES = 30;

export type PlacedOrder = typeof orders.$inferSelect;

/**
 * Starts a checkout for one ticket (D9, D12, D14): holds a seat and records the order with the
 * price and split taken from the gig, never from the buyer. The seat is held by one conditional
 * update (sold + held < quantity), so a burst of buyers can never hold more seats than exist.
 */
export async function placeTicketOrder(
  db: Db,
  { gigId, buyerEmail, buyerUserId = null, provider, now = new Date() }: { gigId: string; buyerEmail: string; buyerUserId?: string | null; provider: string; now?: Date },
): Promise<PlacedOrder> {
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', 'Invalid event details.');
  // Seats of checkouts that ran out are given back only when no seat is free: most checkouts find
  // one at once, and skip that sweep's write.
  try {
    return await holdSeatAndRecordOrder(db, { gigId, buyerEmail, buyerUserId, provider, now });
  } catch (error) {
    if (!(error instanceof AppError && error.message === SOLD_OUT)) throw error;
    const released = await releaseExpiredOrders(db, { gigId, now });
    if (released === 0) throw error;
    return holdSeatAndRecordOrder(db, { gigId, buyerEmail, buyerUserId, provider, now });
  }
}

async function holdSeatAndRecordOrder(
  db: Db,
  { gigId, buyerEmail, buyerUserId, provider, now }: { gigId: string; buyerEmail: string; buyerUserId: string | null; provider: string; now: Date },
): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .update(gigs)
      .set({ ticketsHeld: sql`${gigs.ticketsHeld} + 1` })
      .where(
        and(
          eq(gigs.id, gigId),
          eq(gigs.isApproved, true),
          eq(gigs.isTicketed, true),
          sql`(${gigs.bandId} is not null or ${gigs.managedArtistId} is not null)`,
          sql`${gigs.ticketsSold} + ${gigs.ticketsHeld} < ${gigs.ticketQuantity}`,
          sql`${gigs.localDate} >= (select (now() at time zone ${regions.timeZone})::date from ${regions} where ${regions.slug} = ${gigs.regionSlug})`,
        ),
      )
      .returning({ priceCents: gigs.ticketPriceCents, bandPercent: gigs.bandPercent, organiserPercent: gigs.organiserPercent });
    if (!held) {
      const [gig] = await tx
        .select({
          isTicketed: gigs.isTicketed,
          isApproved: gigs.isApproved,
          hasBand: sql<boolean>`${gigs.bandId} is not null or ${gigs.managedArtistId} is not null`,
          isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
        })
        .from(gigs)
        .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
        .where(eq(gigs.id, gigId));
      if (!gig?.isApproved || !gig.isTicketed || gig.isPast) throw new AppError('NOT_FOUND', 'Invalid event details.');
      if (!gig.hasBand) throw new AppError('NOT_FOUND', BAND_NOT_REGISTERED);
      throw new AppError('CONFLICT', SOLD_OUT);
    }
    const split = splitTicketPayment(held.priceCents ?? 0, held.bandPercent, held.organiserPercent);
    const [order] = await tx
      .insert(orders)
      .values({
        gigId,
        buyerEmail,
        buyerUserId,
        faceCents: split.faceCents,
        feeCents: split.serviceFeeCents,
        totalCents: split.totalCents,
        bandShareCents: split.bandShareCents,
        organiserShareCents: split.organiserShareCents,
        platformShareCents: split.platformShareCents,
        provider,
        expiresAt: new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000),
      })
      .returning();
    return order!;
  });
}
