import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import { formatCents, splitOrderPayment } from '../../../core/money.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { gigs, orders, regions, tickets, ticketTypes, waitlistEntries, waitlistOffers, waitlistReturns } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import { waitlistOfferEmail } from '../../mail/emails/waitlist-offer.ts';
import type { Services } from '../../services.ts';
import { orderMoney, placeTicketOrder } from '../tickets/place-ticket-order.ts';
import { withdrawOffersOfReturns } from './waitlist-offers.ts';
import { describeWhen, findWaitlistShow, formatDeadline, hashSecret, newSecret, type WaitlistShow } from './waitlist-show.ts';

type OfferServices = Pick<Services, 'db' | 'mailer' | 'env' | 'payments' | 'logger'>;

/** Gigs looked at per run, and offers made per gig per run (the next run carries on). */
const GIGS_PER_RUN = 100;
const OFFERS_PER_GIG = 50;

/** Nothing more to offer on this gig now (no one waiting, or nothing free); the offer being made is rolled back. */
const nothingToOffer = new Error('nothing to offer');

const isUpcoming = sql`${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date`;
const hasOpenOffer = (returnId: typeof waitlistReturns.id) =>
  sql`exists (select 1 from ${waitlistOffers} where ${waitlistOffers.returnId} = ${returnId} and ${waitlistOffers.status} = 'open')`;

/**
 * The waitlist's sweep (decision 50), every minute and woken after anything that frees a ticket (a
 * return, a refund, an expired hold, a raised capacity, a newly confirmed entry):
 * 1. offers whose time is up end, once their order is no longer being paid for (the checkout sweep
 *    asks the provider first, decision 35), and their people leave the line; a cancelled show's end;
 * 2. returns whose ticket can no longer change hands (used at the door, refunded, passed on) are
 *    withdrawn, and their offers end (their people keep their place);
 * 3. each upcoming gig with confirmed fans waiting offers, in line order, its returned tickets
 *    (oldest first) and then its free seats, one per person, each held for WAITLIST_OFFER_HOURS.
 * Each offer is one transaction under a lock per gig, so sweeps running at once make a gig's offers
 * one at a time, in line order; it locks its entry and its return, or holds its seat by the
 * checkout's conditional update, and unique indexes (one open offer per person, per returned
 * ticket) back it: one ticket is never offered twice, nor one person two tickets.
 */
export async function offerWaitlistTickets(services: OfferServices, { gigId, now = new Date() }: { gigId?: string; now?: Date } = {}): Promise<{ offered: number; expired: number; withdrawn: number }> {
  const { db } = services;
  const forGig = (column: AnyPgColumn) => (gigId ? eq(column, gigId) : undefined);

  const expired = await db.transaction(async (tx) => {
    const ended = await tx
      .update(waitlistOffers)
      .set({ status: 'expired', endedAt: now })
      .where(
        and(
          eq(waitlistOffers.status, 'open'),
          lte(waitlistOffers.expiresAt, now),
          forGig(waitlistOffers.gigId),
          notExists(tx.select({ id: orders.id }).from(orders).where(and(eq(orders.waitlistOfferId, waitlistOffers.id), eq(orders.status, 'pending')))),
        ),
      )
      .returning({ entryId: waitlistOffers.entryId });
    if (ended.length) await tx.update(waitlistEntries).set({ status: 'left' }).where(and(inArray(waitlistEntries.id, ended.map((o) => o.entryId)), eq(waitlistEntries.status, 'offered')));
    // A cancelled show (decision 49) offers nothing more: its cancellation released the offers' orders.
    await tx
      .update(waitlistOffers)
      .set({ status: 'withdrawn', endedAt: now })
      .where(and(eq(waitlistOffers.status, 'open'), forGig(waitlistOffers.gigId), sql`exists (select 1 from ${gigs} where ${gigs.id} = ${waitlistOffers.gigId} and ${gigs.cancelledAt} is not null)`));
    return ended.length;
  });

  const withdrawn = await db.transaction(async (tx) => {
    const gone = await tx
      .update(waitlistReturns)
      .set({ status: 'withdrawn', endedAt: now })
      .where(
        and(
          eq(waitlistReturns.status, 'listed'),
          forGig(waitlistReturns.gigId),
          sql`exists (select 1 from ${tickets} where ${tickets.id} = ${waitlistReturns.ticketId} and ${tickets.status} <> 'valid')`,
        ),
      )
      .returning({ id: waitlistReturns.id });
    await withdrawOffersOfReturns(
      tx,
      gone.map((r) => r.id),
      now,
    );
    return gone.length;
  });

  const due = await db
    .select({ id: gigs.id })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(
      and(
        gigId ? eq(gigs.id, gigId) : undefined,
        eq(gigs.isApproved, true),
        eq(gigs.isTicketed, true),
        isNull(gigs.cancelledAt),
        isUpcoming,
        sql`exists (select 1 from ${waitlistEntries} where ${waitlistEntries.gigId} = ${gigs.id} and ${waitlistEntries.status} = 'waiting' and ${waitlistEntries.confirmedAt} is not null)`,
        sql`(${gigs.ticketQuantity} - ${gigs.ticketsSold} - ${gigs.ticketsHeld} - ${gigs.doorSeats} > 0 or exists (select 1 from ${waitlistReturns} where ${waitlistReturns.gigId} = ${gigs.id} and ${waitlistReturns.status} = 'listed' and not ${hasOpenOffer(waitlistReturns.id)}))`,
      ),
    )
    .limit(GIGS_PER_RUN);
  let offered = 0;
  for (const gig of due) {
    const show = await findWaitlistShow(db, gig.id);
    if (!show) continue;
    for (let i = 0; i < OFFERS_PER_GIG; i++) {
      if (!(await makeOffer(services, gig.id, show, now))) break;
      offered += 1;
    }
  }
  return { offered, expired, withdrawn };
}

