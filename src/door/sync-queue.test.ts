import { describe, expect, it } from 'vitest';
import { doorSyncSchema } from '../core/schemas/door.ts';
import { acknowledge, batchesByGig, canUndoSale, couldNotSendCount, isSaleStanding, refusedSales, seatsLeftAtDoor, localAdmissions, MAX_SCANS_PER_BATCH, nextBatch, retryDelay, setAsideInvalid, waitingCount, type QueuedSale, type QueuedScan } from './sync-queue.ts';

// The door's queue: what the door did offline is sent until the server names it in an answer.
const GIG = '0b6f3d9e-1c2a-4b5c-8d7e-9f0a1b2c3d4e';
const scan = (n: number, changes: Partial<QueuedScan> = {}): QueuedScan => ({
  id: crypto.randomUUID(),
  gigId: GIG,
  code: `MQ1.k1.ticket-${n}`,
  scannedAt: new Date(Date.UTC(2026, 10, 26, 21, 0, n)).toISOString(),
  wasAdmitted: true,
  ticketRef: `ref-${String(n).padStart(18, '0')}`,
  isSynced: false,
  ...changes,
});
const sale = (changes: Partial<QueuedSale> = {}): QueuedSale => ({ id: crypto.randomUUID(), gigId: GIG, quantity: 2, amountCents: 2400, method: 'cash', soldAt: '2026-11-26T21:05:00.000Z', isSynced: false, ...changes });

