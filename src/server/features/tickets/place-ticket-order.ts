import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { splitTicketPayment } from '../../../core/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { gigs, orders, regions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';
import { isUuid } from '../../../core/ids.ts';
import { INVALID_EVENT } from '../../../core/public-pages.ts';

/** Spec 1 §8, BAND_NOT_FOUND: only a gig with a registered band sells tickets. */
export const BAND_NOT_REGISTERED = 'This band is not registered with Marquee. Bands must be registered to sell tickets.';

/** Spec 1 §8: what a buyer is told when no seat is free. */
const SOLD_OUT = 'Sold out';

/** How long an open checkout keeps its seat (D12). */
export const CHECKOUT_HOLD_MINUTES = 30;

export type PlacedOrder = typeof orders.$inferSelect;

/** Decision 35: how many open checkouts one buyer may hold for one gig, by e-mail and by client address. */
export type HoldLimits = { perEmail: number; perAddress: number };

export const TOO_MANY_HOLDS_MESSAGE = `You already have open checkouts for this gig. Please finish or cancel one, or try again when it expires (within ${CHECKOUT_HOLD_MINUTES} minutes).`;

type OrderRequest = { gigId: string; buyerEmail: string; buyerUserId: string | null; buyerIpAddress: string | null; provider: string; limits: HoldLimits | null; now: Date };

/**
 * Starts a checkout for one ticket (D9, D12, D14): holds a seat and records the order with the
 * price and split taken from the gig, never from the buyer. The seat is held by one conditional
 * update (sold + held < quantity), so a burst of buyers can never hold more seats than exist.
 */
export async function placeTicketOrder(
  db: Db,
  {
    gigId,
    buyerEmail,
    buyerUserId = null,
    buyerIpAddress = null,
    provider,
    limits = null,
    now = new Date(),
  }: { gigId: string; buyerEmail: string; buyerUserId?: string | null; buyerIpAddress?: string | null; provider: string; limits?: HoldLimits | null; now?: Date },
): Promise<PlacedOrder> {
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', INVALID_EVENT);
  const request: OrderRequest = { gigId, buyerEmail, buyerUserId, buyerIpAddress, provider, limits, now };
  // Seats of checkouts that ran out are given back by the sweep every minute, and here when no
  // seat is free: most checkouts find one at once, and skip that sweep's write.
  try {
    return await holdSeatAndRecordOrder(db, request);
  } catch (error) {
    if (!(error instanceof AppError && error.message === SOLD_OUT)) throw error;
    const released = await releaseExpiredOrders(db, { gigId, now });
    if (released === 0) throw error;
    return holdSeatAndRecordOrder(db, request);
  }
}

/**
 * Decision 35: one buyer's open checkouts for a gig, by e-mail and by client address, are capped,
 * so no one can hold a gig's seats without paying. Each count runs under a transaction lock on
 * its key, so a burst from one buyer is counted one checkout at a time.
 */
async function refuseTooManyHolds(tx: Tx, { gigId, buyerEmail, buyerIpAddress, limits, now }: OrderRequest) {
  if (!limits) return;
  const openFor = async (key: string, sameBuyer: SQL) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-holds:${gigId}:${key}`}, 0))`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.gigId, gigId), eq(orders.status, 'pending'), gt(orders.expiresAt, now), sameBuyer));
    return row?.n ?? 0;
  };
  // The e-mail's lock first, then the address's: every checkout takes them in that order.
  if ((await openFor(`email:${buyerEmail.toLowerCase()}`, sql`lower(${orders.buyerEmail}) = ${buyerEmail.toLowerCase()}`)) >= limits.perEmail) {
    throw new AppError('RATE_LIMITED', TOO_MANY_HOLDS_MESSAGE);
  }
  if (buyerIpAddress && (await openFor(`address:${buyerIpAddress}`, eq(orders.buyerIpAddress, buyerIpAddress))) >= limits.perAddress) {
    throw new AppError('RATE_LIMITED', TOO_MANY_HOLDS_MESSAGE);
  }
}

async function holdSeatAndRecordOrder(db: Db, request: OrderRequest): Promise<PlacedOrder> {
  const { gigId, buyerEmail, buyerUserId, buyerIpAddress, provider, now } = request;
  return db.transaction(async (tx) => {
    await refuseTooManyHolds(tx, request);
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
      if (!gig?.isApproved || !gig.isTicketed || gig.isPast) throw new AppError('NOT_FOUND', INVALID_EVENT);
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
        buyerIpAddress,
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
