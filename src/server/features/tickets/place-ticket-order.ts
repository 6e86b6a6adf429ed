import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { splitOrderPayment, type OrderSplit } from '../../../core/money.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { gigs, orders, presaleCodes, regions, ticketTypes, waitlistEntries } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';
import { isUuid } from '../../../core/ids.ts';
import { INVALID_EVENT } from '../../../core/public-pages.ts';
import { ORDER_MESSAGES, PROOF_MESSAGES } from '../../../core/schemas/tickets.ts';
import { WAITLIST_MESSAGES } from '../../../core/schemas/waitlist.ts';
import { GIG_CANCELLED_REFUSAL } from '../../../core/schemas/holders.ts';

/** Spec 1 §8, BAND_NOT_FOUND: only a gig with a registered band sells tickets. */
export const BAND_NOT_REGISTERED = 'This band is not registered with Marquee. Bands must be registered to sell tickets.';

/** Spec 1 §8: what a buyer is told when no seat is free. */
const SOLD_OUT = 'Sold out';

/** How long an open checkout keeps its seat (D12). */
export const CHECKOUT_HOLD_MINUTES = 30;

export type PlacedOrder = typeof orders.$inferSelect;

/** Decision 35: how many tickets one buyer may hold in open checkouts for one gig, by e-mail and by client address. */
export type HoldLimits = { perEmail: number; perAddress: number };

export const TOO_MANY_HOLDS_MESSAGE = `You already have open checkouts for this gig. Please finish or cancel one, or try again when it expires (within ${CHECKOUT_HOLD_MINUTES} minutes).`;

export type OrderInput = {
  gigId: string;
  buyerEmail: string;
  buyerUserId?: string | null;
  buyerIpAddress?: string | null;
  provider: string;
  limits?: HoldLimits | null;
  now?: Date;
  /** Issue 23: how many tickets (1 to the gig's per-order limit). */
  quantity?: number;
  /** Issue 23: the ticket type, for a gig that has types. */
  ticketTypeId?: string | null;
  /** Issue 23: a presale code, which unlocks a hidden type. */
  presaleCode?: string | null;
  /** Decision 50: the waitlist offer this order is for; it is not held back for the waitlist, and holds its seat as long as the offer lasts. */
  waitlistOffer?: { id: string; expiresAt: Date } | null;
  /**
   * Issue 23 (on-sale day): while more seats are held by open checkouts than are free, a hold
   * needs the buyer's proof of work. 'checked' when the checkout carried a valid one; 'none' when
   * it did not (refused then); null where no proof applies (the platform's own orders, tests).
   */
  proof?: 'checked' | 'none' | null;
};

type OrderRequest = Required<Omit<OrderInput, 'ticketTypeId' | 'presaleCode' | 'waitlistOffer' | 'proof'>> & {
  ticketTypeId: string | null;
  presaleCode: string | null;
  waitlistOffer: { id: string; expiresAt: Date } | null;
  proof: 'checked' | 'none' | null;
};


/**
 * Starts a checkout (D9, D12, D14, issue 23): holds `quantity` seats and records the order with the
 * price and split taken from the gig or its ticket type, never from the buyer. Seats are held by
 * conditional updates (sold + held + quantity within the quantity, of the type and of the gig),
 * and a presale code's uses likewise, so a burst of buyers can never hold more than exists.
 * Anything refused rolls the whole hold back.
 */
export async function placeTicketOrder(db: DbOrTx, input: OrderInput): Promise<PlacedOrder> {
  const request: OrderRequest = {
    gigId: input.gigId,
    buyerEmail: input.buyerEmail,
    buyerUserId: input.buyerUserId ?? null,
    buyerIpAddress: input.buyerIpAddress ?? null,
    provider: input.provider,
    limits: input.limits ?? null,
    now: input.now ?? new Date(),
    quantity: input.quantity ?? 1,
    ticketTypeId: input.ticketTypeId ?? null,
    presaleCode: input.presaleCode?.trim().toUpperCase() || null,
    waitlistOffer: input.waitlistOffer ?? null,
    proof: input.proof ?? null,
  };
  if (!isUuid(request.gigId)) throw new AppError('NOT_FOUND', INVALID_EVENT);
  if (request.ticketTypeId !== null && !isUuid(request.ticketTypeId)) throw new AppError('NOT_FOUND', ORDER_MESSAGES.unknownType);
  if (!Number.isInteger(request.quantity) || request.quantity < 1) throw new AppError('VALIDATION', ORDER_MESSAGES.quantity);
  // Seats of checkouts that ran out are given back by the sweep every minute, and here when no
  // seat is free: most checkouts find one at once, and skip that sweep's write.
  try {
    return await holdSeatsAndRecordOrder(db, request);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    const released = await releaseExpiredOrders(db, { gigId: request.gigId, now: request.now });
    if (released === 0) throw error;
    return holdSeatsAndRecordOrder(db, request);
  }
}

