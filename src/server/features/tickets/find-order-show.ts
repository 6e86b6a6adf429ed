import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { joinShow, showColumns } from '../../db/gig-show.ts';
import { gigs, orders, tickets, ticketTypes } from '../../db/schema.ts';

/** An order with the show it is for (and its ticket, once issued): what pages and e-mails about it say. */
export async function findOrderShow(db: DbOrTx, where: SQL) {
  const query = db
    .select({
      orderId: orders.id,
      status: orders.status,
      provider: orders.provider,
      email: orders.buyerEmail,
      faceCents: orders.faceCents,
      feeCents: orders.feeCents,
      totalCents: orders.totalCents,
      ...showColumns,
      ticketId: tickets.id,
      quantity: orders.quantity,
      ticketTypeName: ticketTypes.name,
    })
    .from(orders)
    .innerJoin(gigs, eq(gigs.id, orders.gigId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, orders.ticketTypeId))
    // The order's first ticket (issue 23: an order holds several; pages list them with listOrderTickets).
    .leftJoin(tickets, and(eq(tickets.orderId, orders.id), eq(tickets.position, 1), ne(tickets.status, 'transferred')))
    .$dynamic();
  const [row] = await joinShow(query).where(where);
  return row ?? null;
}
