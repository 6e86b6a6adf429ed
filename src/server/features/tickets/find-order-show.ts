import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bandProfiles, gigs, managedArtists, orders, regions, tickets, ticketTypes, venueProfiles } from '../../db/schema.ts';

/** An order with the show it is for (and its ticket, once issued): what pages and e-mails about it say. */
export async function findOrderShow(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({
      orderId: orders.id,
      status: orders.status,
      provider: orders.provider,
      email: orders.buyerEmail,
      faceCents: orders.faceCents,
      feeCents: orders.feeCents,
      totalCents: orders.totalCents,
      gigId: gigs.id,
      startsAt: gigs.startsAt,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
      venueName: venueProfiles.name,
      venueAddress: venueProfiles.address,
      showName: sql<string>`coalesce(${bandProfiles.name}, ${managedArtists.name}, 'Live music')`,
      ticketId: tickets.id,
      quantity: orders.quantity,
      ticketTypeName: ticketTypes.name,
    })
    .from(orders)
    .innerJoin(gigs, eq(gigs.id, orders.gigId))
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, orders.ticketTypeId))
    // The order's first ticket (issue 23: an order holds several; pages list them with listOrderTickets).
    .leftJoin(tickets, and(eq(tickets.orderId, orders.id), eq(tickets.position, 1), ne(tickets.status, 'transferred')))
    .where(where);
  return row ?? null;
}
