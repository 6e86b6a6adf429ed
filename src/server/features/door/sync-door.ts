import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { prepareStatement } from '../../db/prepared-statement.ts';
import { parseInput } from '../../http/validate.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { DOOR_SALE_UNDO_MS, doorSyncSchema, type DoorRefusal, type DoorSaleStatus, type DoorScanResult, type DoorSyncResult } from '../../../core/schemas/door.ts';
import { liveNotice } from '../live/live-events.ts';
import { countDoor, listDoorConflicts, maskEmail, ticketRefSql } from './count-door.ts';
import type { DoorDevice } from './door-devices.ts';
import { requireDoorGig, type DoorGigRow } from './door-gigs.ts';
import { readDoorCode } from './read-door-code.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';

/**
 * A code signed with a key retired this long before its ticket was issued cannot be genuine: every
 * instance signs with the new key within a minute of a rotation (door-keys.ts), so this is
 * slack for that minute.
 */
const RETIRED_KEY_GRACE_MS = 2 * 60_000;

/**
 * A question (`wasAdmitted: false`: "server, decide") is asked online, the moment it is scanned. One
 * sent this long after its scan was refused by the door offline, and the person was turned away:
 * it is recorded, never answered with an admission nobody saw.
 */
const STALE_QUESTION_MS = 30_000;

type SyncServices = Pick<Services, 'db' | 'isRateLimitEnabled'>;
type Scan = ReturnType<typeof doorSyncSchema.parse>['scans'][number];
type Sale = ReturnType<typeof doorSyncSchema.parse>['sales'][number];
type Void = ReturnType<typeof doorSyncSchema.parse>['voids'][number];

/** One scan on its way through: where it points, and (once decided) what became of it. */
type Pending = {
  scan: Scan;
  index: number;
  at: Date;
  deviceAt: Date;
  /** A ticket id, or a guest-list code (a guest's e-mailed code sits in a signed code's ticket slot). */
  codeId?: string;
  keyRetiredAt?: string | null;
  ticketId?: string;
  guestId?: string;
  result?: DoorScanResult['result'];
  reason?: DoorRefusal;
  guestCount?: number;
  /** A question sent long after its scan (STALE_QUESTION_MS): the door turned the person away; it never admits. */
  isStale?: boolean;
};

type TicketRow = {
  id: string;
  ref: string;
  gig_id: string;
  status: 'valid' | 'used' | 'refunded' | 'transferred';
  used_at: string | Date | null;
  used_by_device_id: string | null;
  created_at: string | Date;
  type_name: string;
  holder_name: string | null;
  holder_email: string;
  used_by_label: string | null;
};
type GuestRow = { id: string; gig_id: string; code: string; name: string; plus_count: number; admitted_count: number };

const iso = (value: string | Date) => new Date(value).toISOString();
const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

/**
 * Applies what a door did (decision 51): scans (online, a batch of one; or queued offline and
 * synced late), guest check-ins and door sales, each once however often the batch is sent.
 *
 * - Time: a scan happened at the server's now minus (the batch's sentAt minus its scannedAt), so
 *   a device clock hours wrong still orders scans right.
 * - First scan wins by time: the earliest admission of a ticket stands. A scan synced late with an
 *   earlier time than the ticket's admission becomes the admission (when the door let the person
 *   in); the other becomes a conflict (both doors let someone in) or a duplicate.
 * - Every ticket and guest entry a batch touches is locked (in id order, so batches never
 *   deadlock) before anything is decided: of any number of devices syncing the same ticket at
 *   once, exactly one admission stands.
 * - Door sales (issue 34) take seats only while sold + held by open checkouts + door seats stay
 *   within the capacity, and never for a cancelled gig: one past it is refused, kept as refused (the
 *   report lists its money to give back). Voids undo a sale of this door within DOOR_SALE_UNDO_MS.
 */
