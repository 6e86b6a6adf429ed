import { Dexie, type EntityTable } from 'dexie';
import type { DoorAdmissionList, DoorConflict, DoorCounts, DoorDeviceRegistration, DoorGig, DoorGuest, DoorPrice, DoorTicket } from '../core/schemas/door.ts';
import type { QueuedSale, QueuedScan } from './sync-queue.ts';

/**
 * The door's IndexedDB (dexie): the device's registration, each opened gig's admission list, and
 * the queue of scans and sales. Only this file touches IndexedDB; the decisions are pure.
 */
export type StoredDevice = DoorDeviceRegistration & { key: 'device'; isRevoked?: boolean };
export type StoredGig = {
  gigId: string;
  gig: DoorGig;
  keys: DoorAdmissionList['keys'];
  cursor: string;
  counts: DoorCounts;
  conflicts: DoorConflict[];
  lastSyncedAt: string | null;
  /** The server's clock minus this device's when the list came (a phone's clock may be hours wrong). */
  serverOffsetMs?: number;
  /** When (this device's clock) the stored list was asked for: guests let in after it are not in its counts. */
  listAsOf?: string;
  /** Issue 34: what a door sale is prefilled with, and the currency it is in (lists from before: none). */
  doorPrices?: DoorPrice[];
  currency?: string;
};
type StoredTicket = DoorTicket & { gigId: string };
type StoredGuest = DoorGuest & { gigId: string };

class DoorDb extends Dexie {
  device!: EntityTable<StoredDevice, 'key'>;
  gigs!: EntityTable<StoredGig, 'gigId'>;
  tickets!: Dexie.Table<StoredTicket, [string, string]>;
  guests!: Dexie.Table<StoredGuest, [string, string]>;
  scans!: EntityTable<QueuedScan, 'id'>;
  sales!: EntityTable<QueuedSale, 'id'>;
  constructor() {
    super('marquee-door');
    this.version(1).stores({
      device: 'key',
      gigs: 'gigId',
      tickets: '[gigId+ref], gigId',
      guests: '[gigId+id], gigId',
      scans: 'id, gigId',
      sales: 'id, gigId',
    });
  }
}

export const db = new DoorDb();

export const readDevice = () => db.device.get('device');
export const saveDevice = (registration: DoorDeviceRegistration) => db.device.put({ ...registration, key: 'device' });
export const markRevoked = () => db.device.update('device', { isRevoked: true });
/** Forgets this device (after a revocation, to set the door up again). */
export const forgetDevice = () => Promise.all([db.device.clear(), db.gigs.clear(), db.tickets.clear(), db.guests.clear(), db.scans.clear(), db.sales.clear()]);

export type GigData = { meta: StoredGig; tickets: Map<string, DoorTicket>; guests: Map<string, DoorGuest>; scans: QueuedScan[]; sales: QueuedSale[] };

/** Everything the door screen needs for a gig, from IndexedDB (null if the gig was never opened here). */
export async function loadGig(gigId: string): Promise<GigData | null> {
  const meta = await db.gigs.get(gigId);
  if (!meta) return null;
  const [tickets, guests, scans, sales] = await Promise.all([
    db.tickets.where('gigId').equals(gigId).toArray(),
    db.guests.where('gigId').equals(gigId).toArray(),
    db.scans.where('gigId').equals(gigId).toArray(),
    db.sales.where('gigId').equals(gigId).toArray(),
  ]);
  return {
    meta,
    tickets: new Map(tickets.map((t) => [t.ref, t])),
    guests: new Map(guests.map((g) => [g.id, g])),
    scans,
    sales,
  };
}

/** Stores a downloaded list (whole, replacing the old copy, or a delta on top of it). */
export async function saveList(list: DoorAdmissionList, syncedAt: string, askedAt: string = syncedAt): Promise<void> {
  const gigId = list.gig.id;
  await db.transaction('rw', [db.gigs, db.tickets, db.guests], async () => {
    if (!list.isDelta) await db.tickets.where('gigId').equals(gigId).delete();
    // Every answer carries the whole guest list (it is short, and a removed entry must go).
    await db.guests.where('gigId').equals(gigId).delete();
    await db.tickets.bulkPut(list.tickets.map((t) => ({ ...t, gigId })));
    await db.guests.bulkPut(list.guests.map((g) => ({ ...g, gigId })));
    await db.gigs.put({ gigId, gig: list.gig, keys: list.keys, cursor: list.cursor, counts: list.counts, conflicts: list.conflicts, lastSyncedAt: syncedAt, listAsOf: askedAt, serverOffsetMs: Date.parse(list.serverTime) - Date.now(), doorPrices: list.doorPrices, currency: list.currency });
  });
}

export const updateGigMeta = (gigId: string, changes: Partial<StoredGig>) => db.gigs.update(gigId, changes);
export const putScans = (scans: QueuedScan[]) => db.scans.bulkPut(scans);
export const putSales = (sales: QueuedSale[]) => db.sales.bulkPut(sales);
export const putTicket = (gigId: string, ticket: DoorTicket) => db.tickets.put({ ...ticket, gigId });

/** The unsent scans and sales of every other gig on this device (a door that switched gigs still sends them). */
export async function loadWaitingElsewhere(gigId: string): Promise<{ scans: QueuedScan[]; sales: QueuedSale[] }> {
  const [scans, sales] = await Promise.all([
    db.scans.where('gigId').notEqual(gigId).filter((s) => !s.isSynced).toArray(),
    db.sales.where('gigId').notEqual(gigId).filter((s) => !s.isSynced).toArray(),
  ]);
  return { scans, sales };
}
