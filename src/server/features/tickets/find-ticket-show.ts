import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { joinShow, showColumns } from '../../db/gig-show.ts';
import { gigs, orders, tickets, ticketTypes } from '../../db/schema.ts';
import { showEndsAt } from '../calendar/build-calendar-feed.ts';

/** One ticket with the show it is for: what its page, its e-mails and its wallet passes say (decision 46). */
export async function findTicketShow(db: DbOrTx, ticketId: string) {
  const query = db
    .select({
      ticketId: tickets.id,
      status: tickets.status,
      usedAt: tickets.usedAt,
      holderEmail: tickets.holderEmail,
      orderId: tickets.orderId,
      /** Issue 34 item 6: the ticket's type ('VIP'), or null for a gig without types. */
      typeName: ticketTypes.name,
      provider: orders.provider,
      ...showColumns,
      /** D10: the promoter when a promoter made the gig, else the venue. */
      organiserId: sql<string>`coalesce(${gigs.promoterId}, ${gigs.venueId})`,
      isTransferAllowed: gigs.isTransferAllowed,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(gigs, eq(gigs.id, tickets.gigId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .$dynamic();
  const [row] = await joinShow(query).where(eq(tickets.id, ticketId));
  return row ? withShowDetails(row) : null;
}

/** A show's end and its place in one line, from its row (what calendars and wallet passes show). */
export function withShowDetails<T extends { localDate: string; startTime: string; endTime: string; timeZone: string; venueName: string; venueAddress: string | null }>(row: T) {
  return { ...row, endsAt: showEndsAt(row), location: [row.venueName, row.venueAddress].filter(Boolean).join(', ') };
}

export type TicketShow = NonNullable<Awaited<ReturnType<typeof findTicketShow>>>;

/** What a ticket e-mail says of the show (and its calendar entry). */
export type ShowOfTickets = Pick<TicketShow, 'holderEmail' | 'provider' | 'gigId' | 'startsAt' | 'localDate' | 'startTime' | 'endTime' | 'timeZone' | 'venueName' | 'showName' | 'endsAt' | 'location'>;