export async function syncDoor(services: SyncServices, device: DoorDevice, gigId: string, rawInput: unknown, now = new Date()): Promise<DoorSyncResult> {
  const { db } = services;
  const input = parseInput(doorSyncSchema, rawInput);
  // Generous (a door syncs every few seconds, and each online scan is a sync), but a runaway door stops.
  const [gig] = await Promise.all([
    requireDoorGig(db, device, gigId),
    limitHits(services, `door-sync:${device.id}`, { windowMs: 60_000, max: 600, message: 'This door is syncing too often. It will try again in a minute.' }),
  ]);
  const offsetMs = now.getTime() - Date.parse(input.sentAt);
  const serverTimeOf = (deviceTime: string) => new Date(Math.min(now.getTime(), Date.parse(deviceTime) + offsetMs));

  // The codes are read (and signatures checked) before the transaction: no lock waits on crypto.
  // A scan id twice in one batch is one scan (the first).
  const scans = [...new Map(input.scans.toReversed().map((scan) => [scan.id, scan])).values()].toReversed();
  const pending: Pending[] = await Promise.all(
    scans.map(async (scan, index): Promise<Pending> => {
      const p: Pending = { scan, index, at: serverTimeOf(scan.scannedAt), deviceAt: new Date(scan.scannedAt) };
      if (!scan.wasAdmitted && Date.parse(input.sentAt) - Date.parse(scan.scannedAt) > STALE_QUESTION_MS) p.isStale = true;
      if (scan.code === undefined) return p;
      const read = await readDoorCode(db, scan.code);
      if (!read.isReadable) return { ...p, result: 'refused', reason: read.reason };
      if (read.gigId && read.gigId !== gig.id) return { ...p, result: 'refused', reason: 'other_gig' };
      return { ...p, codeId: read.ticketId, keyRetiredAt: read.keyRetiredAt };
    }),
  );
  pending.sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index);

  const { results, salesOut, voidsOut } = await db.transaction(async (tx) => {
    const claimed = await claimScans(db, tx, device, gig.id, pending);
    const fresh = pending.filter((p) => claimed.has(p.scan.id));
    const ticketRows = await lockTickets(db, tx, gig.id, fresh);
    const byId = new Map(ticketRows.map((t) => [t.id, t]));
    const byRef = new Map(ticketRows.map((t) => [t.ref, t]));
    for (const p of fresh) {
      if (p.result) continue;
      const ticket = p.codeId ? byId.get(p.codeId) : p.scan.ref ? byRef.get(p.scan.ref) : undefined;
      if (ticket) p.ticketId = ticket.id;
      else if (p.scan.guestId) p.guestId = p.scan.guestId;
      else if (!p.codeId) [p.result, p.reason] = ['refused', 'unknown'];
    }
    // Codes that are no ticket may be a guest's e-mailed code.
    const guestCodes = fresh.filter((p) => !p.result && !p.ticketId && !p.guestId && p.codeId).map((p) => p.codeId!);
    const guestIds = fresh.filter((p) => p.guestId).map((p) => p.guestId!);
    const guestRows = guestCodes.length || guestIds.length ? await lockGuests(tx, guestIds, guestCodes) : [];
    const guestByCode = new Map(guestRows.map((g) => [g.code, g]));
    for (const p of fresh) {
      if (p.result || p.ticketId || p.guestId) continue;
      const guest = p.codeId ? guestByCode.get(p.codeId) : undefined;
      if (guest) p.guestId = guest.id;
      else [p.result, p.reason] = ['refused', 'unknown'];
    }

    const admissions = decideTickets(fresh, byId, gig);
    const guestAdmitted = decideGuests(fresh, new Map(guestRows.map((g) => [g.id, g])), gig);

    if (admissions.size) {
      const moved = [...admissions.values()];
      await syncStatements(db).admit.execute(tx, { deviceId: device.id, userId: device.userId, ids: pgArray(moved.map((m) => m.ticketId)), ats: pgArray(moved.map((m) => m.at.toISOString())) });
      // The admissions these replace: the people they let in are in too, so each is now a conflict.
      const replaced = moved.filter((m) => m.isReplacingStored).map((m) => m.ticketId);
      if (replaced.length) {
        await tx.execute(sql`update door_scans set result = 'conflict' where ticket_id = any(${textArray(replaced)}::text[]) and result = 'admitted' and gig_id = ${gig.id}`);
      }
      await emitWebhookEvent(tx, 'ticket.checked_in', moved.filter((m) => !m.isReplacingStored).map((m) => ({ gigId: gig.id, ticketId: m.ticketId, data: { checkedInAt: m.at.toISOString() } })));
    }
    if (fresh.length) {
      await syncStatements(db).record.execute(tx, {
        ids: pgArray(fresh.map((p) => p.scan.id)),
        results: pgArray(fresh.map((p) => p.result!)),
        reasons: pgArray(fresh.map((p) => p.reason ?? null)),
        ticketIds: pgArray(fresh.map((p) => p.ticketId ?? null)),
        guestIds: pgArray(fresh.map((p) => p.guestId ?? null)),
        guestCounts: pgArray(fresh.map((p) => (p.guestCount === undefined ? null : String(p.guestCount)))),
      });
    }
    if (guestAdmitted.size) {
      await tx.execute(sql`update guest_list_entries e set admitted_count = e.admitted_count + x.n, updated_at = now()
        from unnest(${textArray([...guestAdmitted.keys()])}::uuid[], ${textArray([...guestAdmitted.values()].map(String))}::int[]) as x(id, n) where e.id = x.id`);
    }
    const sales = await recordSales(tx, device, gig.id, input.sales, serverTimeOf);
    const voids = await voidSales(tx, device, gig.id, input.voids, serverTimeOf);
    const replayed = pending.filter((p) => !claimed.has(p.scan.id));
    // A scan asked online whose answer came too late: the door decided on its own, let the person in,
    // and sends it again as an admission. If the server had found the ticket used, two are in: a conflict.
    const nowAdmitted = replayed.filter((p) => p.scan.wasAdmitted).map((p) => p.scan.id);
    const upgraded = nowAdmitted.length
      ? rowsOf<{ id: string }>(
          await tx.execute(sql`update door_scans set was_admitted = true, result = case when result = 'duplicate' then 'conflict'::door_scan_result else result end
            where id = any(${textArray(nowAdmitted)}::uuid[]) and device_id = ${device.id} and not was_admitted returning id`),
        )
      : [];
    const stored = replayed.length ? await readStoredScans(tx, device, replayed.map((p) => p.scan.id)) : new Map<string, DoorScanResult>();
    const changed = fresh.length > 0 || sales.isNew || voids.isNew || upgraded.length > 0;
    // The device's last sync, and (when something changed) the live notice to open doors and gig cards, on commit.
    await tx.execute(sql`with seen as (update door_devices set last_sync_at = ${now.toISOString()}::timestamptz where id = ${device.id})
      select ${changed ? liveNotice('door', gig.id) : sql`null`}`);

    const out = new Map<string, DoorScanResult>(stored);
    for (const p of fresh) out.set(p.scan.id, describe(p, p.ticketId ? byId.get(p.ticketId) : undefined, admissions, device));
    for (const p of replayed) if (!out.has(p.scan.id)) out.set(p.scan.id, { id: p.scan.id, result: 'refused', reason: 'unknown' });
    return { results: input.scans.map((s) => out.get(s.id)!), salesOut: sales.out, voidsOut: voids.out };
  });

  const [conflicts, counts] = await Promise.all([listDoorConflicts(db, gig.id), countDoor(db, gig.id)]);
  return { serverTime: new Date().toISOString(), scans: results, sales: salesOut, voids: voidsOut, conflicts, counts };
}

