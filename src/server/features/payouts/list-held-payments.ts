import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs, heldPayments, managedArtists, orders, refunds, tickets, transfers, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isUuid } from '../../../core/ids.ts';

export const HELD_PAYMENTS_PAGE_SIZE = 50;

/** Admin 'Gig Management & Payment Releases' (spec 2 §3): held payments, last updated first. */
export async function listHeldPayments(db: Db, { page }: { page: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: heldPayments.id,
        gigId: heldPayments.gigId,
        bandName: sql<string | null>`coalesce(${bandProfiles.name}, ${managedArtists.name})`,
        venueName: venueProfiles.name,
        localDate: gigs.localDate,
        /** Issue 21: completing a gig before it starts asks first. */
        hasStarted: sql<boolean>`${gigs.startsAt} <= now()`,
        /** Decision 49: a cancelled gig's card says so. */
        cancelledAt: gigs.cancelledAt,
        status: heldPayments.status,
        amountCents: heldPayments.amountCents,
        ticketCount: heldPayments.ticketCount,
        createdAt: heldPayments.createdAt,
        updatedAt: heldPayments.updatedAt,
        transferId: heldPayments.transferId,
        forfeitReason: heldPayments.forfeitReason,
        /** Issue 25: brought from the old system as history (its card offers no release). */
        importedAt: heldPayments.importedAt,
        transferStatus: transfers.status,
      })
      .from(heldPayments)
      .innerJoin(gigs, eq(gigs.id, heldPayments.gigId))
      .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
      .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
      .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
      .leftJoin(transfers, eq(transfers.heldPaymentId, heldPayments.id))
      .orderBy(desc(heldPayments.updatedAt), desc(heldPayments.id))
      .limit(HELD_PAYMENTS_PAGE_SIZE)
      .offset((page - 1) * HELD_PAYMENTS_PAGE_SIZE),
    db.select({ n: count() }).from(heldPayments),
  ]);
  return { heldPayments: rows, page, pageSize: HELD_PAYMENTS_PAGE_SIZE, total: total?.n ?? 0 };
}

/** A gig's tickets, for an admin deciding on a refund (the door list with its buyers). */
export async function listGigTickets(db: Db, gigId: string) {
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', 'That gig was not found.');
  return db
    .select({
      // The order, not the ticket id: an admin refunds by it, and never sees a usable ticket.
      orderId: orders.id,
      /** Its place in the order (issue 23): the admin's refund names it with the order. */
      position: tickets.position,
      quantity: orders.quantity,
      holderEmail: tickets.holderEmail,
      status: tickets.status,
      usedAt: tickets.usedAt,
      boughtAt: tickets.createdAt,
      totalCents: sql<number>`(${tickets.faceCents} + ${tickets.feeCents})::int`,
      refundStatus: refunds.status,
      // Issue 21: when it was refunded, shown beside (never instead of) when it was checked in.
      refundedAt: refunds.createdAt,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(refunds, eq(refunds.ticketId, tickets.id))
    .where(and(eq(tickets.gigId, gigId), ne(tickets.status, 'transferred')))
    .orderBy(desc(tickets.createdAt))
    .limit(500);
}
