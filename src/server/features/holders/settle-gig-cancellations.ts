import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { gigCancellations, gigs, orders, refunds, tickets } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { QUEUES, stopIfStopping } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { refundTicket } from '../payouts/refund-ticket.ts';
import { claimDelivery, findGigShow, holderAddress, isHeld, notYetMailed } from './gig-holders.ts';
import { showCancelledEmail } from '../../mail/emails/holder-emails.ts';

const REFUND_BATCH = 100;
const MAIL_BATCH = 200;
const CANCELLATIONS_PER_RUN = 20;
export const CANCELLED_REFUND_ACTION = 'ticket.refunded_gig_cancelled';

type Deps = Pick<Services, 'db' | 'mailer' | 'env' | 'logger'> & Partial<Pick<Services, 'stopping' | 'jobs'>>;
type Cancellation = typeof gigCancellations.$inferSelect;

/**
 * Refunds every ticket still held (valid or used) of a cancelled gig, each with refundTicket: its
 * conditional update refunds a ticket once, so a second worker on the same ticket is refused
 * (CONFLICT) and moves on. The provider is asked by the refund job, as for every refund.
 */
async function refundHeldTickets({ db, stopping }: Deps, cancellation: Cancellation): Promise<number> {
  let refunded = 0;
  for (;;) {
    stopIfStopping(stopping); // stopping: what is done is committed; the sweep carries on
    const held = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.gigId, cancellation.gigId), isHeld))
      .orderBy(asc(tickets.id))
      .limit(REFUND_BATCH);
    for (const ticket of held) {
      try {
        await refundTicket(db, {
          ticketId: ticket.id,
          reason: `The show was cancelled. ${cancellation.reason}`,
          actorId: cancellation.cancelledBy,
          isCheckedInConfirmed: true,
          amount: 'ticket',
          action: CANCELLED_REFUND_ACTION,
        });
        refunded++;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error; // refunded (or passed on) by someone else meanwhile
      }
    }
    if (held.length < REFUND_BATCH) return refunded;
  }
}

/**
 * Tells every address that held a ticket when the gig was cancelled (its ticket refunded since):
 * one e-mail per address, queued in the transaction that records its delivery.
 */
async function tellHolders({ db, mailer, env, stopping }: Deps, cancellation: Cancellation, cancelledAt: Date): Promise<number> {
  const show = await findGigShow(db, cancellation.gigId);
  let told = 0;
  for (;;) {
    stopIfStopping(stopping);
    const seen = await db.transaction(async (tx) => {
      const holders = await tx
        .select({ email: holderAddress, ticketCount: sql<number>`count(*)::int` })
        .from(tickets)
        .innerJoin(refunds, eq(refunds.ticketId, tickets.id))
        .where(and(eq(tickets.gigId, cancellation.gigId), eq(tickets.status, 'refunded'), gte(refunds.createdAt, cancelledAt), notYetMailed(tx, 'cancellation', cancellation.gigId)))
        .groupBy(holderAddress)
        .orderBy(holderAddress)
        .limit(MAIL_BATCH);
      for (const holder of holders) {
        if (!(await claimDelivery(tx, 'cancellation', cancellation.gigId, holder.email))) continue;
        const mail = await showCancelledEmail({ show, reason: cancellation.reason, ticketCount: holder.ticketCount, supportEmail: env.SUPPORT_EMAIL });
        await mailer.send({ to: holder.email, kind: 'gig_cancelled', ...mail }, tx);
        told++;
      }
      return holders.length;
    });
    if (seen < MAIL_BATCH) return told;
  }
}

/**
 * The cancellation job (decision 49; woken by each cancellation, swept every minute): for each
 * cancelled gig not yet settled, refunds every ticket still held, tells every holder, and marks the
 * cancellation settled once no ticket is held and no checkout is open, in one statement. A payment
 * applied at the very moment of the cancellation (its order was locked, so the cancellation could
 * not release it) issues tickets after it: the cancellation stays unsettled until then, and the
 * next run refunds them and tells their holder. Running twice at once, or again after a crash,
 * refunds each ticket once and e-mails each address once.
 */
export async function settleGigCancellations(services: Deps): Promise<{ refunded: number; told: number; settled: number }> {
  const { db, jobs } = services;
  const open = await db
    .select({ cancellation: gigCancellations, cancelledAt: gigs.cancelledAt })
    .from(gigCancellations)
    .innerJoin(gigs, eq(gigs.id, gigCancellations.gigId))
    .where(isNull(gigCancellations.settledAt))
    .orderBy(asc(gigCancellations.createdAt))
    .limit(CANCELLATIONS_PER_RUN);
  const totals = { refunded: 0, told: 0, settled: 0 };
  for (const { cancellation, cancelledAt } of open) {
    const refunded = await refundHeldTickets(services, cancellation);
    totals.refunded += refunded;
    if (refunded) await jobs?.send(QUEUES.processRefunds).catch(() => undefined);
    totals.told += await tellHolders(services, cancellation, cancelledAt ?? cancellation.createdAt);
    const [settled] = await db
      .update(gigCancellations)
      .set({ settledAt: sql`now()` })
      .where(
        and(
          eq(gigCancellations.gigId, cancellation.gigId),
          isNull(gigCancellations.settledAt),
          sql`not exists (select 1 from ${tickets} where ${tickets.gigId} = ${cancellation.gigId} and ${tickets.status} in ('valid', 'used'))`,
          sql`not exists (select 1 from ${orders} where ${orders.gigId} = ${cancellation.gigId} and ${orders.status} = 'pending')`,
        ),
      )
      .returning({ gigId: gigCancellations.gigId });
    if (settled) totals.settled++;
  }
  if (totals.refunded || totals.told) services.logger.info(totals, 'gig cancellations settled');
  return totals;
}
