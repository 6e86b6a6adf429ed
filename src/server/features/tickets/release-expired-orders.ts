import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Ends checkouts whose hold ran out (or one order, when its checkout is cancelled) and gives
 * their seats back, in one statement: an order is expired once, and its seats (of the gig and of
 * its ticket type) and its presale code's uses are released once. Returns the seats released.
 * An order for a returned ticket (decision 50) holds no seat, so it only ends.
 */
export async function releaseExpiredOrders(db: DbOrTx, { gigId, orderId, now = new Date() }: { gigId?: string; orderId?: string; now?: Date } = {}): Promise<number> {
  const result = await db.execute<{ released: number }>(sql`
    with expired as (
      update orders set status = 'expired'
      where id in (
        select id from orders
        where status = 'pending'
          and ${orderId ? sql`id = ${orderId}` : sql`expires_at <= ${now}`}
          and ${gigId ? sql`gig_id = ${gigId}` : sql`true`}
        for update skip locked
      )
      returning gig_id, ticket_type_id, presale_code_id, quantity, returned_ticket_id
    ), by_type as (
      update ticket_types set held = ticket_types.held - n.seats
      from (select ticket_type_id, sum(quantity)::int as seats from expired where ticket_type_id is not null and returned_ticket_id is null group by ticket_type_id) n
      where ticket_types.id = n.ticket_type_id
      returning ticket_types.id
    ), by_code as (
      update presale_codes set uses = presale_codes.uses - n.seats
      from (select presale_code_id, sum(quantity)::int as seats from expired where presale_code_id is not null group by presale_code_id) n
      where presale_codes.id = n.presale_code_id
      returning presale_codes.id
    ), counts as (
      select gig_id, sum(quantity)::int as n from expired where returned_ticket_id is null group by gig_id
    ), released as (
      update gigs set tickets_held = gigs.tickets_held - counts.n from counts where gigs.id = counts.gig_id returning counts.n
    )
    select coalesce(sum(n), 0)::int as released from released`);
  return Number(result.rows[0]?.released ?? 0);
}
