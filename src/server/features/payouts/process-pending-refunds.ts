import { and, asc, eq, or, sql } from 'drizzle-orm';
import { formatCents } from '../../../core/money.ts';
import { REFUND_ON_REQUEST_PREFIX, refundGoesTo } from '../../../core/refund-recipient.ts';
import { heldPayments, orders, refunds, tickets, transfers } from '../../db/schema.ts';
import { refundEmail } from '../../mail/emails/refund.ts';
import { findShowOfGig } from '../../db/show-of-gig.ts';
import type { Services } from '../../services.ts';

const BATCH = 20;
export const MAX_REFUND_ATTEMPTS = 5;

type Refund = typeof refunds.$inferSelect;

/**
 * Carries out recorded refunds (run by the job queue after each refund and every minute): the
 * provider returns the buyer's money, then takes back what was already transferred for the
 * ticket (the band's share; the organiser's, if the gig's payment was released). Each step is
 * remembered on the refund as soon as the provider confirms it, and every call carries an
 * idempotency key made from the refund's id, so a retry after a crash redoes nothing twice.
 * A refund whose band transfer is still being sent waits for it. At the end the ticket's holder
 * (a whole payment's: its buyer) gets the refund's one e-mail, naming the show, the amount and whose
 * card gets it (issue 34); a refund made by approving a request had its e-mail then, so none here.
 */
export async function processPendingRefunds(services: Pick<Services, 'db' | 'payments' | 'logger' | 'mailer' | 'env'>): Promise<number> {
  const { db, logger } = services;
  const pending = await db.select().from(refunds).where(eq(refunds.status, 'pending')).orderBy(asc(refunds.createdAt)).limit(BATCH);
  let done = 0;
  for (const refund of pending) {
    try {
      if (await carryOutRefund(services, refund)) done++;
    } catch (error) {
      const attempts = refund.attempts + 1;
      await db
        .update(refunds)
        .set({ attempts, error: error instanceof Error ? error.message : String(error), status: attempts >= MAX_REFUND_ATTEMPTS ? 'failed' : 'pending' })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
      logger.warn({ refundId: refund.id, attempts, err: error }, 'refund not completed');
    }
  }
  return done;
}

async function carryOutRefund({ db, payments, mailer, env }: Pick<Services, 'db' | 'payments' | 'mailer' | 'env'>, refund: Refund): Promise<boolean> {
  const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
  // Issue 23: a ticket's refund takes back that ticket's shares; a whole order's (paid after its
  // seats were gone: no ticket, so no shares recorded) takes back the order's.
  const [ticket] = refund.ticketId ? await db.select().from(tickets).where(eq(tickets.id, refund.ticketId)) : [];
  const shareOf = (kind: 'band_share' | 'organiser_share') =>
    kind === 'band_share' ? (ticket?.bandShareCents ?? order!.bandShareCents) : (ticket?.organiserShareCents ?? order!.organiserShareCents);
  const orderTransfers = await db.select().from(transfers).where(eq(transfers.orderId, refund.orderId));
  if (orderTransfers.some((transfer) => transfer.status === 'pending')) return false; // sent first, then taken back
  const steps = { ...refund.steps };
  const remember = async (step: string, providerId: string, transferId?: string, reversedCents = 0) => {
    await db.transaction(async (tx) => {
      const [isFirst] = await tx
        .update(refunds)
        .set({ steps: sql`${refunds.steps} || ${JSON.stringify({ [step]: providerId })}::jsonb` })
        .where(and(eq(refunds.id, refund.id), sql`${refunds.steps} ->> ${step} is null`))
        .returning({ id: refunds.id });
      // Two workers on one refund make the same keyed call; the reversal is counted once (decision 49).
      if (isFirst && transferId) await tx.update(transfers).set({ reversedCents: sql`least(${transfers.reversedCents} + ${reversedCents}::int, ${transfers.amountCents})` }).where(eq(transfers.id, transferId));
    });
    steps[step] = providerId;
  };

  if (!steps.refund) {
    const { refundId } = await payments.refund({ paymentId: order!.providerPaymentId!, amountCents: refund.amountCents, idempotencyKey: `refund:${refund.id}` });
    await remember('refund', refundId);
  }
  // Shares transferred for this order (the band's; an organiser's paid after completion).
  for (const transfer of orderTransfers) {
    const step = `reverse_${transfer.kind}`;
    if (transfer.status !== 'paid' || steps[step] || !transfer.providerTransferId) continue;
    const amountCents = Math.min(shareOf(transfer.kind), transfer.amountCents - transfer.reversedCents);
    if (amountCents <= 0) continue;
    const { reversalId } = await payments.reverseTransfer({ transferId: transfer.providerTransferId, amountCents, idempotencyKey: `reversal:${refund.id}:${transfer.kind}` });
    await remember(step, reversalId, transfer.id, amountCents);
  }
  // The organiser share held for this ticket and already released with the gig's payment.
  const heldForTicket = !orderTransfers.some((transfer) => transfer.kind === 'organiser_share');
  const organiserShare = shareOf('organiser_share');
  if (heldForTicket && organiserShare > 0 && !steps.reverse_release) {
    const [release] = await db
      .select({ id: transfers.id, providerTransferId: transfers.providerTransferId, status: transfers.status })
      .from(transfers)
      .innerJoin(heldPayments, eq(heldPayments.id, transfers.heldPaymentId))
      .where(and(eq(heldPayments.gigId, order!.gigId), or(eq(transfers.status, 'paid'), eq(transfers.status, 'pending'))));
    if (release?.status === 'pending') return false;
    if (release?.providerTransferId) {
      const { reversalId } = await payments.reverseTransfer({ transferId: release.providerTransferId, amountCents: organiserShare, idempotencyKey: `reversal:${refund.id}:release` });
      await remember('reverse_release', reversalId, release.id, organiserShare);
    }
  }

  await db.transaction(async (tx) => {
    const [finished] = await tx
      .update(refunds)
      .set({ status: 'refunded', providerRefundId: steps.refund, refundedAt: new Date(), error: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning({ id: refunds.id });
    if (!finished) return;
    if (!refund.ticketId) await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refund.orderId));
    if (refund.reason.startsWith(REFUND_ON_REQUEST_PREFIX)) return;
    const show = (await findShowOfGig(tx, order!.gigId))!;
    const mail = await refundEmail({
      show,
      amount: formatCents(refund.amountCents),
      goesTo: ticket ? refundGoesTo(ticket, order!) : 'holder',
      reason: refund.reason,
      isTicket: Boolean(ticket),
      supportEmail: env.SUPPORT_EMAIL,
    });
    await mailer.send({ to: ticket?.holderEmail ?? order!.buyerEmail, kind: 'refund', ...mail }, tx);
  });
  return true;
}