/** An array as one parameter, in PostgreSQL's array literal (drizzle would send a JS array as a list of parameters): one statement serves any batch size. */
function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;
}
const textArray = (values: readonly (string | null)[]) => sql`${pgArray(values)}`;

const ph = sql.placeholder;

/**
 * The statements every sync sends (an online scan is a sync of one), prepared once per database:
 * each batch travels as array parameters, so one statement serves any batch size.
 */
const syncStatements = oncePerDatabase((db: Db) => ({
  claim: prepareStatement<{ id: string }>(
    db,
    'marquee_door_claim_scans',
    sql`insert into door_scans (id, gig_id, device_id, scanned_at, device_scanned_at, was_admitted, result, reason)
      select x.id, ${ph('gigId')}::uuid, ${ph('deviceId')}::uuid, x.at, x.device_at, x.was_admitted, 'refused', 'pending'
      from unnest(${ph('ids')}::uuid[], ${ph('ats')}::timestamptz[], ${ph('deviceAts')}::timestamptz[], ${ph('wasAdmitted')}::boolean[]) as x(id, at, device_at, was_admitted)
      on conflict (id) do nothing returning id`,
  ),
  // `for no key update`: a scan row referencing a ticket takes a key share lock on it, which this must not wait for.
  lock: prepareStatement<TicketRow>(
    db,
    'marquee_door_lock_tickets',
    sql`select t.id, ${ticketRefSql(sql`t.id`)} as ref, t.gig_id, t.status, t.used_at, t.used_by_device_id, t.created_at,
        coalesce(tt.name, 'General') as type_name, u.name as holder_name, t.holder_email, d.label as used_by_label
      from tickets t left join ticket_types tt on tt.id = t.ticket_type_id left join "user" u on u.email = lower(t.holder_email) and u.email_verified
        left join door_devices d on d.id = t.used_by_device_id
      where t.id in (select unnest(${ph('ids')}::text[])
        union all select r.id from tickets r where cardinality(${ph('refs')}::text[]) > 0 and r.gig_id = ${ph('gigId')}::uuid and ${ticketRefSql(sql`r.id`)} = any(${ph('refs')}::text[]))
      order by t.id
      for no key update of t`,
  ),
  admit: prepareStatement(
    db,
    'marquee_door_admit_tickets',
    sql`update tickets t set status = 'used', used_at = x.at, used_by_device_id = ${ph('deviceId')}::uuid, used_by = ${ph('userId')}::text
      from unnest(${ph('ids')}::text[], ${ph('ats')}::timestamptz[]) as x(id, at)
      where t.id = x.id`,
  ),
  record: prepareStatement(
    db,
    'marquee_door_record_scans',
    sql`update door_scans s set result = x.result::door_scan_result, reason = x.reason, ticket_id = x.ticket_id, guest_id = x.guest_id, guest_count = x.guest_count
      from unnest(${ph('ids')}::uuid[], ${ph('results')}::text[], ${ph('reasons')}::text[], ${ph('ticketIds')}::text[], ${ph('guestIds')}::uuid[], ${ph('guestCounts')}::int[])
        as x(id, result, reason, ticket_id, guest_id, guest_count)
      where s.id = x.id`,
  ),
}));

