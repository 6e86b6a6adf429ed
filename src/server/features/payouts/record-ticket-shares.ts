import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { heldPayments, orders, transfers } from '../../db/schema.ts';
import { findCompleteAccounts, findGigPayees } from './payee-accounts.ts';

export const NO_ACCOUNT_REASON = 'No complete payment account when the ticket was paid: the share stays with the platform.';

/**
 * What a paid ticket owes its band and organiser (D10, D11), recorded in the transaction that
 * issues the ticket, so a ticket never exists without its shares or the other way round:
 * - the band share becomes a pending transfer to the band's account (sent by the transfer job),
 *   or is forfeited when the band has no complete account;
 * - the organiser share is added to the gig's held payment until an admin completes the gig, or
 *   is forfeited likewise. A gig already completed pays (or forfeits) later shares at once.
 * Returns whether a transfer is waiting to be sent.
 */
export async function recordTicketShares(tx: DbOrTx, order: typeof orders.$inferSelect): Promise<{ hasPendingTransfer: boolean }> {
  const orderId = order.id;
  const payees = (await findGigPayees(tx, order.gigId))!;
  const accounts = await findCompleteAccounts(tx, [payees.bandPayeeId, payees.organiserId]);
  let hasPendingTransfer = false;

  const payOrForfeit = async (kind: 'band_share' | 'organiser_share', payeeUserId: string | null, amountCents: number, reason = NO_ACCOUNT_REASON) => {
    const destination = payeeUserId ? accounts.get(payeeUserId) : undefined;
    await tx
      .insert(transfers)
      .values({ orderId, kind, payeeUserId, amountCents, destinationAccountId: destination ?? null, status: destination ? 'pending' : 'forfeited', reason: destination ? null : reason })
      .onConflictDoNothing();
    if (destination) hasPendingTransfer = true;
  };

  if (order.bandShareCents > 0) await payOrForfeit('band_share', payees.bandPayeeId, order.bandShareCents);

  // Every paid ticket counts on the gig's held payment; the organiser's share is held there only
  // while the gig is not completed and the organiser can be paid.
  const organiserAccount = accounts.get(payees.organiserId);
  const held = organiserAccount ? order.organiserShareCents : 0;
  const [heldPayment] = await tx
    .insert(heldPayments)
    .values({ gigId: order.gigId, payeeUserId: payees.organiserId, amountCents: held, ticketCount: order.quantity })
    .onConflictDoUpdate({
      target: heldPayments.gigId,
      set: {
        ticketCount: sql`${heldPayments.ticketCount} + ${order.quantity}::int`,
        amountCents: sql`${heldPayments.amountCents} + case when ${heldPayments.status} = 'holding' then ${held}::int else 0 end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ status: heldPayments.status });
  if (order.organiserShareCents > 0) {
    if (!organiserAccount) await payOrForfeit('organiser_share', payees.organiserId, order.organiserShareCents);
    else if (heldPayment!.status === 'released') await payOrForfeit('organiser_share', payees.organiserId, order.organiserShareCents);
    else if (heldPayment!.status === 'forfeited') await payOrForfeit('organiser_share', null, order.organiserShareCents, 'The gig was completed with its payment forfeited.');
  }
  return { hasPendingTransfer };
}
