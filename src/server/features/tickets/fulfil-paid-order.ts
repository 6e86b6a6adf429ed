import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { splitOrderPayment } from '../../../core/money.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { gigs, orders, presaleCodes, tickets, ticketTypes } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** A ticket id: 128 random bits, URL-safe (D14). */
export const newTicketId = () => randomBytes(16).toString('base64url');

export type Fulfilment =
  /** `ticketId` is the order's first ticket; `ticketIds` all of them, in order. */
  | { outcome: 'issued' | 'already_issued'; ticketId: string; ticketIds: string[] }
  /** Paid after its hold ran out, and the seats went to someone else: the payment must be refunded. */
  | { outcome: 'sold_out_after_expiry' };

type WhenIssued = (tx: Tx, ticketIds: string[]) => Promise<void>;

/**
 * Applies a paid checkout (D13, D14, issue 23): the order becomes paid, its held seats become sold
 * ones, and its tickets are issued (one per seat, each with its part of what the order paid), all
 * in one transaction. The order row is locked first, so the same payment applied any number of
 * times at once issues the tickets once; a repeat returns them. Inside a caller's transaction it
 * runs as a savepoint of it. `whenIssued` runs in the same transaction once tickets are issued
 * (a caller's other writes for new tickets), before held seats are turned into sold ones.
 */
export async function fulfilPaidOrder(
  db: DbOrTx,
  { orderId, ...rest }: { orderId: string; providerPaymentId: string; now?: Date; whenIssued?: WhenIssued },
): Promise<Fulfilment> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', 'That order was not found.');
    return fulfilLockedOrder(tx, order, rest);
  });
}

type Order = typeof orders.$inferSelect;

/** The order's tickets as rows to insert: its face and fee shared out as decision 45 says. */
async function ticketRows(tx: Tx, order: Order) {
  const [gig] = await tx.select({ bandPercent: gigs.bandPercent, organiserPercent: gigs.organiserPercent }).from(gigs).where(eq(gigs.id, order.gigId));
  const unit = order.faceCents / order.quantity;
  const split = splitOrderPayment(Array.from({ length: order.quantity }, () => unit), gig!.bandPercent, gig!.organiserPercent);
  // The split was fixed when the order was placed; a gig's percentages edited since change nothing.
  const shares = split.bandShareCents === order.bandShareCents && split.organiserShareCents === order.organiserShareCents && split.serviceFeeCents === order.feeCents
    ? split.tickets
    : fixedShares(order);
  return shares.map((ticket, i) => ({
    id: newTicketId(),
    orderId: order.id,
    gigId: order.gigId,
    ticketTypeId: order.ticketTypeId,
    holderEmail: order.buyerEmail,
    position: i + 1,
    faceCents: ticket.faceCents,
    feeCents: ticket.serviceFeeCents,
    bandShareCents: ticket.bandShareCents,
    organiserShareCents: ticket.organiserShareCents,
    platformShareCents: ticket.platformShareCents,
  }));
}

/** The order's own recorded shares spread over its tickets (first tickets take the left-over cents), when the gig's split changed since it was placed. */
function fixedShares(order: Order) {
  const spread = (total: number) => Array.from({ length: order.quantity }, (_, i) => Math.floor(total / order.quantity) + (i < total % order.quantity ? 1 : 0));
  const [face, fee, band, organiser] = [order.faceCents, order.feeCents, order.bandShareCents, order.organiserShareCents].map(spread);
  return face!.map((faceCents, i) => ({
    faceCents,
    serviceFeeCents: fee![i]!,
    bandShareCents: band![i]!,
    organiserShareCents: organiser![i]!,
    platformShareCents: faceCents + fee![i]! - band![i]! - organiser![i]!,
  }));
}