describe('the sync queue', () => {
  it('sends what waits, oldest first, as the sync schema takes it, and nothing when all is acknowledged', () => {
    const scans = [scan(3), scan(1), scan(2, { isSynced: true })];
    const batch = nextBatch(scans, [sale()], new Date('2026-11-26T21:10:00.000Z'))!;
    expect(batch.scans!.map((s) => s.code)).toEqual(['MQ1.k1.ticket-1', 'MQ1.k1.ticket-3']);
    // Only what the server's schema knows leaves the device.
    expect(Object.keys(batch.scans![0]!).sort()).toEqual(['code', 'id', 'scannedAt', 'wasAdmitted']);
    expect(doorSyncSchema.safeParse(batch).success).toBe(true);
    expect(nextBatch([scan(1, { isSynced: true })], [], new Date())).toBeNull();
  });

  it('never sends a refusal the door made on its own: the server would read it as "server, decide" and admit the ticket', () => {
    // Offline, the door refused one code (not on its list) and admitted another; a scan sent online
    // that timed out and was then admitted here keeps its id and is queued as an admission.
    const refusedHere = scan(1, { wasAdmitted: false, notSent: 'offline_refusal' });
    const legacyRefusal = scan(2, { wasAdmitted: false });
    const admittedHere = scan(3);
    const batch = nextBatch([refusedHere, legacyRefusal, admittedHere], [], new Date())!;
    expect(batch.scans!.map((s) => s.id)).toEqual([admittedHere.id]);
    expect(batch.scans!.every((s) => s.wasAdmitted)).toBe(true);
    expect(waitingCount([refusedHere, legacyRefusal, admittedHere], [])).toBe(1);
    expect(nextBatch([refusedHere, legacyRefusal], [], new Date())).toBeNull();
  });

  it('one item the server refuses no longer jams the queue: after a 400 it is set aside and the rest flows', () => {
    // A QR code of 600 characters was admitted as typed, and a sale took more than the server allows.
    const scans = [scan(1, { code: `MQ1.${'x'.repeat(600)}` }), scan(2, { id: crypto.randomUUID(), code: 'MQ1.k1.ticket-2' })];
    const sales = [sale({ id: crypto.randomUUID(), amountCents: 5_000_000 }), sale({ id: crypto.randomUUID() })];
    const batch = nextBatch(scans, sales, new Date())!;
    expect(doorSyncSchema.safeParse(batch).success).toBe(false);
    const aside = setAsideInvalid(scans, sales, batch);
    expect(aside.scans.map((s) => s.id)).toEqual([scans[0]!.id]);
    expect(aside.sales.map((s) => s.id)).toEqual([sales[0]!.id]);
    const after = { scans: scans.map((s) => aside.scans.find((a) => a.id === s.id) ?? s), sales: sales.map((s) => aside.sales.find((a) => a.id === s.id) ?? s) };
    const next = nextBatch(after.scans, after.sales, new Date())!;
    expect(doorSyncSchema.safeParse(next).success).toBe(true);
    expect(next.scans!.map((s) => s.id)).toEqual([scans[1]!.id]);
    expect(next.sales!.map((s) => s.id)).toEqual([sales[1]!.id]);
    expect(waitingCount(after.scans, after.sales)).toBe(2);
    expect(couldNotSendCount(after.scans, after.sales)).toBe(2);
  });

  it('a door that switched gigs still sends the first gig\'s scans and sales: one batch per gig', () => {
    const OTHER = '7a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const first = [scan(1, { gigId: OTHER }), scan(2, { id: crypto.randomUUID(), gigId: OTHER, isSynced: true })];
    const firstSale = sale({ gigId: OTHER });
    const now = [scan(3)];
    const batches = batchesByGig([...first, ...now], [firstSale], new Date());
    expect(batches.map((b) => b.gigId).sort()).toEqual([GIG, OTHER].sort());
    const other = batches.find((b) => b.gigId === OTHER)!;
    expect(other.batch.scans!.map((s) => s.id)).toEqual([first[0]!.id]);
    expect(other.batch.sales!.map((s) => s.id)).toEqual([firstSale.id]);
    expect(batches.find((b) => b.gigId === GIG)!.batch.scans!.map((s) => s.id)).toEqual([now[0]!.id]);
    expect(batchesByGig([first[1]!], [], new Date())).toEqual([]);
  });

  it('a batch holds at most what the server takes; the rest waits for the next round', () => {
    const scans = Array.from({ length: MAX_SCANS_PER_BATCH + 5 }, (_, i) => scan(i % 60, { id: crypto.randomUUID() }));
    expect(nextBatch(scans, [], new Date())!.scans).toHaveLength(MAX_SCANS_PER_BATCH);
  });

  it('marks only what the answer names; a lost answer leaves everything queued to retry', () => {
    const scans = [scan(1), scan(2)];
    const sales = [sale()];
    const done = acknowledge(scans, sales, { scans: [{ id: scans[0]!.id, result: 'conflict' }], sales: [{ id: sales[0]!.id, isOverCapacity: false, status: 'recorded' }] });
    expect(done.scans).toEqual([{ ...scans[0], isSynced: true, result: 'conflict' }]);
    expect(done.sales).toEqual([{ ...sales[0], isSynced: true, isOverCapacity: false, status: 'recorded' }]);
    const after = scans.map((s) => done.scans.find((d) => d.id === s.id) ?? s);
    expect(waitingCount(after, done.sales)).toBe(1);
    expect(nextBatch(after, done.sales, new Date())!.scans!.map((s) => s.id)).toEqual([scans[1]!.id]);
  });

  it('issue 34: seats left at the door are the server\'s (held online checkouts counted) less this door\'s unsent sales; refused sales are money to give back', () => {
    const unsent = sale({ id: crypto.randomUUID(), quantity: 2 });
    const undone = sale({ id: crypto.randomUUID(), quantity: 5, voidedAt: '2026-11-26T21:01:00.000Z' });
    expect(seatsLeftAtDoor({ capacity: 100, seatsLeft: 3 }, [unsent, undone])).toBe(1);
    expect(seatsLeftAtDoor({ capacity: 100, seatsLeft: 1 }, [unsent])).toBe(0);
    expect(seatsLeftAtDoor({ capacity: null, seatsLeft: null }, [unsent])).toBeNull();
    const sales = [sale(), sale({ id: crypto.randomUUID() })];
    const done = acknowledge([], sales, { scans: [], sales: [{ id: sales[0]!.id, isOverCapacity: false, status: 'refused_full' }, { id: sales[1]!.id, isOverCapacity: false, status: 'recorded' }] });
    expect(refusedSales(done.sales).map((s) => s.id)).toEqual([sales[0]!.id]);
    expect(done.sales.map(isSaleStanding)).toEqual([false, true]);
  });

  it('issue 34: a sale undone within five minutes goes as a void with (or after) its sale, until the server answers; a refused void leaves the sale standing', () => {
    const soldAt = Date.parse('2026-11-26T21:00:00.000Z');
    const s = sale({ soldAt: new Date(soldAt).toISOString() });
    expect(canUndoSale(s, soldAt + 4 * 60_000)).toBe(true);
    expect(canUndoSale(s, soldAt + 5 * 60_000)).toBe(false);
    expect(canUndoSale({ ...s, status: 'refused_full' }, soldAt)).toBe(false);
    const voided = { ...s, voidedAt: new Date(soldAt + 60_000).toISOString() };
    expect(canUndoSale(voided, soldAt + 60_000)).toBe(false);
    // Not synced yet: the sale and its void in one batch.
    expect(nextBatch([], [voided], new Date())).toMatchObject({ sales: [{ id: s.id }], voids: [{ saleId: s.id, voidedAt: voided.voidedAt }] });
    expect(waitingCount([], [voided])).toBe(1);
    const acked = acknowledge([], [voided], { scans: [], sales: [{ id: s.id, isOverCapacity: false, status: 'recorded' }], voids: [{ saleId: s.id, isVoided: true }] }).sales[0]!;
    expect(acked).toMatchObject({ isSynced: true, isVoidSynced: true, status: 'voided' });
    expect(nextBatch([], [acked], new Date())).toBeNull();
    expect(isSaleStanding(acked)).toBe(false);
    // Synced before, voided since: the void alone; too late by the server's clock, the sale stands.
    const later = { ...s, isSynced: true, status: 'recorded' as const, voidedAt: voided.voidedAt };
    expect(nextBatch([], [later], new Date())).toMatchObject({ sales: [], voids: [{ saleId: s.id }] });
    const refused = acknowledge([], [later], { scans: [], sales: [], voids: [{ saleId: s.id, isVoided: false, reason: 'too_late' }] }).sales[0]!;
    expect(refused).toMatchObject({ isVoidSynced: true, voidRefused: 'too_late', status: 'recorded' });
    expect(isSaleStanding(refused)).toBe(true);
  });

  it('backs off after failures, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('remembers this door\'s admissions until the list shows them, and counts guests let in', () => {
    const guestScan = scan(5, { code: undefined, ticketRef: undefined, guestId: 'g1', count: 2 });
    const { admissions, guestAdmissions } = localAdmissions([scan(1), scan(2, { wasAdmitted: false }), guestScan], new Map());
    expect([...admissions.keys()]).toEqual([scan(1).ticketRef]);
    expect(admissions.get(scan(1).ticketRef!)).toMatchObject({ isThisDoor: true });
    expect(guestAdmissions.get('g1')).toBe(2);
  });

  it('a guest code admitted online counts against the party until the list shows it, so the door gone offline does not let it in again', () => {
    const listAsOf = Date.parse('2026-11-26T21:00:30.000Z');
    // A one-person party: its code admitted online (synced) after the list was fetched, another party's before.
    const afterList = scan(40, { code: 'MQ1.guest-a', ticketRef: undefined, forGuestId: 'party-of-one', isSynced: true, result: 'admitted' });
    const beforeList = scan(10, { code: 'MQ1.guest-b', ticketRef: undefined, forGuestId: 'counted-by-list', isSynced: true, result: 'admitted' });
    const { guestAdmissions } = localAdmissions([afterList, beforeList], new Map(), listAsOf);
    expect(guestAdmissions.get('party-of-one')).toBe(1);
    // The list fetched before it already counts the earlier one (its admittedCount).
    expect(guestAdmissions.has('counted-by-list')).toBe(false);
    // Once a newer list is fetched, its admittedCount has both.
    expect(localAdmissions([afterList, beforeList], new Map(), listAsOf + 60_000).guestAdmissions.size).toBe(0);
  });
});