/** One offer to the next person in line: a returned ticket if one is listed, else a free seat. False when there is nothing (more) to offer. */
async function makeOffer(services: OfferServices, gigId: string, show: WaitlistShow, now: Date): Promise<boolean> {
  const { db, mailer, env, payments } = services;
  try {
    return await db.transaction(async (tx) => {
      // One offer of a gig at a time, in line order, however many sweeps run at once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist-offers:${gigId}`}, 0))`);
      const [entry] = await tx
        .select({ id: waitlistEntries.id, email: waitlistEntries.email })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.gigId, gigId), eq(waitlistEntries.status, 'waiting'), isNotNull(waitlistEntries.confirmedAt)))
        .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id))
        .limit(1)
        .for('update');
      if (!entry) throw nothingToOffer;
      const [returned] = await tx
        .select({ id: waitlistReturns.id, ticketId: tickets.id, faceCents: tickets.faceCents, ticketTypeId: tickets.ticketTypeId })
        .from(waitlistReturns)
        .innerJoin(tickets, eq(tickets.id, waitlistReturns.ticketId))
        .where(
          and(
            eq(waitlistReturns.gigId, gigId),
            eq(waitlistReturns.status, 'listed'),
            eq(tickets.status, 'valid'),
            // Nobody is offered their own ticket back.
            ne(sql`lower(${tickets.holderEmail})`, entry.email.toLowerCase()),
            sql`not ${hasOpenOffer(waitlistReturns.id)}`,
          ),
        )
        .orderBy(asc(waitlistReturns.listedAt), asc(waitlistReturns.id))
        .limit(1)
        .for('update', { of: waitlistReturns });
      const token = newSecret();
      const expiresAt = new Date(now.getTime() + env.WAITLIST_OFFER_HOURS * 3_600_000);
      const [offer] = await tx
        .insert(waitlistOffers)
        .values({ gigId, entryId: entry.id, returnId: returned?.id ?? null, tokenHash: hashSecret(token), expiresAt, createdAt: now })
        .returning({ id: waitlistOffers.id });
      const order = returned
        ? await recordReturnOrder(tx, { gigId, offerId: offer!.id, email: entry.email, provider: payments.name, expiresAt, returned })
        : await holdFreeSeat(tx, { gigId, offerId: offer!.id, email: entry.email, provider: payments.name, expiresAt, now });
      await tx.update(waitlistEntries).set({ status: 'offered' }).where(eq(waitlistEntries.id, entry.id));
      const email = await waitlistOfferEmail({
        showName: show.showName,
        venueName: show.venueName,
        when: describeWhen(show),
        until: formatDeadline(expiresAt, show.timeZone),
        face: formatCents(order.faceCents),
        fee: formatCents(order.feeCents),
        total: formatCents(order.totalCents),
        isTestMode: order.provider === 'sandbox',
      });
      await mailer.send({ to: entry.email, kind: 'waitlist_offer', ...email, secrets: { link: `${env.PUBLIC_URL}/waitlist/offer?token=${encodeURIComponent(token)}` } }, tx);
      return true;
    });
  } catch (error) {
    if (error === nothingToOffer) return false;
    // Another sweep's offer took the last of something between this one's reads: the next run sees it.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

type Returned = { id: string; ticketId: string; faceCents: number; ticketTypeId: string | null };

/**
 * The order for a returned ticket: its face value (never more), the usual fee, split as the gig
 * splits now. It holds no seat: the seat changes hands when it is paid.
 */
async function recordReturnOrder(tx: Tx, { gigId, offerId, email, provider, expiresAt, returned }: { gigId: string; offerId: string; email: string; provider: string; expiresAt: Date; returned: Returned }) {
  const [gig] = await tx.select({ bandPercent: gigs.bandPercent, organiserPercent: gigs.organiserPercent }).from(gigs).where(eq(gigs.id, gigId));
  const [order] = await tx
    .insert(orders)
    .values({
      gigId,
      buyerEmail: email,
      quantity: 1,
      ticketTypeId: returned.ticketTypeId,
      ...orderMoney(splitOrderPayment([returned.faceCents], gig!.bandPercent, gig!.organiserPercent)),
      provider,
      expiresAt,
      waitlistOfferId: offerId,
      returnedTicketId: returned.ticketId,
    })
    .returning();
  return order!;
}

/**
 * A free seat, held for the offer as a checkout holds one (of the first public ticket type on sale
 * with a seat left, for a gig with types), at its price and the usual fee.
 */
async function holdFreeSeat(tx: Tx, { gigId, offerId, email, provider, expiresAt, now }: { gigId: string; offerId: string; email: string; provider: string; expiresAt: Date; now: Date }) {
  const types = await tx
    .select({ id: ticketTypes.id, isFree: sql<boolean>`${ticketTypes.quantity} - ${ticketTypes.sold} - ${ticketTypes.held} > 0 and not ${ticketTypes.isHidden} and (${ticketTypes.salesStartAt} is null or ${ticketTypes.salesStartAt} <= ${now}) and (${ticketTypes.salesEndAt} is null or ${ticketTypes.salesEndAt} > ${now})` })
    .from(ticketTypes)
    .where(eq(ticketTypes.gigId, gigId))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt));
  const type = types.find((t) => t.isFree);
  if (types.length > 0 && !type) throw nothingToOffer;
  try {
    return await placeTicketOrder(tx, { gigId, buyerEmail: email, provider, ticketTypeId: type?.id ?? null, now, waitlistOffer: { id: offerId, expiresAt } });
  } catch (error) {
    if (error instanceof AppError) throw nothingToOffer;
    throw error;
  }
}