/** Records each scan's id first (result pending): a scan already recorded, by this batch sent before, is not applied again. */
async function claimScans(db: Db, tx: Tx, device: DoorDevice, gigId: string, unordered: Pending[]): Promise<Set<string>> {
  if (!unordered.length) return new Set();
  // In id order: two batches that share scans (a door sending its queue again, grown) wait for each other, never deadlock.
  const pending = [...unordered].sort((a, b) => (a.scan.id < b.scan.id ? -1 : a.scan.id > b.scan.id ? 1 : 0));
  const claimed = await syncStatements(db).claim.execute(tx, {
    gigId,
    deviceId: device.id,
    ids: pgArray(pending.map((p) => p.scan.id)),
    ats: pgArray(pending.map((p) => p.at.toISOString())),
    deviceAts: pgArray(pending.map((p) => p.deviceAt.toISOString())),
    wasAdmitted: pgArray(pending.map((p) => String(p.scan.wasAdmitted))),
  });
  return new Set(claimed.map((r) => r.id));
}

/** The tickets the fresh scans name (by code, or by ref for a name check-in), locked until the batch commits, in id order. */
async function lockTickets(db: Db, tx: Tx, gigId: string, fresh: Pending[]): Promise<TicketRow[]> {
  const ids = [...new Set(fresh.filter((p) => !p.result && p.codeId).map((p) => p.codeId!))];
  const refs = [...new Set(fresh.filter((p) => !p.result && p.scan.ref).map((p) => p.scan.ref!))];
  if (!ids.length && !refs.length) return [];
  return syncStatements(db).lock.execute(tx, { ids: pgArray(ids), refs: pgArray(refs), gigId });
}

