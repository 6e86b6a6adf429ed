import { and, eq, ne, sql } from 'drizzle-orm';
import { USED_TICKET_REFUND_MESSAGE } from '../../../core/schemas/payouts.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, gigs, heldPayments, orders, refunds, tickets, transfers } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../../core/ids.ts';

/**
 * Refunds a ticket, named by its order (an admin's decision): in one transaction the ticket becomes refunded (so the
 * door refuses it), its seat goes back on sale, the gig's held payment loses the organiser share
 * it held for it, and a refund is recorded for the refund job, which asks the provider to return
 * the money and takes back the shares already transferred. A ticket is refunded once: the second
 * of two simultaneous refunds finds it refunded. A ticket checked in at the door is refunded only
 * when the request confirms it, decided in the same update, so a scan that lands while the admin
 * decides is caught too (issue 21, decision 37).
 */
export async function refundTicket(
  db: DbOrTx,
  { orderId, reason, adminId, isCheckedInConfirmed = false }: { orderId: string; reason: string; adminId: string; isCheckedInConfirmed?: boolean },
) {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', 'That ticket was not found.');
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(tickets)
      .set({ status: 'refunded' })
      .where(and(eq(tickets.orderId, orderId), ne(tickets.status, 'refunded'), isCheckedInConfirmed ? undefined : ne(tickets.status, 'used')))
      .returning({ orderId: tickets.orderId, gigId: tickets.gigId });
    if (!ticket) {
      const [existing] = await tx.select({ status: tickets.status }).from(tickets).where(eq(tickets.orderId, orderId));
      if (!existing) throw new AppError('NOT_FOUND', 'That ticket was not found.');
      throw new AppError('CONFLICT', existing.status === 'used' ? USED_TICKET_REFUND_MESSAGE : 'This ticket was already refunded.');
    }
    const [order] = await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, ticket.orderId)).returning();
    await tx.update(gigs).set({ ticketsSold: sql`${gigs.ticketsSold} - 1` }).where(eq(gigs.id, ticket.gigId));
    // The organiser share was held for this ticket unless a transfer row says it went elsewhere.
    const [organiserTransfer] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(and(eq(transfers.orderId, order!.id), eq(transfers.kind, 'organiser_share')));
    const heldShare = organiserTransfer ? 0 : order!.organiserShareCents;
    await tx
      .update(heldPayments)
      .set({
        ticketCount: sql`greatest(${heldPayments.ticketCount} - 1, 0)`,
        amountCents: sql`case when ${heldPayments.status} = 'holding' then greatest(${heldPayments.amountCents} - ${heldShare}::int, 0) else ${heldPayments.amountCents} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(heldPayments.gigId, ticket.gigId));
    const [refund] = await tx
      .insert(refunds)
      .values({ orderId: order!.id, amountCents: order!.totalCents, reason, requestedBy: adminId })
      .returning({ id: refunds.id, amountCents: refunds.amountCents });
    await tx.insert(auditLog).values({ actorId: adminId, action: 'ticket.refunded', targetId: orderId, details: { amountCents: refund!.amountCents, reason, ...(isCheckedInConfirmed ? { isCheckedInConfirmed } : {}) } });
    return { refundId: refund!.id, amountCents: refund!.amountCents };
  });
}

/** A payment that arrived after its seat went to someone else is returned in full. */
export async function recordSoldOutRefund(tx: DbOrTx, orderId: string) {
  const [order] = await tx.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId));
  await tx
    .insert(refunds)
    .values({ orderId, amountCents: order!.totalCents, reason: 'The show sold out before your payment arrived.' })
    .onConflictDoNothing();
}
