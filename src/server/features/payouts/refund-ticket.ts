import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { USED_TICKET_REFUND_MESSAGE } from '../../../core/schemas/payouts.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, gigs, heldPayments, orders, refunds, tickets, ticketTypes, transfers } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../../core/ids.ts';
import { refundAmountCents } from '../../../core/refund-recipient.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { refreshWalletPasses } from '../tickets/wallet-pass-updates.ts';

export type RefundRequest = {
  ticketId: string;
  reason: string;
  /** Who decided it: an admin, an organiser, or null for the platform's own jobs. */
  actorId: string | null;
  isCheckedInConfirmed?: boolean;
  /** 'ticket': face price and fee (the default); 'face': the face price only (a waitlist return, decision 45). */
  amount?: 'ticket' | 'face';
  /** The audit log's action. */
  action?: string;
};

/**
 * Refunds one ticket (an admin's or organiser's decision, a cancelled gig, a waitlist return): in
 * one transaction the ticket becomes refunded (so the door refuses it), its seat goes back on sale
 * (of its type too), the gig's held payment loses the organiser share it held for it, and a refund
 * is recorded for the refund job, which asks the provider to return the money and takes back the
 * shares already transferred for this ticket. A ticket is refunded once: the second of two
 * simultaneous refunds finds it refunded. A ticket checked in at the door is refunded only when
 * the request confirms it, decided in the same update, so a scan that lands while the admin
 * decides is caught too (issue 21, decision 37). The order is refunded once all its tickets are.
 */
export async function refundTicket(db: DbOrTx, { ticketId, reason, actorId, isCheckedInConfirmed = false, amount = 'ticket', action = 'ticket.refunded' }: RefundRequest) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(ticketId)) throw new AppError('NOT_FOUND', 'That ticket was not found.');
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(tickets)
      .set({ status: 'refunded' })
      .where(and(eq(tickets.id, ticketId), inArray(tickets.status, isCheckedInConfirmed ? ['valid', 'used'] : ['valid'])))
      .returning();
    if (!ticket) {
      const [existing] = await tx.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId));
      if (!existing) throw new AppError('NOT_FOUND', 'That ticket was not found.');
      if (existing.status === 'transferred') throw new AppError('CONFLICT', 'This ticket was passed on to someone else: refund the ticket they hold.');
      throw new AppError('CONFLICT', existing.status === 'used' ? USED_TICKET_REFUND_MESSAGE : 'This ticket was already refunded.');
    }
    await tx
      .update(orders)
      .set({ status: 'refunded' })
      .where(and(eq(orders.id, ticket.orderId), sql`not exists (select 1 from ${tickets} where ${tickets.orderId} = ${ticket.orderId} and ${tickets.status} in ('valid', 'used'))`));
    if (ticket.ticketTypeId) await tx.update(ticketTypes).set({ sold: sql`${ticketTypes.sold} - 1` }).where(eq(ticketTypes.id, ticket.ticketTypeId));
    await tx.update(gigs).set({ ticketsSold: sql`${gigs.ticketsSold} - 1` }).where(eq(gigs.id, ticket.gigId));
    // The organiser share was held for this ticket unless a transfer row says its order's went elsewhere.
    const [organiserTransfer] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(and(eq(transfers.orderId, ticket.orderId), eq(transfers.kind, 'organiser_share')));
    const heldShare = organiserTransfer ? 0 : ticket.organiserShareCents;
    await tx
      .update(heldPayments)
      .set({
        ticketCount: sql`greatest(${heldPayments.ticketCount} - 1, 0)`,
        amountCents: sql`case when ${heldPayments.status} = 'holding' then greatest(${heldPayments.amountCents} - ${heldShare}::int, 0) else ${heldPayments.amountCents} end`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(heldPayments.gigId, ticket.gigId), isNull(heldPayments.importedAt)));
    const amountCents = refundAmountCents(ticket, amount); // the amount the organiser's confirmation showed (issue 34)
    const [refund] = await tx
      .insert(refunds)
      .values({ orderId: ticket.orderId, ticketId: ticket.id, amountCents, reason, requestedBy: actorId })
      .returning({ id: refunds.id, amountCents: refunds.amountCents });
    await tx.insert(auditLog).values({ actorId, action, targetId: ticket.orderId, details: { ticketId: ticket.id, amountCents: refund!.amountCents, reason, ...(isCheckedInConfirmed ? { isCheckedInConfirmed } : {}) } });
    await refreshWalletPasses(tx, ticket.id); // issue 34: its saved wallet passes show it void
    await emitWebhookEvent(tx, 'ticket.refunded', { gigId: ticket.gigId, ticketId: ticket.id, data: { amountCents: refund!.amountCents, reason } });
    return { refundId: refund!.id, amountCents: refund!.amountCents, orderId: ticket.orderId, gigId: ticket.gigId };
  });
}

/**
 * The ticket an admin means by an order and a ticket's place in it (1, 2, …; an order of one
 * ticket needs no place): admins refund by order, and never see a ticket's code (the QR secret).
 * A ticket passed on to someone else is replaced by the holder's new one in the same place.
 */
export async function findTicketOfOrder(db: DbOrTx, orderId: string, position?: number): Promise<string> {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', 'That ticket was not found.');
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), ne(tickets.status, 'transferred'), position ? eq(tickets.position, position) : undefined))
    .limit(2);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'That ticket was not found.');
  if (rows.length > 1) throw new AppError('CONFLICT', 'This order holds several tickets: choose which one to refund.');
  return rows[0]!.id;
}

/** A payment that arrived after its seat went to someone else (or its gig was cancelled, decision 49) is returned in full. */
export async function recordSoldOutRefund(tx: DbOrTx, orderId: string) {
  const [order] = await tx
    .select({ totalCents: orders.totalCents, isCancelled: sql<boolean>`${gigs.cancelledAt} is not null` })
    .from(orders)
    .innerJoin(gigs, eq(gigs.id, orders.gigId))
    .where(eq(orders.id, orderId));
  const reason = order!.isCancelled ? 'The show was cancelled before your payment arrived.' : 'The show sold out before your payment arrived.';
  await tx.insert(refunds).values({ orderId, amountCents: order!.totalCents, reason }).onConflictDoNothing();
}