async function lockGuests(tx: Tx, ids: string[], codes: string[]): Promise<GuestRow[]> {
  return rowsOf<GuestRow>(
    await tx.execute(sql`select id, gig_id, code, name, plus_count, admitted_count from guest_list_entries
      where id = any(${textArray(ids)}::uuid[]) or code = any(${textArray(codes)}::text[]) order by id for no key update`),
  );
}

/** `isReplacingStored`: the ticket's admission recorded before this batch moves to this earlier scan. */
type Admission = { ticketId: string; at: Date; scanId: string; isReplacingStored: boolean };

/**
 * First scan wins by time. `fresh` is in time order; each ticket's admission is the earliest scan
 * that let someone in (or asked, online). Returns the admissions that change a ticket.
 */
function decideTickets(fresh: Pending[], tickets: Map<string, TicketRow>, gig: DoorGigRow): Map<string, Admission> {
  const changes = new Map<string, Admission>();
  // The standing admission of each ticket as the batch goes: from the database, then this batch's.
  const standing = new Map<string, { at: number; pending?: Pending; isMovable: boolean }>();
  for (const t of tickets.values()) {
    if (t.status === 'used') standing.set(t.id, { at: t.used_at ? new Date(t.used_at).getTime() : -Infinity, isMovable: t.used_by_device_id !== null });
  }
  for (const p of fresh) {
    if (p.result || !p.ticketId) continue;
    const t = tickets.get(p.ticketId)!;
    const refusal: DoorRefusal | null =
      t.gig_id !== gig.id
        ? 'other_gig'
        : t.status === 'refunded'
          ? 'refunded'
          : t.status === 'transferred'
            ? 'transferred'
            : gig.isCancelled
              ? 'cancelled'
              : p.keyRetiredAt && Date.parse(iso(t.created_at)) > Date.parse(p.keyRetiredAt) + RETIRED_KEY_GRACE_MS
                ? 'retired_key'
                : null;
    if (refusal) {
      [p.result, p.reason] = ['refused', refusal];
      continue;
    }
    const current = standing.get(t.id);
    if (!current && p.isStale) {
      [p.result, p.reason] = ['refused', 'stale'];
    } else if (!current) {
      p.result = 'admitted';
      standing.set(t.id, { at: p.at.getTime(), pending: p, isMovable: true });
      changes.set(t.id, { ticketId: t.id, at: p.at, scanId: p.scan.id, isReplacingStored: false });
    } else if (p.scan.wasAdmitted && current.isMovable && p.at.getTime() < current.at) {
      // Synced late, but first: this door's admission stands; the one it replaces becomes a conflict.
      p.result = 'admitted';
      if (current.pending) current.pending.result = current.pending.scan.wasAdmitted ? 'conflict' : 'duplicate';
      standing.set(t.id, { at: p.at.getTime(), pending: p, isMovable: true });
      changes.set(t.id, { ticketId: t.id, at: p.at, scanId: p.scan.id, isReplacingStored: !current.pending || (changes.get(t.id)?.isReplacingStored ?? false) });
    } else {
      p.result = p.scan.wasAdmitted ? 'conflict' : 'duplicate';
    }
  }
  return changes;
}

/** Guests of an entry are admitted in time order until the whole party (1 + N) is in. Returns how many each entry admits. */
function decideGuests(fresh: Pending[], guests: Map<string, GuestRow>, gig: DoorGigRow): Map<string, number> {
  const admitted = new Map<string, number>();
  for (const p of fresh) {
    if (p.result || !p.guestId) continue;
    const guest = guests.get(p.guestId);
    if (!guest) {
      [p.result, p.reason] = ['refused', 'unknown'];
      continue;
    }
    if (guest.gig_id !== gig.id) {
      [p.result, p.reason] = ['refused', 'other_gig'];
      continue;
    }
    if (gig.isCancelled) {
      [p.result, p.reason] = ['refused', 'cancelled'];
      continue;
    }
    if (p.isStale) {
      [p.result, p.reason] = ['refused', 'stale'];
      continue;
    }
    const count = p.scan.count ?? 1;
    const left = guest.plus_count + 1 - guest.admitted_count - (admitted.get(guest.id) ?? 0);
    if (count > left) {
      // The door let them in while offline, but the party was in already: more people than the entry holds.
      if (p.scan.wasAdmitted) [p.result, p.guestCount] = ['conflict', count];
      else [p.result, p.reason] = ['refused', 'guest_full'];
      continue;
    }
    p.result = 'admitted';
    p.guestCount = count;
    admitted.set(guest.id, (admitted.get(guest.id) ?? 0) + count);
  }
  return admitted;
}

