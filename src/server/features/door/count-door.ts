import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DoorConflict, DoorCounts } from '../../../core/schemas/door.ts';
import { countGigTicketsOf } from '../tickets/gig-ticket-counts.ts';

/**
 * What the door counts (decision 51): capacity, and (issue 34) the seats held by open online
 * checkouts and the seats left to sell at the door, by the same sum an online checkout holds seats
 * with (sold + held + door seats); who came in through each door device; and the gig's ticket
 * counts (Sold, Checked in, Guests, Door sales, Refunded, No-shows) from countGigTickets, the one
 * count of each that the organiser's gig card, the reports and the API read too (issue 34 item 8).
 */
export async function countDoor(db: DbOrTx, gigId: string): Promise<DoorCounts> {
  const [{ rows }, ticketCounts] = await Promise.all([
    db.execute(sql`
    with ins as (
      select used_by_device_id as device_id, count(*)::int as n from tickets where gig_id = ${gigId} and status = 'used' and used_by_device_id is not null group by 1
      union all
      select device_id, sum(guest_count)::int from door_scans where gig_id = ${gigId} and guest_id is not null and result = 'admitted' group by 1
      union all
      select device_id, sum(quantity)::int from door_sales where gig_id = ${gigId} and status = 'recorded' group by 1
      union all
      select device_id, sum(coalesce(guest_count, 1))::int from door_scans where gig_id = ${gigId} and result = 'conflict' group by 1
    )
    select g.ticket_quantity as capacity,
      g.tickets_held as held_online,
      case when g.ticket_quantity is null then null else greatest(0, g.ticket_quantity - g.tickets_sold - g.tickets_held - g.door_seats) end as seats_left,
      coalesce((select json_agg(json_build_object('deviceId', d.id, 'label', d.label, 'checkedIn', x.n) order by d.label, d.id)
        from (select device_id, sum(n)::int as n from ins group by 1) x join door_devices d on d.id = x.device_id), '[]'::json) as per_device
    from gigs g where g.id = ${gigId}`),
    countGigTicketsOf(db, gigId),
  ]);
  const [row] = rows as { capacity: number | null; held_online: number; seats_left: number | null; per_device: DoorCounts['perDevice'] | string }[];
  return {
    capacity: row?.capacity ?? null,
    heldOnline: row?.held_online ?? 0,
    seatsLeft: row?.seats_left === null || row?.seats_left === undefined ? null : Number(row.seats_left),
    soldOnline: ticketCounts.sold,
    soldAtDoor: ticketCounts.doorSales,
    comps: ticketCounts.guests,
    checkedIn: ticketCounts.checkedIn,
    noShows: ticketCounts.noShows,
    ticketCounts,
    perDevice: !row ? [] : typeof row.per_device === 'string' ? (JSON.parse(row.per_device) as DoorCounts['perDevice']) : row.per_device,
  };
}

/** The ticket ref (see ticketRef in core/door-codes.ts) computed in SQL, for a ticket id column. */
export const ticketRefSql = (id: ReturnType<typeof sql>) => sql`translate(rtrim(encode(substring(sha256(convert_to(${id}, 'UTF8')) from 1 for 16), 'base64'), '='), '+/', '-_')`;

/** An e-mail address with its middle hidden (j…n@e…e.com): enough to find a name at the door, not to write to. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const [name, tld] = dot > 0 ? [domain.slice(0, dot), domain.slice(dot)] : [domain, ''];
  const hide = (part: string) => (part.length <= 2 ? `${part.slice(0, 1)}…` : `${part[0]}…${part.at(-1)}`);
  return `${hide(local)}@${hide(name)}${tld}`;
}

/**
 * The gig's conflicts (decision 51): tickets (and guest passes) let in again by a door that was offline. Each names the
 * admission that stands (the earliest) and the other door's. Every door and the organiser see them.
 */
export async function listDoorConflicts(db: DbOrTx, gigId: string): Promise<DoorConflict[]> {
  const { rows } = await db.execute(sql`
    select ${ticketRefSql(sql`t.id`)} as ticket_ref, u.name as holder_name, t.holder_email, t.used_at, coalesce(d1.label, 'Scanner') as device_label,
      s.scanned_at as other_at, d2.label as other_device_label
    from door_scans s join tickets t on t.id = s.ticket_id join door_devices d2 on d2.id = s.device_id
      left join door_devices d1 on d1.id = t.used_by_device_id left join "user" u on u.email = lower(t.holder_email) and u.email_verified
    where s.gig_id = ${gigId} and s.result = 'conflict'
    union all
    select ${ticketRefSql(sql`e.code`)}, e.name, null, first.scanned_at, coalesce(first.label, 'Scanner'), s.scanned_at, d2.label
    from door_scans s join guest_list_entries e on e.id = s.guest_id join door_devices d2 on d2.id = s.device_id
      left join lateral (select f.scanned_at, d.label from door_scans f join door_devices d on d.id = f.device_id
        where f.guest_id = e.id and f.result = 'admitted' order by f.scanned_at limit 1) first on true
    where s.gig_id = ${gigId} and s.result = 'conflict'
    order by 6, 1 limit 500`);
  return (rows as { ticket_ref: string; holder_name: string | null; holder_email: string; used_at: string | Date | null; device_label: string; other_at: string | Date; other_device_label: string }[]).map((r) => ({
    ticketRef: r.ticket_ref,
    holderLabel: r.holder_name ?? maskEmail(r.holder_email),
    admittedAt: r.used_at ? new Date(r.used_at).toISOString() : new Date(r.other_at).toISOString(),
    deviceLabel: r.device_label,
    otherAt: new Date(r.other_at).toISOString(),
    otherDeviceLabel: r.other_device_label,
  }));
}
