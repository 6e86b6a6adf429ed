import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { prepareStatement, readRow } from '../../db/prepared-statement.ts';
import { gigs, orders } from '../../db/schema.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import type { Services } from '../../services.ts';
import { orderNumberOf, sendTicketEmail } from './send-ticket-email.ts';
import { fulfilHeldOrder, fulfilLockedOrder, newTicketId, type OrderLineOf } from './fulfil-paid-order.ts';
import { withShowDetails } from './find-ticket-show.ts';
import { releaseExpiredOrders } from './release-expired-orders.ts';
import { recordTicketShares } from '../payouts/record-ticket-shares.ts';
import { recordSoldOutRefund } from '../payouts/refund-ticket.ts';
import { fulfilWaitlistOrder, type WaitlistFulfilment } from '../waitlist/fulfil-waitlist-order.ts';
import { endOfferCheckout } from '../waitlist/waitlist-offers.ts';

export type EventOutcome = 'duplicate' | 'unknown_order' | 'expired' | WaitlistFulfilment['outcome'];

type EventServices = Pick<Services, 'db' | 'mailer' | 'env' | 'ticketLinkKey' | 'doorKeySecret'> & { wallets?: Services['wallets'] };
type CheckoutEvent = Extract<PaymentEvent, { orderId: string }>;

/**
 * Applies one provider event, once (D13): the event is recorded in the same transaction as what
 * it changes, so a duplicate (even one arriving at the same moment) finds it recorded and changes
 * nothing, and a crash half-way leaves nothing behind for redelivery to trip over. A paid
 * checkout issues the ticket, records the band's and organiser's shares (D11) and e-mails the
 * ticket; one paid after its seat was gone is recorded for a refund; an expired one gives the seat back. Events may come
 * in any order: an expiry after payment changes nothing.
 */
export async function applyPaymentEvent(services: EventServices, provider: string, event: CheckoutEvent): Promise<EventOutcome> {
  const outcome = await applyCheckoutEvent(services, provider, event);
  return outcome === 'outreach_campaign' ? 'unknown_order' : outcome;
}

/**
 * applyPaymentEvent, saying 'outreach_campaign' (and recording nothing) when the checkout paid for
 * an outreach campaign rather than a ticket order: the caller applies it as one (spec 3, D26).
 *
 * A paid order costs two statements besides the e-mail's outbox row (issue 23, "Statement
 * budget" in decision 47): the first records the event, locks the order row and reads the show the
 * e-mail names; the second (fulfilHeldOrder) marks it paid, issues its tickets, records the shares
 * and sells the seats.
 */
export async function applyCheckoutEvent(services: EventServices, provider: string, event: CheckoutEvent): Promise<EventOutcome | 'outreach_campaign'> {
  const { db } = services;
  return db.transaction(async (tx) => {
    // Recorded first, then locked, in one statement: a duplicate of this event waits on the event
    // row and records nothing (so locks nothing); another event of the order (an expiry racing
    // the payment) waits on the order row. The lock is taken after the event row, always.
    const [row] = await eventStatement(db).execute(tx, { eventId: `${provider}:${event.id}`, provider, type: event.type, payload: JSON.stringify(event), orderId: event.orderId });
    if (row!.isCampaign) return 'outreach_campaign';
    if (!row!.isRecorded) return 'duplicate';
    const order = row!.id ? readRow(orders, row!) : null;
    if (!order || order.providerSessionId !== event.sessionId) return 'unknown_order';

    if (event.type === 'checkout.expired') {
      // Decision 50: a waitlist offer holds its ticket for its own time, whatever becomes of one checkout.
      if (await endOfferCheckout(tx, order)) return 'expired';
      await releaseExpiredOrders(tx, { orderId: order.id });
      return 'expired';
    }
    const providerPaymentId = event.paymentId ?? event.id;
    if (order.status === 'pending' && !order.waitlistOfferId && !order.returnedTicketId) {
      // The sale itself: the e-mail names the tickets, so their ids are chosen first; the order's
      // tickets, shares and seats follow in one statement, the gig's rows last.
      const ticketIds = Array.from({ length: order.quantity }, newTicketId);
      const show = withShowDetails({
        holderEmail: order.buyerEmail,
        provider: order.provider,
        gigId: order.gigId,
        startsAt: gigs.startsAt.mapFromDriverValue(row!.showStartsAt) as Date,
        localDate: row!.showLocalDate,
        startTime: row!.showStartTime,
        endTime: row!.showEndTime,
        timeZone: row!.showTimeZone,
        venueName: row!.showVenueName,
        venueAddress: row!.showVenueAddress,
        showName: row!.showName,
      });
      const lines = row!.orderLines ?? [{ ...order, typeName: null, unitCents: order.quantity > 0 ? order.faceCents / order.quantity : 0 }];
      const ticketTypes = lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.typeName));
      await sendTicketEmail(tx, services, ticketIds, show, { orderNumber: orderNumberOf(order.providerSessionId), faceCents: order.faceCents, feeCents: order.feeCents, totalCents: order.totalCents, ticketTypes });
      return (await fulfilHeldOrder(db, tx, order, { providerPaymentId, ticketIds, lines })).outcome;
    }
    // Paid already (a repeat), paid after its hold ran out, or a waitlist offer's order (decision
    // 50): the general path, which takes free seats if there are any. A new ticket's e-mail and
    // shares are written with it, in the same transaction, before the gig's seat counts.
    const whenIssued = async (itx: Tx, ticketIds: string[]) => {
      await sendTicketEmail(itx, services, ticketIds);
      await recordTicketShares(itx, order);
    };
    const fulfilment = { providerPaymentId, whenIssued };
    const result = order.waitlistOfferId ? await fulfilWaitlistOrder(tx, order, fulfilment) : await fulfilLockedOrder(tx, order, fulfilment);
    if (result.outcome === 'sold_out_after_expiry') await recordSoldOutRefund(tx, order.id);
    return result.outcome;
  });
}

