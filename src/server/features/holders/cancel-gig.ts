import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { cancelGigSchema } from '../../../core/schemas/holders.ts';
import type { Tx } from '../../db/client.ts';
import { auditLog, gigCancellations, gigs, heldPayments, orders, regions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { releaseExpiredOrders } from '../tickets/release-expired-orders.ts';
import { findManagedGig } from './gig-holders.ts';
import { markGigsForFederation } from '../federation/federate-gigs.ts';

const HOUR_MS = 60 * 60 * 1000;
const CANCELS_PER_HOUR = 10;
/** Every open checkout of the gig counts as run out: its hold ends now, however long it had left. */
const EVERY_OPEN_CHECKOUT = new Date('9999-12-31T23:59:59Z');

/** Why the gig could not be cancelled, from the gig as it is now. */
async function explainRefusal(tx: Tx, gigId: string): Promise<AppError> {
  const [gig] = await tx
    .select({
      cancelledAt: gigs.cancelledAt,
      isApproved: gigs.isApproved,
      isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(eq(gigs.id, gigId));
  if (!gig) return new AppError('NOT_FOUND', 'That gig was not found.');
  if (gig.cancelledAt) return new AppError('CONFLICT', 'This gig was already cancelled.');
  if (!gig.isApproved) return new AppError('CONFLICT', 'Only a booked gig can be cancelled. An open gig opportunity can be deleted instead.');
  if (gig.isPast) return new AppError('CONFLICT', 'This gig has already happened.');
  return new AppError('CONFLICT', 'This gig was already completed: its held payment was released or forfeited.');
}

/**
 * Issue 33 (finding 12): the checkouts the cancellation released are closed at the provider too,
 * after the commit, so their buyers cannot pay for a show that is off. Best effort: a payment that
 * still lands (the provider reports 'complete', or a call fails) finds no seat and is refunded whole.
 */
async function closeReleasedCheckouts({ db, payments, logger }: Pick<Services, 'db' | 'payments' | 'logger'>, gigId: string) {
  const released = await db
    .select({ sessionId: orders.providerSessionId })
    .from(orders)
    .where(and(eq(orders.gigId, gigId), eq(orders.status, 'expired'), isNull(orders.paidAt), isNotNull(orders.providerSessionId), eq(orders.provider, payments.name), sql`${orders.expiresAt} > now() - interval '5 minutes'`));
  for (const { sessionId } of released) {
    await payments.expireCheckout(sessionId!).catch((error: unknown) => logger.warn({ err: error, gigId, sessionId }, 'checkout of a cancelled gig not closed at the provider'));
  }
}

/**
 * Cancels a booked gig (decision 49), for its organiser or an admin. In one transaction: the gig is
 * marked cancelled, so it leaves the public pages and sells no more tickets (placeTicketOrder's
 * seat update requires it not cancelled); its open checkouts are released (a payment for one that
 * still arrives finds no seat and is refunded whole); the reason is recorded for the job and the
 * audit log; and open pages hear of the change. The `settle-gig-cancellations` job then refunds
 * every ticket once and tells every holder. The update is conditional (not yet cancelled, booked,
 * not past, not completed), so two cancellations at once cancel once; the other is told.
 */
export async function cancelGig(services: Pick<Services, 'db' | 'jobs' | 'isRateLimitEnabled' | 'payments' | 'logger'>, sessionUser: SessionUser, gigId: string, rawInput: unknown) {
  const { db, jobs } = services;
  const input = parseInput(cancelGigSchema, rawInput);
  const gig = await findManagedGig(db, sessionUser, gigId);
  await limitHits(services, `gig-cancels:${sessionUser.id}`, {
    windowMs: HOUR_MS,
    max: CANCELS_PER_HOUR,
    message: 'Too many cancellations in a short time. Please try again in an hour.',
  });
  const { ticketsSold, legacyTicketsSold } = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(gigs)
      .set({ cancelledAt: sql`now()` })
      .where(
        and(
          eq(gigs.id, gig.id),
          isNull(gigs.cancelledAt),
          eq(gigs.isApproved, true),
          sql`${gigs.localDate} >= (select (now() at time zone ${regions.timeZone})::date from ${regions} where ${regions.slug} = ${gigs.regionSlug})`,
          sql`not exists (select 1 from ${heldPayments} where ${heldPayments.gigId} = ${gigs.id} and ${heldPayments.status} <> 'holding' and ${heldPayments.importedAt} is null)`,
        ),
      )
      // Issue 25: tickets the old system sold are counted apart; Marquee refunds and tells only its own.
      .returning({ ticketsSold: sql<number>`${gigs.ticketsSold} - coalesce(${gigs.legacyTicketsSold}, 0)`, legacyTicketsSold: sql<number>`coalesce(${gigs.legacyTicketsSold}, 0)` });
    if (!cancelled) throw await explainRefusal(tx, gig.id);
    await tx.insert(gigCancellations).values({ gigId: gig.id, reason: input.reason, cancelledBy: sessionUser.id });
    const checkoutsReleased = await releaseExpiredOrders(tx, { gigId: gig.id, now: EVERY_OPEN_CHECKOUT });
    await tx.insert(auditLog).values({
      actorId: sessionUser.id,
      action: 'gig.cancelled',
      targetId: gig.id,
      details: { reason: input.reason, ticketsSold: cancelled.ticketsSold, checkoutsReleased, isAdmin: sessionUser.role === 'admin' },
    });
    await publishGigsChanged(tx);
    await emitWebhookEvent(tx, 'gig.cancelled', { gigId: gig.id, data: { reason: input.reason } });
    await markGigsForFederation(tx, [gig.id]);
    return cancelled;
  });
  await jobs?.send(QUEUES.settleGigCancellations).catch(() => undefined);
  await closeReleasedCheckouts(services, gig.id);
  const message =
    ticketsSold > 0
      ? `The gig is cancelled. Its ${ticketsSold === 1 ? 'ticket is' : `${ticketsSold} tickets are`} being refunded, and every ticket holder is being told.`
      : "The gig is cancelled and is off Marquee's public pages.";
  const oldSystem = legacyTicketsSold > 0 ? ` The ${legacyTicketsSold === 1 ? 'ticket' : `${legacyTicketsSold} tickets`} sold on the old system must be refunded there.` : '';
  return { message: message + oldSystem };
}
