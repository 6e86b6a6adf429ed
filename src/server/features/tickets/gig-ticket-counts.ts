import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { EMPTY_GIG_TICKET_COUNTS, type GigTicketCounts } from '../../../core/ticket-counts.ts';

/**
 * Issue 34 item 8: a gig's ticket counts (core/ticket-counts.ts says what each means), one
 * definition each, in one statement for many gigs. The organiser's gig card, the door app, the door
 * report, the sales report, the band's 'Your shows' and the public API all read them from here.
 * 'Sold' is the gig's own counter: refunds take one off, a ticket passed on is counted once as its
 * replacement, and an imported gig's sales on the old system are in it.
 */

export type { GigTicketCounts };

/** Door sales that stand (not undone, not refused for a full or cancelled show). */
const standingDoorSales = (gigId: SQL) => sql`(select coalesce(sum(s.quantity), 0) from door_sales s where s.gig_id = ${gigId} and s.status = 'recorded')`;

/**
 * The counts of many gigs in one statement. `now` decides whether each show has ended (it is passed
 * in, not read in SQL, so a pinned clock pins it).
 */
export async function countGigTickets(db: DbOrTx, gigIds: readonly string[], now = new Date()): Promise<Map<string, GigTicketCounts>> {
  const counts = new Map<string, GigTicketCounts>();
  if (gigIds.length === 0) return counts;
  const ids = sql.join(
    [...new Set(gigIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`
      select g.id, g.tickets_sold as sold,
        (select count(*) from tickets t where t.gig_id = g.id and t.status = 'used')::int as tickets_in,
        (select coalesce(sum(1 + e.plus_count), 0) from guest_list_entries e where e.gig_id = g.id)::int as guests,
        (select coalesce(sum(e.admitted_count), 0) from guest_list_entries e where e.gig_id = g.id)::int as guests_in,
        ${standingDoorSales(sql`g.id`)}::int as door_sales,
        (select coalesce(sum(coalesce(s.guest_count, 1)), 0) from door_scans s where s.gig_id = g.id and s.result = 'conflict')::int as conflicts_in,
        (select count(*) from tickets t where t.gig_id = g.id and t.status = 'refunded')::int as refunded,
        ((g.local_date + g.end_time::time + case when g.end_time <= g.start_time then interval '1 day' else interval '0 days' end)
          at time zone r.time_zone) <= ${now.toISOString()}::timestamptz as has_ended
      from gigs g join regions r on r.slug = g.region_slug
      where g.id in (${ids})`)) as {
    rows: { id: string; sold: number; tickets_in: number; guests: number; guests_in: number; door_sales: number; conflicts_in: number; refunded: number; has_ended: boolean }[];
  };
  for (const row of rows) {
    counts.set(row.id, {
      sold: row.sold,
      checkedIn: row.tickets_in + row.guests_in + row.door_sales + row.conflicts_in,
      guests: row.guests,
      doorSales: row.door_sales,
      refunded: row.refunded,
      noShows: row.has_ended ? Math.max(0, row.sold - row.tickets_in) + Math.max(0, row.guests - row.guests_in) : null,
    });
  }
  return counts;
}

/** One gig's counts (zeros for a gig that does not exist). */
export async function countGigTicketsOf(db: DbOrTx, gigId: string, now = new Date()): Promise<GigTicketCounts> {
  return (await countGigTickets(db, [gigId], now)).get(gigId) ?? EMPTY_GIG_TICKET_COUNTS;
}
