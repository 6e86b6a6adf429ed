import { eq } from 'drizzle-orm';
import { checkoutSchema } from '../../../core/schemas/tickets.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { orders } from '../../db/schema.ts';
import { findOrderShow } from './find-order-show.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { placeTicketOrder } from './place-ticket-order.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';

/**
 * Guest checkout for one ticket (D9, D14): holds a seat, then opens the provider's hosted
 * checkout for the total the server computed. If the provider cannot be reached, the seat is
 * given back at once.
 */
export async function startCheckout({ db, env, payments }: Pick<Services, 'db' | 'env' | 'payments'>, buyer: SessionUser | null, rawInput: unknown): Promise<{ url: string; orderId: string }> {
  const input = parseInput(checkoutSchema, rawInput);
  const order = await placeTicketOrder(db, { gigId: input.gigId, buyerEmail: input.email, buyerUserId: buyer?.id ?? null, provider: payments.name });
  try {
    const show = (await findOrderShow(db, eq(orders.id, order.id)))!;
    const session = await payments.createCheckout({
      orderId: order.id,
      totalCents: order.totalCents,
      description: `Ticket: ${show.showName} at ${show.venueName}`,
      title: 'Pay for your ticket',
      summary: [`${show.showName} at ${show.venueName}`, `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`, `The ticket is e-mailed to ${show.email}.`],
      lineItems: [
        { label: 'Ticket', amountCents: show.faceCents },
        { label: 'Service fee', amountCents: show.feeCents },
      ],
      buyerEmail: order.buyerEmail,
      successUrl: `${env.PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${env.PUBLIC_URL}/cancel?session_id={CHECKOUT_SESSION_ID}`,
      expiresAt: order.expiresAt,
      transferGroup: `order_${order.id}`,
    });
    await db.update(orders).set({ providerSessionId: session.sessionId }).where(eq(orders.id, order.id));
    return { url: session.url, orderId: order.id };
  } catch (error) {
    await releaseExpiredOrders(db, { orderId: order.id });
    throw error;
  }
}
