import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { formatCents } from '../../../core/money.ts';
import { TICKET_SALES_OFF_MESSAGE } from '../../../core/payments-mode.ts';
import { WAITLIST_MESSAGES, type WaitlistOfferView } from '../../../core/schemas/waitlist.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orders, waitlistEntries, waitlistOffers } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { findOrderShow } from '../tickets/find-order-show.ts';
import { releaseExpiredOrders } from '../tickets/release-expired-orders.ts';
import { hashSecret } from './waitlist-show.ts';

type Offer = typeof waitlistOffers.$inferSelect;
type Order = typeof orders.$inferSelect;

const CLOSED_MESSAGES = {
  bought: WAITLIST_MESSAGES.offerBought,
  expired: WAITLIST_MESSAGES.offerExpired,
  declined: WAITLIST_MESSAGES.offerDeclined,
  withdrawn: WAITLIST_MESSAGES.offerWithdrawn,
} as const;

/** The offer of a link, and the order that pays for it. */
async function findOffer(db: DbOrTx, token: string): Promise<{ offer: Offer; order: Order }> {
  const [row] = await db
    .select({ offer: waitlistOffers, order: orders })
    .from(waitlistOffers)
    .innerJoin(orders, eq(orders.waitlistOfferId, waitlistOffers.id))
    .where(eq(waitlistOffers.tokenHash, hashSecret(token)));
  if (!row) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.invalidOffer);
  return row;
}

/** An offer whose time is up is over for its person, even before the sweep records it. */
const statusAt = (offer: Offer, now: Date): WaitlistOfferView['status'] => (offer.status === 'open' && offer.expiresAt <= now ? 'expired' : offer.status);

/** The offer link's page: the show, the price (face value and the usual fee) and until when it is held. */
export async function getWaitlistOffer(db: DbOrTx, token: string, now = new Date()): Promise<WaitlistOfferView> {
  const { offer, order } = await findOffer(db, token);
  const show = (await findOrderShow(db, eq(orders.id, order.id)))!;
  return {
    status: statusAt(offer, now),
    kind: offer.returnId ? 'return' : 'seat',
    email: order.buyerEmail,
    expiresAt: offer.expiresAt.toISOString(),
    showName: show.showName,
    venueName: show.venueName,
    localDate: show.localDate,
    startTime: show.startTime,
    endTime: show.endTime,
    timeZone: show.timeZone,
    ticketTypeName: show.ticketTypeName,
    faceCents: order.faceCents,
    feeCents: order.feeCents,
    totalCents: order.totalCents,
    isTestMode: order.provider === 'sandbox',
  };
}

/**
 * 'Buy your ticket' on the offer's page: opens the provider's hosted checkout for the offer's one
 * ticket, for the offer's address, until the offer's time is up. The checkout is opened once and
 * reused (two clicks at once open one: the second gets the first's address), so the order is
 * never paid through a checkout it has forgotten.
 */
export async function startOfferCheckout({ db, env, payments }: Pick<Services, 'db' | 'env' | 'payments'>, token: string, now = new Date()): Promise<{ url: string }> {
  if (env.PAYMENTS === 'off') throw new AppError('UNAVAILABLE', TICKET_SALES_OFF_MESSAGE);
  const { offer, order } = await findOffer(db, token);
  const status = statusAt(offer, now);
  if (status !== 'open') throw new AppError('CONFLICT', CLOSED_MESSAGES[status]);
  if (order.status !== 'pending') throw new AppError('CONFLICT', WAITLIST_MESSAGES.offerExpired);
  if (order.providerSessionId && offer.checkoutUrl) return { url: offer.checkoutUrl };
  const show = (await findOrderShow(db, eq(orders.id, order.id)))!;
  const typeName = show.ticketTypeName ? `${show.ticketTypeName} ticket` : 'Ticket';
  const session = await payments.createCheckout({
    orderId: order.id,
    totalCents: order.totalCents,
    description: `Ticket from the waitlist: ${show.showName} at ${show.venueName}`,
    title: 'Pay for your ticket',
    summary: [
      `${show.showName} at ${show.venueName}`,
      `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`,
      `Offered to you from the waitlist at face value (${formatCents(order.faceCents)}). The ticket is e-mailed to ${order.buyerEmail}.`,
    ],
    lineItems: [
      { label: `${typeName} (face value)`, amountCents: order.faceCents },
      { label: 'Service fee', amountCents: order.feeCents },
    ],
    buyerEmail: order.buyerEmail,
    successUrl: `${env.PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${env.PUBLIC_URL}/waitlist/offer?token=${encodeURIComponent(token)}`,
    expiresAt: order.expiresAt,
    transferGroup: `order_${order.id}`,
  });
  const url = await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(orders)
      .set({ providerSessionId: session.sessionId })
      .where(and(eq(orders.id, order.id), isNull(orders.providerSessionId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (saved) {
      await tx.update(waitlistOffers).set({ checkoutUrl: session.url }).where(eq(waitlistOffers.id, offer.id));
      return session.url;
    }
    const [current] = await tx.select({ url: waitlistOffers.checkoutUrl }).from(waitlistOffers).where(eq(waitlistOffers.id, offer.id));
    return current?.url ?? null;
  });
  if (!url) throw new AppError('CONFLICT', WAITLIST_MESSAGES.offerExpired);
  return { url };
}

/**
 * Ends open offers (passed on, or their ticket withdrawn): each offer once, and its order, which
 * holds a freed seat or nothing, gives the seat back. Returns the entries they were for.
 */
async function endOpenOffers(tx: Tx, where: SQL, status: 'declined' | 'withdrawn', now: Date): Promise<string[]> {
  const ended = await tx
    .update(waitlistOffers)
    .set({ status, endedAt: now })
    .where(and(eq(waitlistOffers.status, 'open'), where))
    .returning({ id: waitlistOffers.id, entryId: waitlistOffers.entryId });
  if (ended.length === 0) return [];
  const pending = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.waitlistOfferId, ended.map((o) => o.id)), eq(orders.status, 'pending')));
  for (const order of pending) await releaseExpiredOrders(tx, { orderId: order.id });
  return ended.map((o) => o.entryId);
}

