import { and, asc, eq, sql } from 'drizzle-orm';
import { heldPayments, orders, transfers } from '../../db/schema.ts';
import type { Services } from '../../services.ts';

const BATCH = 50;
/** After this many refused attempts a transfer is marked failed, for an admin to look into. */
export const MAX_TRANSFER_ATTEMPTS = 5;

/**
 * Sends the transfers recorded as pending (a band's share at purchase, an organiser's released
 * held payment), run by the job queue after each payment and every minute. The provider is never
 * called inside a database transaction; instead every call carries the transfer's own id as its
 * idempotency key, so a retry after a crash, or two workers sending one transfer at once, moves
 * the money once. Returns how many were sent.
 */
export async function sendPendingTransfers({ db, payments, logger }: Pick<Services, 'db' | 'payments' | 'logger'>): Promise<number> {
  const pending = await db
    .select({ transfer: transfers, gigId: sql<string | null>`coalesce(${orders.gigId}, ${heldPayments.gigId})`, paymentId: orders.providerPaymentId })
    .from(transfers)
    .leftJoin(orders, eq(orders.id, transfers.orderId))
    .leftJoin(heldPayments, eq(heldPayments.id, transfers.heldPaymentId))
    .where(eq(transfers.status, 'pending'))
    .orderBy(asc(transfers.createdAt))
    .limit(BATCH);
  let sent = 0;
  for (const { transfer, gigId, paymentId } of pending) {
    try {
      const { transferId } = await payments.transfer({
        // A share held until payout setup sends only its standing tickets' part (issue 34).
        amountCents: transfer.amountCents - transfer.reversedCents,
        destinationAccountId: transfer.destinationAccountId!,
        transferGroup: transfer.orderId ? `order_${transfer.orderId}` : `gig_${gigId}`,
        sourcePaymentId: transfer.orderId ? paymentId : null,
        description: transfer.kind === 'band_share' ? 'Band share of a ticket' : 'Organiser share of a completed gig',
        idempotencyKey: `transfer:${transfer.id}`,
      });
      await db.transaction(async (tx) => {
        await tx.update(transfers).set({ status: 'paid', providerTransferId: transferId, sentAt: new Date(), error: null }).where(and(eq(transfers.id, transfer.id), eq(transfers.status, 'pending')));
        if (transfer.heldPaymentId) await tx.update(heldPayments).set({ transferId }).where(eq(heldPayments.id, transfer.heldPaymentId));
      });
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const attempts = transfer.attempts + 1;
      await db
        .update(transfers)
        .set({ attempts, error: message, status: attempts >= MAX_TRANSFER_ATTEMPTS ? 'failed' : 'pending' })
        .where(and(eq(transfers.id, transfer.id), eq(transfers.status, 'pending')));
      logger.warn({ transferId: transfer.id, attempts, err: error }, 'transfer not sent');
    }
  }
  return sent;
}