/**
 * Decision 35: the tickets one buyer holds in open checkouts for a gig, by e-mail and by client
 * address, are capped, so no one can hold a gig's seats without paying. Each count runs under a
 * transaction lock on its key, so a burst from one buyer is counted one checkout at a time.
 */
async function refuseTooManyHolds(tx: Tx, { gigId, buyerEmail, buyerIpAddress, limits, now, quantity }: OrderRequest) {
  if (!limits) return;
  const heldFor = async (key: string, sameBuyer: SQL) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-holds:${gigId}:${key}`}, 0))`);
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
      .from(orders)
      .where(and(eq(orders.gigId, gigId), eq(orders.status, 'pending'), gt(orders.expiresAt, now), sameBuyer));
    return row?.n ?? 0;
  };
  // The e-mail's lock first, then the address's: every checkout takes them in that order.
  if ((await heldFor(`email:${buyerEmail.toLowerCase()}`, sql`lower(${orders.buyerEmail}) = ${buyerEmail.toLowerCase()}`)) + quantity > limits.perEmail) {
    throw new AppError('RATE_LIMITED', TOO_MANY_HOLDS_MESSAGE);
  }
  if (buyerIpAddress && (await heldFor(`address:${buyerIpAddress}`, eq(orders.buyerIpAddress, buyerIpAddress))) + quantity > limits.perAddress) {
    throw new AppError('RATE_LIMITED', TOO_MANY_HOLDS_MESSAGE);
  }
}

const isOnSale = (now: Date) =>
  sql`(${ticketTypes.salesStartAt} is null or ${ticketTypes.salesStartAt} <= ${now}) and (${ticketTypes.salesEndAt} is null or ${ticketTypes.salesEndAt} > ${now})`;

/** Takes `quantity` uses of a presale code, atomically; refuses an unknown, expired or used-up code. */
async function usePresaleCode(tx: Tx, { gigId, presaleCode, quantity, now }: OrderRequest): Promise<{ id: string; ticketTypeId: string }> {
  const [used] = await tx
    .update(presaleCodes)
    .set({ uses: sql`${presaleCodes.uses} + ${quantity}::int` })
    .where(
      and(
        eq(presaleCodes.gigId, gigId),
        eq(presaleCodes.code, presaleCode!),
        sql`${presaleCodes.uses} + ${quantity}::int <= ${presaleCodes.maxUses}`,
        sql`(${presaleCodes.expiresAt} is null or ${presaleCodes.expiresAt} > ${now})`,
      ),
    )
    .returning({ id: presaleCodes.id, ticketTypeId: presaleCodes.ticketTypeId });
  if (used) return used;
  const [code] = await tx.select().from(presaleCodes).where(and(eq(presaleCodes.gigId, gigId), eq(presaleCodes.code, presaleCode!)));
  if (!code) throw new AppError('VALIDATION', ORDER_MESSAGES.unknownCode, { presaleCode: ORDER_MESSAGES.unknownCode });
  if (code.expiresAt && code.expiresAt <= now) throw new AppError('VALIDATION', ORDER_MESSAGES.expiredCode, { presaleCode: ORDER_MESSAGES.expiredCode });
  const left = code.maxUses - code.uses;
  const message = left <= 0 ? ORDER_MESSAGES.usedUpCode : ORDER_MESSAGES.codeUsesLeft(left);
  throw new AppError('VALIDATION', message, { presaleCode: message });
}