/** An entry's open offer, passed on (the entry is leaving the line). */
export async function declineOpenOffer(tx: Tx, entryId: string, now: Date): Promise<void> {
  await endOpenOffers(tx, eq(waitlistOffers.entryId, entryId), 'declined', now);
}

/**
 * 'No thanks, pass it on': the offer ends and its person leaves the line; the ticket goes to the
 * next person at the next sweep (woken by the route).
 */
export async function declineOffer(db: DbOrTx, token: string, now = new Date()): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [offer] = await tx.select().from(waitlistOffers).where(eq(waitlistOffers.tokenHash, hashSecret(token)));
    if (!offer) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.invalidOffer);
    const [entryId] = await endOpenOffers(tx, eq(waitlistOffers.id, offer.id), 'declined', now);
    if (!entryId) {
      const status = statusAt(offer, now);
      throw new AppError('CONFLICT', status === 'open' ? WAITLIST_MESSAGES.offerExpired : CLOSED_MESSAGES[status]);
    }
    await tx.update(waitlistEntries).set({ status: 'left' }).where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, 'offered')));
    return { message: WAITLIST_MESSAGES.offerDeclined };
  });
}

/**
 * The open offers of a returned ticket that can no longer change hands (kept, used, passed on or
 * sold through another offer) end; their people did nothing wrong and keep their place in line.
 */
export async function withdrawOffersOfReturns(tx: Tx, returnIds: string[], now: Date): Promise<void> {
  if (returnIds.length === 0) return;
  const entryIds = await endOpenOffers(tx, inArray(waitlistOffers.returnId, returnIds), 'withdrawn', now);
  if (entryIds.length) await tx.update(waitlistEntries).set({ status: 'waiting' }).where(and(inArray(waitlistEntries.id, entryIds), eq(waitlistEntries.status, 'offered')));
}

/** The offer's payment issued its ticket: the offer and its person are done, whatever the offer's state (a late payment counts). */
export async function markOfferBought(tx: Tx, offerId: string, now: Date): Promise<void> {
  const [offer] = await tx.update(waitlistOffers).set({ status: 'bought', endedAt: now }).where(eq(waitlistOffers.id, offerId)).returning({ entryId: waitlistOffers.entryId });
  if (offer) await tx.update(waitlistEntries).set({ status: 'bought' }).where(eq(waitlistEntries.id, offer.entryId));
}

/**
 * Decision 50: a checkout opened for an offer ended (cancelled on the sandbox, or expired at the
 * provider) while the offer still has time: the offer keeps its seat for its person, who may open
 * a new checkout. Returns false when the offer's own time is up (the order then ends as usual).
 */
export async function endOfferCheckout(tx: Tx, order: Order, now = new Date()): Promise<boolean> {
  if (!order.waitlistOfferId || order.status !== 'pending' || order.expiresAt <= now) return false;
  await tx.update(orders).set({ providerSessionId: null }).where(eq(orders.id, order.id));
  await tx.update(waitlistOffers).set({ checkoutUrl: null }).where(eq(waitlistOffers.id, order.waitlistOfferId));
  return true;
}

