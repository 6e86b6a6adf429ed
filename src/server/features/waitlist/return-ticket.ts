import { and, eq, sql } from 'drizzle-orm';
import { WAITLIST_MESSAGES } from '../../../core/schemas/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { gigs, orders, refundRequests, regions, tickets, waitlistReturns } from '../../db/schema.ts';
import { CANT_GO_REASONS } from '../../../core/cant-go.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { withdrawOffersOfReturns } from './waitlist-offers.ts';

const TICKET_ID = /^[A-Za-z0-9_-]{16,64}$/;

export type ReturnState = { ticketId: string; returnStatus: 'listed' | 'withdrawn' };

const REFUSED_BY_STATUS = {
  used: WAITLIST_MESSAGES.returnUsed,
  refunded: WAITLIST_MESSAGES.returnRefunded,
  transferred: WAITLIST_MESSAGES.returnTransferred,
} as const;

/**
 * 'Return this ticket' (decision 50): the holder offers a ticket back through the waitlist. Nothing
 * changes hands yet: the ticket stays valid (the holder may still come, or keep it), and is
 * refunded at face value only when someone on the waitlist pays for it. The ticket id is the proof
 * of holding it (D14), so the ticket's own link may call this; the dashboard checks the account
 * first (returnMyTicket). The ticket's row is locked while it is listed, so a check-in at the same
 * moment lands before (the return is refused: used) or after (the return is withdrawn, and a
 * payment for it is refunded instead). Returning twice is refused and changes nothing.
 */
export async function returnTicket(db: DbOrTx, { ticketId, returnedBy = null, now = new Date() }: { ticketId: string; returnedBy?: string | null; now?: Date }): Promise<ReturnState> {
  if (!TICKET_ID.test(ticketId)) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.ticketNotFound);
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({
        status: tickets.status,
        gigId: tickets.gigId,
        isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
        isCancelled: sql<boolean>`${gigs.cancelledAt} is not null`,
        // A refund the holder asked for is answered first (issue 34, item 4), as the 'Can't go?' panel says.
        hasOpenRefundRequest: sql<boolean>`exists (select 1 from ${refundRequests} where ${refundRequests.ticketId} = ${tickets.id} and ${refundRequests.status} = 'open')`,
      })
      .from(tickets)
      .innerJoin(gigs, eq(gigs.id, tickets.gigId))
      .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
      .where(eq(tickets.id, ticketId))
      .for('update', { of: tickets });
    if (!ticket) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.ticketNotFound);
    if (ticket.status !== 'valid') throw new AppError('CONFLICT', REFUSED_BY_STATUS[ticket.status]);
    if (ticket.isPast) throw new AppError('CONFLICT', WAITLIST_MESSAGES.returnPast);
    if (ticket.isCancelled) throw new AppError('CONFLICT', WAITLIST_MESSAGES.returnCancelled);
    if (ticket.hasOpenRefundRequest) throw new AppError('CONFLICT', CANT_GO_REASONS.refundAsked);
    // A ticket once kept may be returned again (at the back of the returns).
    const [listed] = await tx
      .insert(waitlistReturns)
      .values({ ticketId, gigId: ticket.gigId, returnedBy, listedAt: now })
      .onConflictDoUpdate({ target: waitlistReturns.ticketId, set: { status: 'listed', listedAt: now, returnedBy, endedAt: null }, setWhere: sql`${waitlistReturns.status} = 'withdrawn'` })
      .returning({ id: waitlistReturns.id });
    if (!listed) {
      const [existing] = await tx.select({ status: waitlistReturns.status }).from(waitlistReturns).where(eq(waitlistReturns.ticketId, ticketId));
      throw new AppError('CONFLICT', existing?.status === 'sold' ? WAITLIST_MESSAGES.returnSold : WAITLIST_MESSAGES.alreadyReturned);
    }
    return { ticketId, returnStatus: 'listed' };
  });
}

/**
 * 'Keep my ticket': a return not yet bought is taken back; an offer made of it ends (its person
 * keeps their place in line). Once someone on the waitlist has paid, it is too late.
 */
export async function keepTicket(db: DbOrTx, { ticketId, now = new Date() }: { ticketId: string; now?: Date }): Promise<ReturnState> {
  if (!TICKET_ID.test(ticketId)) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.ticketNotFound);
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .update(waitlistReturns)
      .set({ status: 'withdrawn', endedAt: now })
      .where(and(eq(waitlistReturns.ticketId, ticketId), eq(waitlistReturns.status, 'listed')))
      .returning({ id: waitlistReturns.id });
    if (!kept) {
      const [existing] = await tx.select({ status: waitlistReturns.status }).from(waitlistReturns).where(eq(waitlistReturns.ticketId, ticketId));
      throw new AppError('CONFLICT', existing?.status === 'sold' ? WAITLIST_MESSAGES.returnSold : WAITLIST_MESSAGES.notReturned);
    }
    await withdrawOffersOfReturns(tx, [kept.id], now);
    return { ticketId, returnStatus: 'withdrawn' };
  });
}

/** What a ticket's page says about returning it: its face value, whether it may be returned now, and its return if any. */
export async function findTicketReturn(db: DbOrTx, ticketId: string): Promise<{ faceCents: number; isReturnable: boolean; returnStatus: 'listed' | 'sold' | 'withdrawn' | null }> {
  const [row] = await db
    .select({
      faceCents: tickets.faceCents,
      isReturnable: sql<boolean>`${tickets.status} = 'valid' and ${gigs.cancelledAt} is null and ${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date`,
      returnStatus: waitlistReturns.status,
    })
    .from(tickets)
    .innerJoin(gigs, eq(gigs.id, tickets.gigId))
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .leftJoin(waitlistReturns, eq(waitlistReturns.ticketId, tickets.id))
    .where(eq(tickets.id, ticketId));
  return row ?? { faceCents: 0, isReturnable: false, returnStatus: null };
}

/**
 * The dashboard's own tickets (as 'Your tickets' lists them): held by the account's address, once
 * that address is confirmed, or bought while signed in (D32). Anything else is not found.
 */
async function assertOwnTicket(db: DbOrTx, user: SessionUser, ticketId: string): Promise<void> {
  if (!TICKET_ID.test(ticketId)) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.ticketNotFound);
  const [ticket] = await db
    .select({ holderEmail: tickets.holderEmail, buyerUserId: orders.buyerUserId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.id, ticketId));
  const isHolder = ticket?.holderEmail.toLowerCase() === user.email.toLowerCase() && (user.emailVerified || ticket.buyerUserId === user.id);
  if (!isHolder) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.ticketNotFound);
}

export async function returnMyTicket(db: DbOrTx, user: SessionUser, ticketId: string): Promise<ReturnState> {
  await assertOwnTicket(db, user, ticketId);
  return returnTicket(db, { ticketId, returnedBy: user.id });
}

export async function keepMyTicket(db: DbOrTx, user: SessionUser, ticketId: string): Promise<ReturnState> {
  await assertOwnTicket(db, user, ticketId);
  return keepTicket(db, { ticketId });
}
