import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { applyProviderEvent } from './receive-payment-event.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';

const BATCH = 100;

type SettleServices = Pick<Services, 'db' | 'mailer' | 'payments' | 'jobs' | 'env' | 'logger' | 'ticketLinkKey' | 'doorKeySecret'>;

/**
 * The every-minute sweep of checkouts whose time is up (decision 35). First reconciliation: each
 * order still pending after its checkout's time asks the provider (the sandbox's table, Stripe's
 * Checkout Session) whether it was paid after all, its event lost or late, and a paid one is
 * applied like its event, once (the order row decides: a second application finds it paid).
 * Then every hold still unpaid gives its seat back, so held seats never count as sold for longer
 * than a checkout lasts.
 */
export async function settleExpiredOrders(services: SettleServices, { now = new Date() }: { now?: Date } = {}): Promise<{ reconciled: number; released: number }> {
  const { db, payments, logger } = services;
  const due = await db
    .select({ id: orders.id, sessionId: orders.providerSessionId })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now), eq(orders.provider, payments.name), isNotNull(orders.providerSessionId)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH);
  let reconciled = 0;
  for (const order of due) {
    try {
      const checkout = await payments.retrieveCheckout(order.sessionId!);
      if (!checkout.isPaid) continue;
      const outcome = await applyProviderEvent(services, {
        id: `reconciled_${order.sessionId}`,
        type: 'checkout.paid',
        orderId: order.id,
        sessionId: order.sessionId!,
        paymentId: checkout.paymentId,
      });
      if (outcome === 'issued' || outcome === 'issued_from_return' || outcome === 'sold_out_after_expiry') reconciled += 1;
    } catch (error) {
      // The provider could not say: the hold is released below all the same, and a payment that
      // did happen still arrives as its event (paid after expiry: a free seat, or a refund).
      logger.warn({ err: error, orderId: order.id }, 'could not ask the payment provider about an expired checkout');
    }
  }
  // A full batch may leave due orders not yet asked about: only the asked ones are released now.
  let released = 0;
  if (due.length < BATCH) released = await releaseExpiredOrders(db, { now });
  else for (const order of due) released += await releaseExpiredOrders(db, { orderId: order.id });
  if (reconciled) logger.warn({ reconciled }, 'payments applied by reconciliation: their events had not arrived');
  return { reconciled, released };
}
