import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gigs, orders } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { releaseExpiredHolds } from '../tickets/ticket-sales.ts';
import { asOrganiser, findOrganisedGig } from './gig-ownership.ts';
import { markGigsForFederation } from '../federation/federate-gigs.ts';

export const GIG_HAS_SALES_MESSAGE = 'This gig has sold tickets, so it cannot be deleted. Its ticket holders expect the show.';
export const GIG_HAS_OPEN_CHECKOUTS_MESSAGE = 'Someone is paying for a ticket to this gig right now, so it cannot be deleted yet. Please try again in 30 minutes, once their checkout has closed.';

/**
 * Deletes a gig and, by cascade, its applications (spec 2 §4); a gig with sold tickets stays.
 * Decision 35: only money counts. Checkouts that expired or were cancelled are deleted with the
 * gig; one still open (a buyer may be paying) holds the delete off until its time is up; an order
 * any money moved on (a ticket, even refunded, or a payment after expiry) keeps the gig.
 */
export async function deleteGig(db: Db, sessionUser: SessionUser, gigId: string): Promise<void> {
  const organiser = asOrganiser(sessionUser);
  await db.transaction(async (tx) => {
    const gig = await findOrganisedGig(tx, organiser, gigId);
    // Locks the row, so a ticket sold at this moment either counts here or finds no gig.
    const [locked] = await tx.select({ ticketsSold: gigs.ticketsSold }).from(gigs).where(eq(gigs.id, gig.id)).for('update');
    if ((locked?.ticketsSold ?? 0) > 0) throw new AppError('CONFLICT', GIG_HAS_SALES_MESSAGE);
    await releaseExpiredHolds(tx, gig.id);
    const [counts] = await tx
      .select({
        // A provider's checkout may outlive its order by a minute (Stripe's expiry gets a margin): a few minutes' grace.
        open: sql<number>`count(*) filter (where ${orders.paidAt} is null and ${orders.expiresAt} > now() - interval '5 minutes')::int`,
        withMoney: sql<number>`count(*) filter (where ${orders.status} in ('paid', 'refunded') or ${orders.paidAt} is not null)::int`,
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