/** Holds seats of a ticket type; refuses one not on sale, hidden without its code, or without enough left. */
async function holdTypeSeats(tx: Tx, { gigId, quantity, now }: OrderRequest, typeId: string, unlockedTypeId: string | null) {
  const [held] = await tx
    .update(ticketTypes)
    .set({ held: sql`${ticketTypes.held} + ${quantity}::int` })
    .where(
      and(
        eq(ticketTypes.id, typeId),
        eq(ticketTypes.gigId, gigId),
        sql`${ticketTypes.sold} + ${ticketTypes.held} + ${quantity}::int <= ${ticketTypes.quantity}`,
        isOnSale(now),
        unlockedTypeId ? sql`(not ${ticketTypes.isHidden} or ${ticketTypes.id} = ${unlockedTypeId})` : eq(ticketTypes.isHidden, false),
      ),
    )
    .returning({ priceCents: ticketTypes.priceCents });
  if (held) return held.priceCents;
  const [type] = await tx.select().from(ticketTypes).where(and(eq(ticketTypes.id, typeId), eq(ticketTypes.gigId, gigId)));
  if (!type || (type.isHidden && type.id !== unlockedTypeId && !unlockedTypeId)) {
    if (type?.isHidden) throw new AppError('VALIDATION', ORDER_MESSAGES.codeNeeded, { presaleCode: ORDER_MESSAGES.codeNeeded });
    throw new AppError('NOT_FOUND', ORDER_MESSAGES.unknownType);
  }
  if (type.isHidden && type.id !== unlockedTypeId) throw new AppError('VALIDATION', ORDER_MESSAGES.codeForOtherType, { presaleCode: ORDER_MESSAGES.codeForOtherType });
  if (type.salesStartAt && type.salesStartAt > now) throw new AppError('VALIDATION', ORDER_MESSAGES.notOnSaleYet(type.name));
  if (type.salesEndAt && type.salesEndAt <= now) throw new AppError('VALIDATION', ORDER_MESSAGES.saleEnded(type.name));
  throw seatsLeftRefusal(type.quantity - type.sold - type.held, type.held > 0, type.name);
}

/** 'Sold out', or how many are left; while checkouts hold seats, a fair 'try again' instead (issue 23). */
function seatsLeftRefusal(left: number, hasOpenHolds: boolean, typeName: string | null): AppError {
  if (left > 0) return new AppError('CONFLICT', ORDER_MESSAGES.onlyLeft(left, typeName), { quantity: ORDER_MESSAGES.onlyLeft(left, typeName) });
  if (hasOpenHolds) return new AppError('CONFLICT', ORDER_MESSAGES.beingPaidFor);
  return new AppError('CONFLICT', SOLD_OUT);
}

/** Decision 50: while confirmed fans wait for a sold-out gig, a seat that comes free is theirs first. */
const hasWaitlist = sql`exists (select 1 from ${waitlistEntries} where ${waitlistEntries.gigId} = ${gigs.id} and ${waitlistEntries.status} = 'waiting' and ${waitlistEntries.confirmedAt} is not null)`;

