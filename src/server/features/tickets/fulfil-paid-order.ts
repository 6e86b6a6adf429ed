import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { gigs, orders, tickets } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** A ticket id: 128 random bits, URL-safe (D14). */
export const newTicketId = () => randomBytes(16).toString('base64url');

export type Fulfilment =
  | { outcome: 'issued' | 'already_issued'; ticketId: string }
  /** Paid after its hold ran out, and the seat went to someone else: the payment must be refunded. */
  | { outcome: 'sold_out_after_expiry' };

/**
 * Applies a paid checkout (D13, D14): the order becomes paid, its held seat becomes a sold one,
 * and its ticket is issued, all in one transaction. The order row is locked first, so the same
 * payment applied any number of times at once issues one ticket; a repeat returns that ticket.
 * Inside a caller's transaction it runs as a savepoint of it. `whenIssued` runs in the same
 * transaction once a ticket is issued (a caller's other writes for a new ticket), before a held
 * seat is turned into a sold one.
 */
export async function fulfilPaidOrder(
  db: DbOrTx,
  { orderId, ...rest }: { orderId: string; providerPaymentId: string; now?: Date; whenIssued?: (tx: Tx, ticketId: string) => Promise<void> },
): Promise<Fulfilment> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', 'That order was not found.');
    return fulfilLockedOrder(tx, order, rest);
  });
}

/** fulfilPaidOrder's work, for a caller whose transaction already holds the order row locked (FOR UPDATE). */
export async function fulfilLockedOrder(
  tx: Tx,
  order: typeof orders.$inferSelect,
  { providerPaymentId, now = new Date(), whenIssued }: { providerPaymentId: string; now?: Date; whenIssued?: (tx: Tx, ticketId: string) => Promise<void> },
): Promise<Fulfilment> {
  if (order.status === 'paid' || order.status === 'refunded') {
    const [ticket] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, order.id));
    return { outcome: 'already_issued', ticketId: ticket!.id };
  }
  const issue = async () => {
    await tx.update(orders).set({ status: 'paid', paidAt: now, providerPaymentId }).where(eq(orders.id, order.id));
    const [ticket] = await tx.insert(tickets).values({ id: newTicketId(), orderId: order.id, gigId: order.gigId, holderEmail: order.buyerEmail }).returning({ id: tickets.id });
    await whenIssued?.(tx, ticket!.id);
    return { outcome: 'issued', ticketId: ticket!.id } as const;
  };
  if (order.status === 'pending') {
    // A pending order turns its held seat into a sold one. The seat is certain (the order row is
    // locked and holds it), so the gig's row, which every checkout and payment of the gig
    // updates, is updated last: the transaction then holds that row's lock only until it commits.
    // (Updated first, it was held through every write after it, and a gig's sales queued on it.)
    const issued = await issue();
    const [seat] = await tx
      .update(gigs)
      .set({ ticketsHeld: sql`${gigs.ticketsHeld} - 1`, ticketsSold: sql`${gigs.ticketsSold} + 1` })
      .where(eq(gigs.id, order.gigId))
      .returning({ id: gigs.id });
    if (!seat) throw new Error(`The gig of order ${order.id} was not found.`);
    return issued;
  }
  // An expired order needs a free seat.
  const [seat] = await tx
    .update(gigs)
    .set({ ticketsSold: sql`${gigs.ticketsSold} + 1` })
    .where(and(eq(gigs.id, order.gigId), sql`${gigs.ticketsSold} + ${gigs.ticketsHeld} < ${gigs.ticketQuantity}`))
    .returning({ id: gigs.id });
  if (!seat) {
    // The money came in all the same: keep the payment's id, for the refund that returns it.
    await tx.update(orders).set({ paidAt: now, providerPaymentId }).where(eq(orders.id, order.id));
    return { outcome: 'sold_out_after_expiry' };
  }
  return issue();
}
