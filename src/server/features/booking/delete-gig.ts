import { and, eq, gt, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { gigs, orders } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { releaseExpiredOrders } from '../tickets/release-expired-orders.ts';
import { releaseExpiredHolds } from '../tickets/ticket-sales.ts';
import { asOrganiser, findOrganisedGig } from './gig-ownership.ts';
import { markGigsForFederation } from '../federation/federate-gigs.ts';

export const GIG_HAS_SALES_MESSAGE = 'This gig has sold tickets, so it cannot be deleted. Its ticket holders expect the show.';
export const GIG_HAS_OPEN_CHECKOUTS_MESSAGE = 'Someone is paying for a ticket to this gig right now, so it cannot be deleted yet. Please try again in 30 minutes, once their checkout has closed.';

/** A provider's checkout may outlive its order by a minute (Stripe's expiry gets a margin): a few minutes' grace. */
const PROVIDER_GRACE = sql`now() - interval '5 minutes'`;
/** The gig's orders any money moved on (a ticket, even refunded, or a payment after expiry): one keeps the gig. */
const ordersWithMoney = sql<number>`count(*) filter (where ${orders.status} in ('paid', 'refunded') or ${orders.paidAt} is not null)::int`;

/**
 * Deletes a gig and, by cascade, its applications (spec 2 §4); a gig with sold tickets stays.
 * Decision 35: only money counts; an order any money moved on (a ticket, even refunded, or a
 * payment after expiry) keeps the gig. Issue 33 (finding 12): a checkout still open no longer holds
 * the delete off for its 30 minutes (one client opening one every half hour kept a gig forever).
 * The gig's checkouts that a buyer may still be paying are first closed at the provider, outside
 * the transaction; one the provider reports already paid keeps the gig (its payment event makes it
 * a sale). Then, in the transaction, their seats are released and they are deleted with the gig;
 * an open checkout this call did not close (one opened meanwhile, or not yet at the provider) still
 * holds the delete off with the old message.
 */
export async function deleteGig(services: Pick<Services, 'db' | 'payments'>, sessionUser: SessionUser, gigId: string): Promise<void> {
  const { db, payments } = services;
  const organiser = asOrganiser(sessionUser);
  const gig = await findOrganisedGig(db, organiser, gigId);
  // A gig with sales stays: refused before any buyer's checkout is closed for nothing.
  const [money] = await db
    .select({ withMoney: ordersWithMoney })
    .from(orders)
    .where(eq(orders.gigId, gig.id));
  if ((money?.withMoney ?? 0) > 0) throw new AppError('CONFLICT', GIG_HAS_SALES_MESSAGE);

  const closable = await db
    .select({ id: orders.id, sessionId: orders.providerSessionId })
    .from(orders)
    .where(and(eq(orders.gigId, gig.id), inArray(orders.status, ['pending', 'expired']), isNull(orders.paidAt), isNotNull(orders.providerSessionId), eq(orders.provider, payments.name), gt(orders.expiresAt, PROVIDER_GRACE)));
  const closed: string[] = [];
  for (const order of closable) {
    let outcome: 'expired' | 'complete';
    try {
      outcome = await payments.expireCheckout(order.sessionId!);
    } catch {
      // Not known to be closed: it counts as open below, as before.
      continue;
    }
    if (outcome === 'complete') throw new AppError('CONFLICT', GIG_HAS_SALES_MESSAGE);
    closed.push(order.id);
  }

  await db.transaction(async (tx) => {
    // Locks the row, so a ticket sold at this moment either counts here or finds no gig.
    const [locked] = await tx.select({ ticketsSold: gigs.ticketsSold }).from(gigs).where(eq(gigs.id, gig.id)).for('update');
    if (!locked) throw new AppError('NOT_FOUND', 'That gig was not found.');
    if (locked.ticketsSold > 0) throw new AppError('CONFLICT', GIG_HAS_SALES_MESSAGE);
    // The checkouts closed at the provider give their seats back now (an order is released once).
    for (const orderId of closed) await releaseExpiredOrders(tx, { orderId });
    await releaseExpiredHolds(tx, gig.id);
    const [counts] = await tx
      .select({
        open: sql<number>`count(*) filter (where ${orders.paidAt} is null and ${orders.expiresAt} > ${PROVIDER_GRACE}${closed.length ? sql` and ${notInArray(orders.id, closed)}` : sql``})::int`,
        withMoney: ordersWithMoney,
      })
      .from(orders)
      .where(eq(orders.gigId, gig.id));
    if ((counts?.withMoney ?? 0) > 0) throw new AppError('CONFLICT', GIG_HAS_SALES_MESSAGE);
    if ((counts?.open ?? 0) > 0) throw new AppError('CONFLICT', GIG_HAS_OPEN_CHECKOUTS_MESSAGE);
    // What is left are checkouts nobody paid: they go with the gig (orders keep the gig by foreign key).
    await tx.delete(orders).where(and(eq(orders.gigId, gig.id), inArray(orders.status, ['expired', 'pending']), isNull(orders.paidAt)));
    await tx.delete(gigs).where(eq(gigs.id, gig.id));
    if (gig.isApproved) await publishGigsChanged(tx);
    if (gig.isApproved) await markGigsForFederation(tx, [gig.id]);
  });
}