async function holdSeatsAndRecordOrder(db: DbOrTx, request: OrderRequest): Promise<PlacedOrder> {
  const { gigId, buyerEmail, buyerUserId, buyerIpAddress, provider, now, quantity, waitlistOffer } = request;
  return db.transaction(async (tx) => {
    await refuseTooManyHolds(tx, request);
    const code = request.presaleCode ? await usePresaleCode(tx, request) : null;
    const typeId = request.ticketTypeId ?? code?.ticketTypeId ?? null;
    const typePrice = typeId ? await holdTypeSeats(tx, request, typeId, code?.ticketTypeId ?? null) : null;
    const [held] = await tx
      .update(gigs)
      .set({ ticketsHeld: sql`${gigs.ticketsHeld} + ${quantity}::int` })
      .where(
        and(
          eq(gigs.id, gigId),
          eq(gigs.isApproved, true),
          eq(gigs.isTicketed, true),
          isNull(gigs.cancelledAt),
          sql`(${gigs.bandId} is not null or ${gigs.managedArtistId} is not null)`,
          sql`${gigs.ticketsSold} + ${gigs.ticketsHeld} + ${quantity}::int <= ${gigs.ticketQuantity}`,
          sql`${quantity}::int <= ${gigs.maxTicketsPerOrder}`,
          // On-sale day: with more seats held than free, only a buyer with a proof of work holds.
          request.proof === 'none' ? sql`${gigs.ticketsHeld} <= ${gigs.ticketQuantity} - ${gigs.ticketsSold} - ${gigs.ticketsHeld}` : sql`true`,
          // A gig with ticket types sells only by type; one without sells at its simple price.
          typeId ? sql`true` : sql`not exists (select 1 from ${ticketTypes} where ${ticketTypes.gigId} = ${gigs.id})`,
          waitlistOffer ? sql`true` : sql`not ${hasWaitlist}`,
          sql`${gigs.localDate} >= (select (now() at time zone ${regions.timeZone})::date from ${regions} where ${regions.slug} = ${gigs.regionSlug})`,
        ),
      )
      .returning({ priceCents: gigs.ticketPriceCents, bandPercent: gigs.bandPercent, organiserPercent: gigs.organiserPercent });
    if (!held) throw await explainRefusedGig(tx, request, typeId);
    const unitCents = typePrice ?? held.priceCents ?? 0;
    const split = splitOrderPayment(Array.from({ length: quantity }, () => unitCents), held.bandPercent, held.organiserPercent);
    const [order] = await tx
      .insert(orders)
      .values({
        gigId,
        buyerEmail,
        buyerUserId,
        buyerIpAddress,
        quantity,
        ticketTypeId: typeId,
        presaleCodeId: code?.id ?? null,
        ...orderMoney(split),
        provider,
        expiresAt: waitlistOffer?.expiresAt ?? new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60_000),
        waitlistOfferId: waitlistOffer?.id ?? null,
      })
      .returning();
    return order!;
  });
}

/** An order's money columns: what the buyer pays and its split (D10), as computed once. */
export const orderMoney = (split: OrderSplit) => ({
  faceCents: split.faceCents,
  feeCents: split.serviceFeeCents,
  totalCents: split.totalCents,
  bandShareCents: split.bandShareCents,
  organiserShareCents: split.organiserShareCents,
  platformShareCents: split.platformShareCents,
});

/** Why the gig's seats could not be held, from the gig as it is now. */
async function explainRefusedGig(tx: Tx, { gigId, quantity, proof, waitlistOffer }: OrderRequest, typeId: string | null): Promise<AppError> {
  const [gig] = await tx
    .select({
      isTicketed: gigs.isTicketed,
      isApproved: gigs.isApproved,
      isCancelled: sql<boolean>`${gigs.cancelledAt} is not null`,
      hasBand: sql<boolean>`${gigs.bandId} is not null or ${gigs.managedArtistId} is not null`,
      isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
      left: sql<number>`(${gigs.ticketQuantity} - ${gigs.ticketsSold} - ${gigs.ticketsHeld})::int`,
      held: gigs.ticketsHeld,
      maxPerOrder: gigs.maxTicketsPerOrder,
      hasTypes: sql<boolean>`exists (select 1 from ${ticketTypes} where ${ticketTypes.gigId} = ${gigs.id})`,
      hasWaitlist: sql<boolean>`${hasWaitlist}`,
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(eq(gigs.id, gigId));
  if (!gig?.isApproved || !gig.isTicketed || gig.isPast) return new AppError('NOT_FOUND', INVALID_EVENT);
  if (gig.isCancelled) return new AppError('CONFLICT', GIG_CANCELLED_REFUSAL);
  if (!gig.hasBand) return new AppError('NOT_FOUND', BAND_NOT_REGISTERED);
  if (quantity > gig.maxPerOrder) return new AppError('VALIDATION', ORDER_MESSAGES.perOrderLimit(gig.maxPerOrder), { quantity: ORDER_MESSAGES.perOrderLimit(gig.maxPerOrder) });
  if (!typeId && gig.hasTypes) return new AppError('VALIDATION', ORDER_MESSAGES.chooseType, { ticketTypeId: ORDER_MESSAGES.chooseType });
  if (gig.hasWaitlist && !waitlistOffer) return new AppError('CONFLICT', WAITLIST_MESSAGES.waitlistFirst);
  if (proof === 'none' && gig.left >= quantity && gig.held > gig.left) return new AppError('VALIDATION', PROOF_MESSAGES.needed, { proof: 'needed' });
  return seatsLeftRefusal(gig.left, gig.held > 0, null);
}
