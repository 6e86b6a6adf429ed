import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Issue 34: the uses an order takes of its presale code: one per ticket of the code's type (its
 * line in a mixed order), or one per ticket when it holds none of that type (as before).
 */
export const presaleUses = (orderId: SQL, quantity: SQL, codeTypeId: SQL | SQLWrapper) =>
  sql`coalesce(nullif((select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = ${orderId} and ol.ticket_type_id = ${codeTypeId}), 0), ${quantity})`;

/**
 * Ends checkouts whose hold ran out (or one order, when its checkout is cancelled) and gives
 * their seats back, in one statement: an order is expired once, and its seats (of the gig and of
 * each of its lines' ticket types) and its presale code's uses are released once. Returns the seats released.
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
      returning id, gig_id, presale_code_id, quantity, returned_ticket_id
    ), lines as (
      select l.order_id, l.ticket_type_id, l.quantity from order_lines l join expired e on e.id = l.order_id
    ), by_type as (
      update ticket_types set held = ticket_types.held - n.seats
      from (select lines.ticket_type_id, sum(lines.quantity)::int as seats from lines join expired e on e.id = lines.order_id
        where lines.ticket_type_id is not null and e.returned_ticket_id is null group by lines.ticket_type_id) n
      where ticket_types.id = n.ticket_type_id
      returning ticket_types.id
    ), by_code as (
      update presale_codes set uses = presale_codes.uses - n.seats
      from (select e.presale_code_id, sum(${presaleUses(sql`e.id`, sql`e.quantity`, sql`pc.ticket_type_id`)})::int as seats
        from expired e join presale_codes pc on pc.id = e.presale_code_id group by e.presale_code_id) n
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
