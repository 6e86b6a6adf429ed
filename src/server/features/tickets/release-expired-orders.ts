import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Ends checkouts whose hold ran out (or one order, when its checkout is cancelled) and gives
 * their seats back, in one statement: an order is expired once, and its seat released once.
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
      returning gig_id
    ), counts as (
      select gig_id, count(*)::int as n from expired group by gig_id
    ), released as (
      update gigs set tickets_held = gigs.tickets_held - counts.n from counts where gigs.id = counts.gig_id returning counts.n
    )
    select coalesce(sum(n), 0)::int as released from released`);
  return Number(result.rows[0]?.released ?? 0);
}
