import { sql } from 'drizzle-orm';
import { parseInput } from '../../http/validate.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { doorSearchSchema, DOOR_MESSAGES, type DoorSearchResult } from '../../../core/schemas/door.ts';
import { ticketRefSql } from './count-door.ts';
import type { DoorDevice } from './door-devices.ts';
import { requireDoorGig } from './door-gigs.ts';
import { ORDER_REF, toDoorGuest, toDoorTicket, type TicketRow } from './get-admission-list.ts';


/**
 * Door search (issue 34): the door's list holds masked addresses only (a lost phone must not leak
 * them), so a typed e-mail address, whole or in part, is matched here on the server's copy: the
 * holder's or the buyer's address, the holder's confirmed account name, the order number; and
 * guest-list entries by name or address. The answer is the door's own shape (DoorTicket, DoorGuest:
 * refs and masked labels, never an address), at most 20 tickets and 10 guests, every state
 * included (a used or passed-on ticket says why it does not admit). 30 searches a minute a device.
 */
export async function searchDoor(services: Pick<Services, 'db' | 'isRateLimitEnabled'>, device: DoorDevice, gigId: string, rawInput: unknown): Promise<DoorSearchResult> {
  const { db } = services;
  const { q } = parseInput(doorSearchSchema, rawInput);
  const [gig] = await Promise.all([requireDoorGig(db, device, gigId), limitHits(services, `door-search:${device.id}`, { windowMs: 60_000, max: 30, message: DOOR_MESSAGES.tooManySearches })]);
  const needle = q.toLowerCase();
  const order = q.replace(/^#/, '').toUpperCase();
  const [tickets, guests] = await Promise.all([
    db.execute(sql`select ${ticketRefSql(sql`t.id`)} as ref, t.status, coalesce(tt.name, 'General') as type_name, u.name as holder_name, t.holder_email,
        t.used_at, t.used_by_device_id, ${ORDER_REF} as order_ref
      from tickets t left join ticket_types tt on tt.id = t.ticket_type_id left join orders o on o.id = t.order_id
        left join "user" u on u.email = lower(t.holder_email) and u.email_verified
      where t.gig_id = ${gig.id} and (strpos(lower(t.holder_email), ${needle}) > 0 or strpos(lower(o.buyer_email), ${needle}) > 0
        or strpos(lower(u.name), ${needle}) > 0 or (length(${order}) >= 4 and ${ORDER_REF} = ${order}))
      order by t.status = 'valid' desc, t.created_at, t.order_id, t.position, t.id limit 20`),
    db.execute(sql`select id, name, plus_count, admitted_count, note, ${ticketRefSql(sql`code`)} as ref from guest_list_entries
      where gig_id = ${gig.id} and (strpos(lower(name), ${needle}) > 0 or strpos(lower(coalesce(email, '')), ${needle}) > 0) order by lower(name), id limit 10`),
  ]);
  return {
    tickets: (tickets.rows as TicketRow[]).map(toDoorTicket),
    guests: (guests.rows as Parameters<typeof toDoorGuest>[0][]).map(toDoorGuest),
  };
}
