import { eq } from 'drizzle-orm';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { bandProfiles, gigs, managedArtists, orders, paymentEvents, regions, venueProfiles } from '../../db/schema.ts';
import { ticketEmail } from '../../mail/templates.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import type { Services } from '../../services.ts';
import { fulfilPaidOrder, type Fulfilment } from './fulfil-paid-order.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';

export type EventOutcome = 'duplicate' | 'unknown_order' | 'expired' | Fulfilment['outcome'];

/**
 * Applies one provider event, once (D13): the event is recorded in the same transaction as what
 * it changes, so a duplicate (even one arriving at the same moment) finds it recorded and changes
 * nothing, and a crash half-way leaves nothing behind for redelivery to trip over. A paid
 * checkout issues the ticket and e-mails it; an expired one gives the seat back. Events may come
 * in any order: an expiry after payment changes nothing.
 */
export async function applyPaymentEvent({ db, mailer }: Pick<Services, 'db' | 'mailer'>, provider: string, event: PaymentEvent): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: `${provider}:${event.id}`, provider, type: event.type, payload: event })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    const [order] = await tx.select({ id: orders.id, sessionId: orders.providerSessionId }).from(orders).where(eq(orders.id, event.orderId));
    if (!order || order.sessionId !== event.sessionId) return 'unknown_order';

    if (event.type === 'checkout.expired') {
      await releaseExpiredOrders(tx, { orderId: order.id });
      return 'expired';
    }
    const result = await fulfilPaidOrder(tx, { orderId: order.id, providerPaymentId: event.paymentId ?? event.id });
    if (result.outcome === 'issued') {
      const [gig] = await tx
        .select({
          buyerEmail: orders.buyerEmail,
          localDate: gigs.localDate,
          startTime: gigs.startTime,
          endTime: gigs.endTime,
          timeZone: regions.timeZone,
          venueName: venueProfiles.name,
          bandName: bandProfiles.name,
          artistName: managedArtists.name,
        })
        .from(orders)
        .innerJoin(gigs, eq(gigs.id, orders.gigId))
        .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
        .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
        .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
        .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
        .where(eq(orders.id, order.id));
      const when = `${formatLocalDate(gig!.localDate)}, ${formatTimeRange(gig!.localDate, gig!.startTime, gig!.endTime, gig!.timeZone)}`;
      const mail = ticketEmail({ bandName: gig!.bandName ?? gig!.artistName ?? 'The show', venueName: gig!.venueName, when });
      await mailer.send({ to: gig!.buyerEmail, kind: 'ticket', ...mail, secrets: { ticket: result.ticketId } }, tx);
    }
    return result.outcome;
  });
}