function describe(p: Pending, ticket: TicketRow | undefined, admissions: Map<string, Admission>, device: DoorDevice): DoorScanResult {
  const result: DoorScanResult = { id: p.scan.id, result: p.result!, ...(p.reason ? { reason: p.reason } : {}) };
  if (!ticket) return result;
  const admission = admissions.get(ticket.id);
  const first =
    admission && admission.scanId !== p.scan.id
      ? { firstAdmittedAt: admission.at.toISOString(), firstDeviceLabel: device.label, firstDeviceId: device.id }
      : !admission && ticket.used_at && (p.result === 'duplicate' || p.result === 'conflict')
        ? { firstAdmittedAt: iso(ticket.used_at), firstDeviceLabel: ticket.used_by_label ?? 'Scanner', ...(ticket.used_by_device_id ? { firstDeviceId: ticket.used_by_device_id } : {}) }
        : {};
  return { ...result, ticketRef: ticket.ref, typeName: ticket.type_name, holderLabel: ticket.holder_name ?? maskEmail(ticket.holder_email), ...first };
}

/** What a scan recorded before (a replayed batch) became. Only this device's: another device's scan id names nothing here. */
async function readStoredScans(tx: Tx, device: DoorDevice, ids: string[]): Promise<Map<string, DoorScanResult>> {
  const rows = rowsOf<{ id: string; result: DoorScanResult['result']; reason: string | null; ref: string | null }>(
    await tx.execute(sql`select s.id, s.result, s.reason, case when s.ticket_id is null then null else ${ticketRefSql(sql`s.ticket_id`)} end as ref
      from door_scans s where s.id = any(${textArray(ids)}::uuid[]) and s.device_id = ${device.id}`),
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, result: r.result, ...(r.reason ? { reason: r.reason as DoorRefusal } : {}), ...(r.ref ? { ticketRef: r.ref } : {}) }]));
}

/**
 * Door sales, each recorded once (its id is the door's). Capacity is a safety number (issue 34):
 * counted in the order sold, a sale takes its seats only while sold online + held by open online
 * checkouts + door seats (comps and earlier door sales) stay within the capacity, exactly as an
 * online checkout holds seats; one past it is refused (`refused_full`), and every sale of a
 * cancelled gig (`refused_cancelled`). A refused sale is kept, taking no seat, so the door and the
 * report say its money is to be given back. Only a raised capacity lets more be sold.
 */
