import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, paymentEvents } from '../../db/schema.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import type { Services } from '../../services.ts';
import { sendTicketEmail } from './send-ticket-email.ts';
import { fulfilLockedOrder } from './fulfil-paid-order.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';
import { recordTicketShares } from '../payouts/record-ticket-shares.ts';
import { recordSoldOutRefund } from '../payouts/refund-ticket.ts';
import { fulfilWaitlistOrder, type WaitlistFulfilment } from '../waitlist/fulfil-waitlist-order.ts';
import { endOfferCheckout } from '../waitlist/waitlist-offers.ts';

export type EventOutcome = 'duplicate' | 'unknown_order' | 'expired' | WaitlistFulfilment['outcome'];

/**
 * Applies one provider event, once (D13): the event is recorded in the same transaction as what
 * it changes, so a duplicate (even one arriving at the same moment) finds it recorded and changes
 * nothing, and a crash half-way leaves nothing behind for redelivery to trip over. A paid
 * checkout issues the ticket, records the band's and organiser's shares (D11) and e-mails the
 * ticket; one paid after its seat was gone is recorded for a refund; an expired one gives the seat back. Events may come
 * in any order: an expiry after payment changes nothing.
 */
export async function applyPaymentEvent(services: Pick<Services, 'db' | 'mailer' | 'env' | 'ticketLinkKey'>, provider: string, event: Extract<PaymentEvent, { orderId: string }>): Promise<EventOutcome> {
  return services.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: `${provider}:${event.id}`, provider, type: event.type, payload: event })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    // Locked here, once: a duplicate of this event waits on the event row above; another event
    // of the order (an expiry racing the payment) waits here.
    const [order] = await tx.select().from(orders).where(eq(orders.id, event.orderId)).for('update');
    if (!order || order.providerSessionId !== event.sessionId) return 'unknown_order';

    if (event.type === 'checkout.expired') {
      // Decision 50: a waitlist offer holds its ticket for its own time, whatever becomes of one checkout.
      if (await endOfferCheckout(tx, order)) return 'expired';
      await releaseExpiredOrders(tx, { orderId: order.id });
      return 'expired';
    }
    // A new ticket's e-mail and shares are written with it, in the same transaction. The rows
    // every sale of the gig updates come last: the gig's held payment (in recordTicketShares),
    // then the gig's seat counts (fulfilPaidOrder), so their locks are held only until commit.
    const whenIssued = async (itx: Tx, ticketIds: string[]) => {
      await sendTicketEmail(itx, services, ticketIds);
      await recordTicketShares(itx, order);
    };
    const fulfilment = { providerPaymentId: event.paymentId ?? event.id, whenIssued };
    const result = order.waitlistOfferId ? await fulfilWaitlistOrder(tx, order, fulfilment) : await fulfilLockedOrder(tx, order, fulfilment);
    if (result.outcome === 'sold_out_after_expiry') await recordSoldOutRefund(tx, order.id);
    return result.outcome;
  });
}
