import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DoorAdmissionList, DoorGuest, DoorPrice, DoorTicket } from '../../../core/schemas/door.ts';
import { countDoor, listDoorConflicts, maskEmail, ticketRefSql } from './count-door.ts';
import type { DoorDevice } from './door-devices.ts';
import { publicDoorGig, requireDoorGig, type DoorGigRow } from './door-gigs.ts';
import { listDoorKeys } from './door-keys.ts';

/**
 * How far back a delta reaches before its cursor: a change is stamped when it is made and seen
 * when its transaction commits, so one stamped just before a list was read may commit after it.
 * Changes within this window are sent again (the door keeps tickets by ref, so twice is harmless).
 */
const CURSOR_OVERLAP_MS = 30_000;

export type TicketRow = { ref: string; status: DoorTicket['status']; type_name: string; holder_name: string | null; holder_email: string; used_at: string | Date | null; used_by_device_id: string | null; order_ref: string | null };
type GuestRow = { id: string; name: string; plus_count: number; admitted_count: number; note: string; ref: string };

/** A ticket row as the door sees it (a ref and a masked label, never an address); the list and the door's search share it. */
export const toDoorTicket = (row: TicketRow): DoorTicket => ({
  ref: row.ref,
  status: row.status,
  typeName: row.type_name,
  holderLabel: row.holder_name ?? maskEmail(row.holder_email),
  usedAt: row.used_at ? new Date(row.used_at).toISOString() : null,
  usedByDevice: row.used_by_device_id,
  orderRef: row.order_ref,
});

/** A guest-list row as the door sees it. */
export const toDoorGuest = (g: GuestRow): DoorGuest => ({ id: g.id, name: g.name, plusCount: g.plus_count, admittedCount: g.admitted_count, note: g.note, ref: g.ref });

/** How far ahead of this process's clock a cursor may be: it is the database's clock, which may run a little ahead. */
const CURSOR_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A cursor is the newest change the door has: the time a list was read, so never before the gig
 * existed nor in the future. Anything else (not a time, or a time this server could not have
 * handed out, some of which the database cannot even store) asks for the whole list.
 */
function readCursor(since: string | undefined, gig: DoorGigRow): Date | null {
  if (!since) return null;
  const at = new Date(since).getTime();
  if (Number.isNaN(at) || at < gig.createdAt.getTime() || at > Date.now() + CURSOR_CLOCK_SKEW_MS) return null;
  return new Date(at);
}

/**
 * A gig's admission list for a door (decision 51): every ticket by its ref (never its code or its
 * buyer's e-mail: the holder's account name, else the e-mail with its middle hidden), with its
 * state; every guest-list entry (always all: a list is short, and an entry removed must go); the
 * keys codes are checked with; counts and conflicts. With `since`, only the tickets changed since
 * (a refund, a transfer, an admission, a new sale). The same nine statements whatever its size.
 */
export async function getAdmissionList(db: Db, device: DoorDevice, gigId: string, since?: string): Promise<DoorAdmissionList> {
  const gig = await requireDoorGig(db, device, gigId);
  const cursor = readCursor(since, gig);
  const changedSince = cursor ? sql`and t.changed_at > ${new Date(cursor.getTime() - CURSOR_OVERLAP_MS).toISOString()}::timestamptz` : sql``;
  const [clock, ticketRows, guestRows, keys, counts, conflicts, prices] = await Promise.all([
    // The cursor is the database's time as the list is read: changes are stamped by the same clock.
    db.execute(sql`select now() as at`),
    // A holder is named by an account only once it confirmed the address (decision 32): anyone can
    // register with someone else's address, and the door admits by the name it shows.
    db.execute(sql`select ${ticketRefSql(sql`t.id`)} as ref, t.status, coalesce(tt.name, 'General') as type_name, u.name as holder_name, t.holder_email,
        t.used_at, t.used_by_device_id, ${ORDER_REF} as order_ref
      from tickets t left join ticket_types tt on tt.id = t.ticket_type_id left join "user" u on u.email = lower(t.holder_email) and u.email_verified
        left join orders o on o.id = t.order_id
      where t.gig_id = ${gig.id} ${changedSince}`),
    // Each entry's ref (of its e-mailed code): a door offline knows a scanned guest code by it (the code itself never leaves).
    db.execute(sql`select id, name, plus_count, admitted_count, note, ${ticketRefSql(sql`code`)} as ref from guest_list_entries where gig_id = ${gig.id} order by lower(name), id`),
    listDoorKeys(db),
    countDoor(db, gig.id),
    listDoorConflicts(db, gig.id),
    doorPrices(db, gig.id),
  ]);
  const tickets = (ticketRows.rows as TicketRow[]).map(toDoorTicket);
  const guests = (guestRows.rows as GuestRow[]).map(toDoorGuest);
  const serverTime = new Date();
  return {
    gig: publicDoorGig(gig),
    keys,
    tickets,
    guests,
    counts,
    conflicts,
    isDelta: cursor !== null,
    cursor: new Date((clock.rows[0] as { at: string | Date }).at).toISOString(),
    serverTime: serverTime.toISOString(),
    doorPrices: prices,
    currency: 'USD',
  };
}

/** The order number a buyer was shown (/success, the order e-mail): its checkout's last 8 characters, never the whole key. */
export const ORDER_REF = sql`upper(right(o.provider_session_id, 8))`;

/**
 * What a door sale is prefilled with (issue 34): each ticket type on sale (not a hidden presale
 * type), in the organiser's order, else the gig's one price as 'General'. The door price is the
 * type named for the door ('Door', 'On the door'), else the first.
 */
export async function doorPrices(db: Db, gigId: string): Promise<DoorPrice[]> {
  const { rows } = await db.execute(sql`select name, price_cents, position from ticket_types where gig_id = ${gigId} and not is_hidden
    union all select 'General', ticket_price_cents, 0 from gigs g where g.id = ${gigId} and g.ticket_price_cents is not null
      and not exists (select 1 from ticket_types tt where tt.gig_id = g.id and not tt.is_hidden)
    order by 3, 1`);
  const list = rows as { name: string; price_cents: number }[];
  const door = Math.max(0, list.findIndex((p) => /\bdoor\b/i.test(p.name)));
  return list.map((p, i) => ({ typeName: p.name, priceCents: p.price_cents, isDoorPrice: i === door }));
}