async function recordSales(tx: Tx, device: DoorDevice, gigId: string, sales: Sale[], serverTimeOf: (deviceTime: string) => Date) {
  if (!sales.length) return { out: [], isNew: false };
  const ids = sales.map((s) => s.id);
  const inserted = rowsOf<{ id: string; quantity: number; sold_at: string | Date }>(
    await tx.execute(sql`insert into door_sales (id, gig_id, device_id, quantity, amount_cents, method, sold_at)
      select x.id, ${gigId}, ${device.id}, x.quantity, x.amount, x.method::door_sale_method, x.sold_at
      from unnest(${textArray(ids)}::uuid[], ${textArray(sales.map((s) => String(s.quantity)))}::int[], ${textArray(sales.map((s) => String(s.amountCents)))}::int[],
        ${textArray(sales.map((s) => s.method))}::text[], ${textArray(sales.map((s) => serverTimeOf(s.soldAt).toISOString()))}::timestamptz[]) as x(id, quantity, amount, method, sold_at)
      on conflict (id) do nothing returning id, quantity, sold_at`),
  );
  if (inserted.length) {
    // The gig's row, locked: every seat taker (online holds, guest-list entries, other doors) waits for it.
    const [gig] = rowsOf<{ ticket_quantity: number | null; taken: number; is_cancelled: boolean }>(
      await tx.execute(sql`select ticket_quantity, tickets_sold + tickets_held + door_seats as taken, cancelled_at is not null as is_cancelled from gigs where id = ${gigId} for no key update`),
    );
    let taken = gig!.taken;
    let added = 0;
    const refused: { id: string; status: DoorSaleStatus }[] = [];
    for (const sale of [...inserted].sort((a, b) => Date.parse(iso(a.sold_at)) - Date.parse(iso(b.sold_at)) || ids.indexOf(a.id) - ids.indexOf(b.id))) {
      if (gig!.is_cancelled) refused.push({ id: sale.id, status: 'refused_cancelled' });
      else if (gig!.ticket_quantity !== null && taken + sale.quantity > gig!.ticket_quantity) refused.push({ id: sale.id, status: 'refused_full' });
      else {
        taken += sale.quantity;
        added += sale.quantity;
      }
    }
    if (added) await tx.execute(sql`update gigs set door_seats = door_seats + ${added} where id = ${gigId}`);
    if (refused.length) {
      await tx.execute(sql`update door_sales s set status = x.status::door_sale_status
        from unnest(${textArray(refused.map((r) => r.id))}::uuid[], ${textArray(refused.map((r) => r.status))}::text[]) as x(id, status) where s.id = x.id`);
    }
  }
  const stored = rowsOf<{ id: string; is_over_capacity: boolean; status: DoorSaleStatus }>(
    await tx.execute(sql`select id, is_over_capacity, status from door_sales where id = any(${textArray(ids)}::uuid[]) and device_id = ${device.id}`),
  );
  const byId = new Map(stored.map((s) => [s.id, s]));
  return { out: ids.filter((id) => byId.has(id)).map((id) => ({ id, isOverCapacity: byId.get(id)!.is_over_capacity, status: byId.get(id)!.status })), isNew: inserted.length > 0 };
}

/**
 * Door sales undone (issue 34): only by the door that made them, within DOOR_SALE_UNDO_MS of the
 * sale (both times on the server's clock), once. A voided sale gives its seats back and stops
 * counting, and stays in the door report as voided. A refused sale took nothing: nothing to undo.
 */
async function voidSales(tx: Tx, device: DoorDevice, gigId: string, voids: Void[], serverTimeOf: (deviceTime: string) => Date) {
  if (!voids.length) return { out: [], isNew: false };
  const ids = voids.map((v) => v.saleId);
  const rows = rowsOf<{ id: string; quantity: number; sold_at: string | Date; status: DoorSaleStatus }>(
    await tx.execute(sql`select id, quantity, sold_at, status from door_sales where id = any(${textArray(ids)}::uuid[]) and device_id = ${device.id} and gig_id = ${gigId} order by id for update`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: DoorSyncResult['voids'] = [];
  const toVoid: { id: string; at: string; quantity: number }[] = [];
  for (const v of voids) {
    const row = byId.get(v.saleId);
    if (!row) {
      out.push({ saleId: v.saleId, isVoided: false, reason: 'unknown' });
      continue;
    }
    if (row.status === 'voided' || toVoid.some((x) => x.id === row.id)) {
      out.push({ saleId: v.saleId, isVoided: true });
      continue;
    }
    const at = serverTimeOf(v.voidedAt);
    if (row.status !== 'recorded' || at.getTime() - Date.parse(iso(row.sold_at)) > DOOR_SALE_UNDO_MS) {
      out.push({ saleId: v.saleId, isVoided: false, ...(row.status === 'recorded' ? { reason: 'too_late' as const } : {}) });
      continue;
    }
    toVoid.push({ id: row.id, at: at.toISOString(), quantity: row.quantity });
    out.push({ saleId: v.saleId, isVoided: true });
  }
  if (toVoid.length) {
    await tx.execute(sql`update door_sales s set status = 'voided', voided_at = x.at
      from unnest(${textArray(toVoid.map((v) => v.id))}::uuid[], ${textArray(toVoid.map((v) => v.at))}::timestamptz[]) as x(id, at) where s.id = x.id`);
    await tx.execute(sql`update gigs set door_seats = greatest(0, door_seats - ${toVoid.reduce((n, v) => n + v.quantity, 0)}) where id = ${gigId}`);
  }
  return { out, isNew: toVoid.length > 0 };
}
