import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ticketHoldersQuerySchema, type TicketHolders } from '../../../core/schemas/ticket-transfers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orders, tickets, ticketTypes } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { asOrganiser, findOrganisedGig } from '../booking/gig-ownership.ts';

export const TICKET_HOLDERS_PAGE_SIZE = 50;

const previous = alias(tickets, 'previous_ticket');

/**
 * Who holds each ticket of a gig, for its organiser (decision 48): the holder's address, the
 * buyer's, the type, the place in its order, checked in or refunded, and, for a ticket passed on,
 * the previous holder and when. Tickets passed on are replaced by their new ones; codes are never
 * sent. A page at a time, in order of purchase; `q` finds an address (holder or buyer).
 */
export async function listTicketHolders(db: DbOrTx, user: SessionUser, gigId: string, rawQuery: unknown): Promise<TicketHolders> {
  const gig = await findOrganisedGig(db, asOrganiser(user), gigId);
  const { q, page } = parseInput(ticketHoldersQuerySchema, rawQuery);
  const needle = q.toLowerCase();
  const rows = await db
    .select({
      orderId: tickets.orderId,
      // The Order ID the buyer was shown (/success): the checkout's last 8 characters, never the whole key.
      orderRef: sql<string | null>`upper(right(${orders.providerSessionId}, 8))`,
      position: tickets.position,
      quantity: orders.quantity,
      typeName: ticketTypes.name,
      holderEmail: tickets.holderEmail,
      buyerEmail: orders.buyerEmail,
      status: sql<'valid' | 'used' | 'refunded'>`${tickets.status}`,
      usedAt: tickets.usedAt,
      transferredFromEmail: previous.holderEmail,
      createdAt: tickets.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .leftJoin(previous, eq(previous.id, tickets.transferredFromId))
    .where(
      and(
        eq(tickets.gigId, gig.id),
        ne(tickets.status, 'transferred'),
        needle ? or(sql`strpos(lower(${tickets.holderEmail}), ${needle}) > 0`, sql`strpos(lower(${orders.buyerEmail}), ${needle}) > 0`) : undefined,
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id), asc(tickets.position))
    .limit(TICKET_HOLDERS_PAGE_SIZE)
    .offset((page - 1) * TICKET_HOLDERS_PAGE_SIZE);
  return {
    tickets: rows.map((row) => ({
      orderId: row.orderId,
      orderRef: row.orderRef,
      position: row.position,
      quantity: row.quantity,
      typeName: row.typeName,
      holderEmail: row.holderEmail,
      buyerEmail: row.buyerEmail,
      status: row.status,
      usedAt: row.usedAt?.toISOString() ?? null,
      transferredFromEmail: row.transferredFromEmail,
      // A ticket passed on was made when it was passed on.
      transferredAt: row.transferredFromEmail ? row.createdAt.toISOString() : null,
    })),
    total: rows[0]?.total ?? 0,
    page,
    pageSize: TICKET_HOLDERS_PAGE_SIZE,
  };
}
