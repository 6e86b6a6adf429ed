import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, refunds, tickets, waitlistEntries, waitlistOffers, waitlistReturns } from '../../db/schema.ts';
import { refundGoesTo } from '../../../core/refund-recipient.ts';
import { AppError } from '../../http/app-error.ts';
import { refundTicket } from '../payouts/refund-ticket.ts';
import { fulfilLockedOrder, type Fulfilment } from '../tickets/fulfil-paid-order.ts';
import { markOfferBought, withdrawOffersOfReturns } from './waitlist-offers.ts';

/** What the returning holder's refund says (face value; the fee paid for a sale that happened). */
export const RETURN_REFUND_REASON = 'Your returned ticket was bought by someone on the waitlist. We refund its face value; the service fee is not refunded.';
/** The same for a ticket passed on to its holder (issue 34, item 3): they paid nothing, so the face value goes to the original buyer's card. */
export const RETURN_REFUND_TO_BUYER_REASON =
  'Your returned ticket was bought by someone on the waitlist. Its face value goes back to the card of the original buyer, who paid for it, not to you; the service fee is not refunded.';

/** The returned ticket's refund reason, by whose card gets the money (refund-recipient.ts's one rule). */
async function returnRefundReason(tx: Tx, ticketId: string): Promise<string> {
  const [row] = await tx
    .select({ transferredFromId: tickets.transferredFromId, holderEmail: tickets.holderEmail, buyerEmail: orders.buyerEmail })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.id, ticketId));
  return row && refundGoesTo(row, row) === 'original_buyer' ? RETURN_REFUND_TO_BUYER_REASON : RETURN_REFUND_REASON;
}
/** What the buyer's refund says when the ticket was used or kept before their payment arrived. */
export const RETURN_GONE_REASON =
  'The ticket offered to you from the waitlist could no longer change hands when your payment arrived (its holder used it or kept it), so your payment is refunded in full. You keep your place on the waitlist.';

/** A paid waitlist order: as any order, or `issued_from_return` when a returned ticket changed hands (a refund is then due to its holder). */
export type WaitlistFulfilment = Fulfilment | { outcome: 'issued_from_return'; ticketId: string; ticketIds: string[] };

type Order = typeof orders.$inferSelect;
type Options = Parameters<typeof fulfilLockedOrder>[2];

const notAvailable = new Error('the returned ticket can no longer change hands');

/**
 * Applies the payment of a waitlist offer's order (decision 50), inside the payment event's
 * transaction, with the order row locked. A freed seat is paid like any checkout (its order held
 * the seat). A returned ticket changes hands in this one transaction: its return becomes sold and
 * the holder's ticket is refunded at face value, each only if still so (listed; valid), then the
 * seat that refund gave back is sold to the buyer, whose ticket is issued. A ticket used at the
 * door, kept, or passed on in the meantime is not voided: the buyer's payment is refunded in full
 * instead, and they keep their place in line.
 */
export async function fulfilWaitlistOrder(tx: Tx, order: Order, options: Options): Promise<WaitlistFulfilment> {
  const now = options.now ?? new Date();
  const offerId = order.waitlistOfferId!;
  if (!order.returnedTicketId || order.status === 'paid' || order.status === 'refunded') {
    const result = await fulfilLockedOrder(tx, order, options);
    if (result.outcome === 'issued') await markOfferBought(tx, offerId, now);
    return result;
  }
  const returnedTicketId = order.returnedTicketId;
  try {
    // A savepoint: the return, the holder's refund and the buyer's ticket happen together or not at all.
    const issued = await tx.transaction(async (swap) => {
      const [sold] = await swap
        .update(waitlistReturns)
        .set({ status: 'sold', endedAt: now })
        .where(and(eq(waitlistReturns.ticketId, returnedTicketId), eq(waitlistReturns.status, 'listed')))
        .returning({ id: waitlistReturns.id });
      if (!sold) throw notAvailable;
      try {
        // Refunded only while still valid (one conditional update); its seat is free until the buyer's ticket takes it below.
        await refundTicket(swap, { ticketId: returnedTicketId, reason: await returnRefundReason(swap, returnedTicketId), actorId: null, amount: 'face', action: 'ticket.returned_and_resold' });
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') throw notAvailable;
        throw error;
      }
      // The seat the refund gave back, with the gig's row locked since; only a cancelled show (decision 49) refuses it.
      const result = await fulfilLockedOrder(swap, order, options);
      if (result.outcome !== 'issued') throw notAvailable;
      await markOfferBought(swap, offerId, now);
      // Another offer of the same ticket (a late payment beat it) ends; its person keeps their place.
      await withdrawOffersOfReturns(swap, [sold.id], now);
      return result;
    });
    return { ...issued, outcome: 'issued_from_return' };
  } catch (error) {
    if (error !== notAvailable) throw error;
    return refundUnavailableReturn(tx, order, options.providerPaymentId, now);
  }
}

/** The buyer paid for a ticket that can no longer change hands: the whole payment goes back. */
async function refundUnavailableReturn(tx: Tx, order: Order, providerPaymentId: string, now: Date): Promise<WaitlistFulfilment> {
  await tx.update(orders).set({ paidAt: now, providerPaymentId, status: order.status === 'pending' ? 'expired' : order.status }).where(eq(orders.id, order.id));
  await tx.insert(refunds).values({ orderId: order.id, amountCents: order.totalCents, reason: RETURN_GONE_REASON }).onConflictDoNothing();
  const [offer] = await tx
    .update(waitlistOffers)
    .set({ status: 'withdrawn', endedAt: now })
    .where(and(eq(waitlistOffers.id, order.waitlistOfferId!), inArray(waitlistOffers.status, ['open', 'expired'])))
    .returning({ entryId: waitlistOffers.entryId });
  if (offer) await tx.update(waitlistEntries).set({ status: 'waiting' }).where(and(eq(waitlistEntries.id, offer.entryId), inArray(waitlistEntries.status, ['offered', 'left'])));
  return { outcome: 'sold_out_after_expiry' };
}