/** fulfilPaidOrder's work, for a caller whose transaction already holds the order row locked (FOR UPDATE). */
export async function fulfilLockedOrder(tx: Tx, order: Order, { providerPaymentId, now = new Date(), whenIssued }: { providerPaymentId: string; now?: Date; whenIssued?: WhenIssued }): Promise<Fulfilment> {
  const quantity = order.quantity;
  if (order.status === 'paid' || order.status === 'refunded') {
    const issued = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, order.id)).orderBy(asc(tickets.position));
    const ticketIds = issued.map((t) => t.id);
    return { outcome: 'already_issued', ticketId: ticketIds[0]!, ticketIds };
  }
  const issue = async () => {
    await tx.update(orders).set({ status: 'paid', paidAt: now, providerPaymentId }).where(eq(orders.id, order.id));
    const inserted = await tx.insert(tickets).values(await ticketRows(tx, order)).returning({ id: tickets.id, position: tickets.position });
    const ticketIds = inserted.sort((a, b) => a.position - b.position).map((t) => t.id);
    await whenIssued?.(tx, ticketIds);
    return { outcome: 'issued', ticketId: ticketIds[0]!, ticketIds } as const;
  };
  // A returned ticket bought from the waitlist (decision 50) held no seat: it takes the one its
  // holder's refund just gave back, in the same transaction, as an expired order takes a free one.
  if (order.status === 'pending' && !order.returnedTicketId) {
    // A pending order turns its held seats into sold ones. The seats are certain (the order row is
    // locked and holds them), so the gig's row, which every checkout and payment of the gig
    // updates, is updated last: the transaction then holds that row's lock only until it commits.
    // (Updated first, it was held through every write after it, and a gig's sales queued on it.)
    const issued = await issue();
    if (order.ticketTypeId) {
      await tx
        .update(ticketTypes)
        .set({ held: sql`${ticketTypes.held} - ${quantity}::int`, sold: sql`${ticketTypes.sold} + ${quantity}::int` })
        .where(eq(ticketTypes.id, order.ticketTypeId));
    }
    const [seat] = await tx
      .update(gigs)
      .set({ ticketsHeld: sql`${gigs.ticketsHeld} - ${quantity}::int`, ticketsSold: sql`${gigs.ticketsSold} + ${quantity}::int` })
      .where(eq(gigs.id, order.gigId))
      .returning({ id: gigs.id });
    if (!seat) throw new Error(`The gig of order ${order.id} was not found.`);
    return issued;
  }
  // An expired order needs free seats (of its type, and its presale code's uses, too), all or none.
  const noSeat = new Error('no free seat');
  try {
    // A savepoint: a code's uses or a type's seat taken before the gig is found full are given back.
    await tx.transaction(async (seats) => {
      if (order.presaleCodeId) {
        const [code] = await seats
          .update(presaleCodes)
          .set({ uses: sql`${presaleCodes.uses} + ${quantity}::int` })
          .where(and(eq(presaleCodes.id, order.presaleCodeId), sql`${presaleCodes.uses} + ${quantity}::int <= ${presaleCodes.maxUses}`))
          .returning({ id: presaleCodes.id });
        if (!code) throw noSeat;
      }
      if (order.ticketTypeId) {
        const [type] = await seats
          .update(ticketTypes)
          .set({ sold: sql`${ticketTypes.sold} + ${quantity}::int` })
          .where(and(eq(ticketTypes.id, order.ticketTypeId), sql`${ticketTypes.sold} + ${ticketTypes.held} + ${quantity}::int <= ${ticketTypes.quantity}`))
          .returning({ id: ticketTypes.id });
        if (!type) throw noSeat;
      }
      const [seat] = await seats
        .update(gigs)
        .set({ ticketsSold: sql`${gigs.ticketsSold} + ${quantity}::int` })
        // Decision 49: a cancelled gig has no seat for anyone, so the payment is refunded whole.
        .where(and(eq(gigs.id, order.gigId), isNull(gigs.cancelledAt), sql`${gigs.ticketsSold} + ${gigs.ticketsHeld} + ${quantity}::int <= ${gigs.ticketQuantity}`))
        .returning({ id: gigs.id });
      if (!seat) throw noSeat;
    });
  } catch (error) {
    if (error !== noSeat) throw error;
    // The money came in all the same: keep the payment's id, for the refund that returns it.
    await tx.update(orders).set({ paidAt: now, providerPaymentId }).where(eq(orders.id, order.id));
    return { outcome: 'sold_out_after_expiry' };
  }
  return issue();
}