type EventRow = Record<string, unknown> & {
  isCampaign: boolean;
  isRecorded: boolean;
  /** The order's columns, when it was found and locked. */
  id: string | null;
  showStartsAt: string;
  showLocalDate: string;
  showStartTime: string;
  showEndTime: string;
  showTimeZone: string;
  showVenueName: string;
  showVenueAddress: string | null;
  showName: string;
  /** Issue 34: the order's lines (null for an order recorded without them). */
  orderLines: (OrderLineOf & { typeName: string | null; unitCents: number })[] | null;
};

/**
 * The event recorded (unless it is an outreach campaign's, or recorded already), then its order
 * locked FOR UPDATE (only if the event was recorded here: `exists (select 1 from recorded)` runs
 * the insert first), with the show its e-mail names. Prepared once per database.
 */
const eventStatement = oncePerDatabase((db: Db) => {
  const ph = sql.placeholder;
  const orderId = sql`${ph('orderId')}::uuid`;
  return prepareStatement<EventRow>(
    db,
    'marquee_record_checkout_event',
    sql`
    with campaign as (
      select exists (select 1 from outreach_campaigns where id = ${orderId}) as is_campaign
    ), recorded as (
      insert into payment_events (id, provider, type, payload)
      select ${ph('eventId')}::text, ${ph('provider')}::text, ${ph('type')}::text, ${ph('payload')}::jsonb from campaign where not is_campaign
      on conflict do nothing
      returning id
    ), locked as materialized (
      select * from orders where id = ${orderId} and exists (select 1 from recorded) for update
    )
    select c.is_campaign as "isCampaign", exists (select 1 from recorded) as "isRecorded", o.*,
      g.starts_at as "showStartsAt", g.local_date as "showLocalDate", g.start_time as "showStartTime", g.end_time as "showEndTime",
      r.time_zone as "showTimeZone", v.name as "showVenueName", v.address as "showVenueAddress", coalesce(b.name, m.name, 'Live music') as "showName",
      (select json_agg(json_build_object('ticketTypeId', l.ticket_type_id, 'typeName', tt.name, 'quantity', l.quantity, 'unitCents', l.unit_cents, 'faceCents', l.face_cents,
          'feeCents', l.fee_cents, 'bandShareCents', l.band_share_cents, 'organiserShareCents', l.organiser_share_cents) order by l.position)
        from order_lines l left join ticket_types tt on tt.id = l.ticket_type_id where l.order_id = o.id) as "orderLines"
    from campaign c
    left join locked o on true
    left join gigs g on g.id = o.gig_id
    left join regions r on r.slug = g.region_slug
    left join venue_profiles v on v.user_id = g.venue_id
    left join band_profiles b on b.user_id = g.band_id
    left join managed_artists m on m.id = g.managed_artist_id`,
  );
});
