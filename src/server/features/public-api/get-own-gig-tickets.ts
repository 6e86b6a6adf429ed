import { and, asc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiAttendeeSchema, apiCheckInSchema, apiGigSalesSchema } from '../../../core/schemas/public-api.ts';
import { isUuid } from '../../../core/ids.ts';
import type { Db } from '../../db/client.ts';
import { orders, refunds, tickets, ticketTypes } from '../../db/schema.ts';
import { badCursor, decodeCursor, isCursorTimestamp, toPage } from './api-cursor.ts';
import { findOwnGig } from './list-own-gigs.ts';
import { countGigTicketsOf } from '../tickets/gig-ticket-counts.ts';
import type { ApiKeyOwner } from './api-keys.ts';

type ListQuery = { limit: number; cursor?: string };
/** A ticket passed on is counted once, as the ticket that replaced it (decision 48). */
const isCounted = ne(tickets.status, 'transferred');
/** Timestamps in cursors keep PostgreSQL's microseconds (a JavaScript Date would drop them and repeat rows). */
const exactTime = (column: SQL | typeof orders.createdAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** GET /api/v1/me/gigs/{id}/sales: the gig's ticket money, as the sales report sums it (decision 41). */
export async function getOwnGigSales(db: Db, owner: ApiKeyOwner, gigId: string): Promise<z.output<typeof apiGigSalesSchema>> {
  const gig = await findOwnGig(db, owner, gigId);
  const [[money], counts] = await Promise.all([
    db
      .select({
        grossCents: sql<number>`coalesce(sum(${tickets.faceCents} + ${tickets.feeCents}), 0)`.mapWith(Number),
        refundedCents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number),
      })
      .from(tickets)
      .leftJoin(refunds, eq(refunds.ticketId, tickets.id))
      .where(and(eq(tickets.gigId, gig.id), isCounted)),
    // Issue 34 item 8: the counts every screen shows, from their one source.
    countGigTicketsOf(db, gig.id),
  ]);
  return {
    gigId: gig.id,
    ticketsSold: counts.sold,
    ticketsRefunded: counts.refunded,
    ticketsCheckedIn: counts.checkedIn,
    guests: counts.guests,
    doorSales: counts.doorSales,
    noShows: counts.noShows,
    grossCents: money?.grossCents ?? 0,
    refundedCents: money?.refundedCents ?? 0,
    currency: 'USD',
  };
}

function afterCursor(cursor: string | undefined, time: SQL): SQL | undefined {
  if (!cursor) return undefined;
  const [at = '', orderId = '', position = ''] = decodeCursor(cursor, 3);
  if (!isCursorTimestamp(at) || !isUuid(orderId) || !/^\d{1,2}$/.test(position)) throw badCursor();
  return sql`(${time}, ${tickets.orderId}, ${tickets.position}) > (${at}::timestamptz, ${orderId}::uuid, ${Number(position)}::int)`;
}

const holderColumns = {
  orderId: tickets.orderId,
  // The Order ID the buyer was shown (/success), as the organiser's holder list shows it; never the ticket's code.
  orderRef: sql<string | null>`upper(right(${orders.providerSessionId}, 8))`,
  position: tickets.position,
  holderEmail: tickets.holderEmail,
  ticketType: ticketTypes.name,
};

/**
 * GET /api/v1/me/gigs/{id}/attendees: who holds each ticket, as the organiser's holder list shows
 * them (decision 48: full addresses, to the organiser only), in order of purchase.
 */
export async function listOwnGigAttendees(db: Db, owner: ApiKeyOwner, gigId: string, query: ListQuery) {
  const gig = await findOwnGig(db, owner, gigId, { isOrganiserOnly: true });
  const boughtAt = exactTime(orders.createdAt);
  const rows = await db
    .select({
      ...holderColumns,
      boughtAt,
      buyerEmail: orders.buyerEmail,
      status: sql<'valid' | 'used' | 'refunded'>`${tickets.status}`,
      usedAt: tickets.usedAt,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(eq(tickets.gigId, gig.id), isCounted, afterCursor(query.cursor, sql`${orders.createdAt}`)))
    .orderBy(asc(orders.createdAt), asc(tickets.orderId), asc(tickets.position))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (r): z.output<typeof apiAttendeeSchema> => ({
      orderRef: r.orderRef,
      position: r.position,
      holderEmail: r.holderEmail,
      buyerEmail: r.buyerEmail,
      ticketType: r.ticketType,
      status: r.status,
      checkedInAt: r.usedAt?.toISOString() ?? null,
    }),
    (r) => [r.boughtAt, r.orderId, String(r.position)],
  );
}

/** GET /api/v1/me/gigs/{id}/check-ins: the tickets the door admitted, in the order they came in. */
export async function listOwnGigCheckIns(db: Db, owner: ApiKeyOwner, gigId: string, query: ListQuery) {
  const gig = await findOwnGig(db, owner, gigId, { isOrganiserOnly: true });
  const admittedAt = exactTime(sql`${tickets.usedAt}`);
  const rows = await db
    .select({ ...holderColumns, admittedAt })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(eq(tickets.gigId, gig.id), eq(tickets.status, 'used'), isNotNull(tickets.usedAt), afterCursor(query.cursor, sql`${tickets.usedAt}`)))
    .orderBy(asc(tickets.usedAt), asc(tickets.orderId), asc(tickets.position))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (r): z.output<typeof apiCheckInSchema> => ({
      orderRef: r.orderRef,
      position: r.position,
      holderEmail: r.holderEmail,
      ticketType: r.ticketType,
      checkedInAt: r.admittedAt,
    }),
    (r) => [r.admittedAt, r.orderId, String(r.position)],
  );
}
