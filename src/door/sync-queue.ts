import { DOOR_SALE_UNDO_MS, doorSaleSchema, doorScanSchema, type DoorCounts, type DoorSaleStatus, type DoorScanResult, type DoorSyncInput, type DoorSyncResult, type DoorTicket } from '../core/schemas/door.ts';
import type { LocalAdmission } from './decide.ts';

/**
 * The door's queue (issue 24): every scan and door sale is recorded on the device first, then sent
 * in batches until the server acknowledges it (its answer names each scan and sale by id). Pure
 * functions over plain records; door-db.ts keeps them in IndexedDB.
 */

/** One scan as the door keeps it: what is sent (`id`…`wasAdmitted`), what the door showed, and whether the server has it. */
export type QueuedScan = {
  id: string;
  gigId: string;
  code?: string;
  ref?: string;
  guestId?: string;
  count?: number;
  scannedAt: string;
  wasAdmitted: boolean;
  /** The ticket the scan names, when the door could tell (to mark it used on this device at once). */
  ticketRef?: string;
  /** A scanned guest-list code: the guest it let in (sent as its code; counted here until synced). */
  forGuestId?: string;
  isSynced: boolean;
  result?: DoorScanResult['result'];
  /**
   * Kept on the device, never sent: 'offline_refusal' (the door refused on its own: the server
   * reads wasAdmitted:false as "server, decide" and would admit the ticket) or 'invalid' (the
   * server's schema refuses it, so sending it would jam the queue).
   */
  notSent?: 'offline_refusal' | 'invalid';
};

export type QueuedSale = {
  id: string;
  gigId: string;
  quantity: number;
  amountCents: number;
  method: 'cash' | 'card';
  soldAt: string;
  isSynced: boolean;
  isOverCapacity?: boolean;
  notSent?: 'invalid';
  /** Issue 34: what the server made of it (a sale past capacity, or for a cancelled gig, is refused). */
  status?: DoorSaleStatus;
  /** Issue 34: undone on this door (this device's clock), within DOOR_SALE_UNDO_MS; sent as a void until acknowledged. */
  voidedAt?: string;
  isVoidSynced?: boolean;
  /** The server did not undo it (too late, by its clock): the sale stands. */
  voidRefused?: 'too_late' | 'unknown';
};

export const MAX_SCANS_PER_BATCH = 1000;
export const MAX_SALES_PER_BATCH = 200;

/** The next batch to send: the oldest unacknowledged scans and sales, as the sync schema takes them. */
/**
 * Whether a scan still waits to be sent. Only the door's own admissions are queued (wasAdmitted:
 * true); a question asked online went at once, and a refusal made here is never sent.
 */
export const isWaitingScan = (s: QueuedScan) => !s.isSynced && s.wasAdmitted && !s.notSent;
export const isWaitingSale = (s: QueuedSale) => (!s.isSynced && !s.notSent) || isWaitingVoid(s);
/** A void not yet acknowledged (it goes with its sale, or after it). */
export const isWaitingVoid = (s: QueuedSale) => Boolean(s.voidedAt) && !s.isVoidSynced && !s.notSent;

export function nextBatch(scans: readonly QueuedScan[], sales: readonly QueuedSale[], sentAt: Date): DoorSyncInput | null {
  const pendingScans = scans.filter(isWaitingScan).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt)).slice(0, MAX_SCANS_PER_BATCH);
  const pendingSales = sales.filter((s) => !s.isSynced && !s.notSent).sort((a, b) => a.soldAt.localeCompare(b.soldAt)).slice(0, MAX_SALES_PER_BATCH);
  // A void goes with its sale, or after it (a void whose sale waits for the next batch waits too).
  const sent = new Set(pendingSales.map((s) => s.id));
  const pendingVoids = sales.filter((s) => isWaitingVoid(s) && (s.isSynced || sent.has(s.id))).slice(0, MAX_SALES_PER_BATCH);
  if (pendingScans.length === 0 && pendingSales.length === 0 && pendingVoids.length === 0) return null;
  return {
    sentAt: sentAt.toISOString(),
    scans: pendingScans.map(({ id, code, ref, guestId, count, scannedAt, wasAdmitted }) => ({ id, ...(code ? { code } : {}), ...(ref ? { ref } : {}), ...(guestId ? { guestId } : {}), ...(count ? { count } : {}), scannedAt, wasAdmitted })),
    sales: pendingSales.map(({ id, quantity, amountCents, method, soldAt }) => ({ id, quantity, amountCents, method, soldAt })),
    voids: pendingVoids.map((s) => ({ saleId: s.id, voidedAt: s.voidedAt! })),
  };
}

/** Marks what the server's answer acknowledges; anything it does not name stays queued for the next try. */
export function acknowledge(scans: readonly QueuedScan[], sales: readonly QueuedSale[], answer: Pick<DoorSyncResult, 'scans' | 'sales'> & { voids?: DoorSyncResult['voids'] }): { scans: QueuedScan[]; sales: QueuedSale[] } {
  const scanResults = new Map(answer.scans.map((r) => [r.id, r]));
  const saleResults = new Map(answer.sales.map((r) => [r.id, r]));
  const voidResults = new Map((answer.voids ?? []).map((r) => [r.saleId, r]));
  return {
    scans: scans.flatMap((s) => {
      const r = scanResults.get(s.id);
      return r && !s.isSynced ? [{ ...s, isSynced: true, result: r.result, ticketRef: s.ticketRef ?? r.ticketRef }] : [];
    }),
    sales: sales.flatMap((s) => {
      const r = saleResults.get(s.id);
      const v = voidResults.get(s.id);
      let next: QueuedSale = s;
      if (r && !s.isSynced) next = { ...next, isSynced: true, isOverCapacity: r.isOverCapacity, ...(r.status ? { status: r.status } : {}) };
      if (v && s.voidedAt && !s.isVoidSynced) next = { ...next, isVoidSynced: true, ...(v.isVoided ? { status: 'voided' as const } : { voidRefused: v.reason ?? 'too_late' }) };
      return next === s ? [] : [next];
    }),
  };
}

/** Waits longer after each failed try (2 s, 4 s, … up to 30 s): a door with bad signal keeps trying without draining the phone. */
export const retryDelay = (failures: number) => Math.min(30_000, 2_000 * 2 ** Math.max(0, failures - 1));

/**
 * What this door admitted that the downloaded list may not show yet: its admitted scans by ticket
 * ref, and guests let in by guest id: pending ones, and synced ones scanned after the list was
 * asked for (`listAsOf`, this device's clock): a guest code admitted online is in the server's
 * count but not yet in the list's admittedCount, and a door gone offline must not let it in again.
 */
export function localAdmissions(scans: readonly QueuedScan[], listTickets: ReadonlyMap<string, DoorTicket>, listAsOf?: number): { admissions: Map<string, LocalAdmission>; guestAdmissions: Map<string, number> } {
  const admissions = new Map<string, LocalAdmission>();
  const guestAdmissions = new Map<string, number>();
  for (const scan of scans) {
    if (!scan.wasAdmitted) continue;
    const guestId = scan.guestId ?? scan.forGuestId;
    if (guestId) {
      if (!scan.isSynced || (listAsOf !== undefined && Date.parse(scan.scannedAt) >= listAsOf)) guestAdmissions.set(guestId, (guestAdmissions.get(guestId) ?? 0) + (scan.count ?? 1));
      continue;
    }
    if (!scan.ticketRef) continue;
    const onList = listTickets.get(scan.ticketRef);
    // Once the list shows the ticket used, the list says when and where.
    if (onList?.status === 'used' && scan.isSynced) continue;
    const at = Date.parse(scan.scannedAt);
    const seen = admissions.get(scan.ticketRef);
    if (!seen || at < seen.at) admissions.set(scan.ticketRef, { at, isThisDoor: true });
  }
  return { admissions, guestAdmissions };
}

/** How many of this door's scans wait for the server. */
export const waitingCount = (scans: readonly QueuedScan[], sales: readonly QueuedSale[]) => scans.filter(isWaitingScan).length + sales.filter(isWaitingSale).length;

/** How many of this door's scans and sales the server's schema refuses: set aside, never sent. */
export const couldNotSendCount = (scans: readonly QueuedScan[], sales: readonly QueuedSale[]) => scans.filter((s) => s.notSent === 'invalid').length + sales.filter((s) => s.notSent === 'invalid').length;

/**
 * After the server refused a batch (400/422): the batch's scans and sales its schema refuses, marked
 * not to send, so one bad item (a code over 500 characters, an amount over the limit) no longer
 * blocks everything queued behind it. The rest stays queued and goes in the next batch.
 */
export function setAsideInvalid(scans: readonly QueuedScan[], sales: readonly QueuedSale[], batch: DoorSyncInput): { scans: QueuedScan[]; sales: QueuedSale[] } {
  const badScans = new Set((batch.scans ?? []).filter((s) => !doorScanSchema.safeParse(s).success).map((s) => s.id));
  const badSales = new Set((batch.sales ?? []).filter((s) => !doorSaleSchema.safeParse(s).success).map((s) => s.id));
  return {
    scans: scans.filter((s) => badScans.has(s.id)).map((s) => ({ ...s, notSent: 'invalid' as const })),
    sales: sales.filter((s) => badSales.has(s.id)).map((s) => ({ ...s, notSent: 'invalid' as const })),
  };
}

/**
 * The batches of the other gigs stored on this device, one per gig (each goes to its own gig's
 * sync route): a venue-wide door person who switched gigs still sends the first gig's scans.
 */
export function batchesByGig(scans: readonly QueuedScan[], sales: readonly QueuedSale[], sentAt: Date): { gigId: string; scans: QueuedScan[]; sales: QueuedSale[]; batch: DoorSyncInput }[] {
  const gigIds = [...new Set([...scans.filter(isWaitingScan), ...sales.filter(isWaitingSale)].map((item) => item.gigId))].sort();
  return gigIds.flatMap((gigId) => {
    const gigScans = scans.filter((s) => s.gigId === gigId);
    const gigSales = sales.filter((s) => s.gigId === gigId);
    const batch = nextBatch(gigScans, gigSales, sentAt);
    return batch ? [{ gigId, scans: gigScans, sales: gigSales, batch }] : [];
  });
}

/** Whether a sale still takes seats on this door: not voided here, not refused by the server. */
export const isSaleStanding = (s: QueuedSale) => !s.notSent && (!s.voidedAt || s.voidRefused !== undefined) && (s.status === undefined || s.status === 'recorded');

/**
 * Seats the door may still sell (issue 34): the server's seats left at the last sync (capacity less
 * sold online, held by open online checkouts, comps and door sales) less this door's sales it has
 * not acknowledged yet; null without a capacity. A door sale past it is refused here, and again by
 * the server (whose count is the one that holds).
 */
export function seatsLeftAtDoor(counts: Pick<DoorCounts, 'capacity' | 'seatsLeft'>, sales: readonly QueuedSale[]): number | null {
  // No capacity, or counts from before issue 34 (no seatsLeft): the server decides alone.
  if (counts.capacity === null || counts.seatsLeft === undefined || counts.seatsLeft === null) return null;
  const pending = sales.filter((s) => !s.isSynced && isSaleStanding(s)).reduce((n, s) => n + s.quantity, 0);
  return Math.max(0, counts.seatsLeft - pending);
}

/** Whether this door may still undo a sale (its own, not refused, not undone, within DOOR_SALE_UNDO_MS of its sale). */
export const canUndoSale = (s: QueuedSale, now: number) => !s.voidedAt && !s.notSent && (s.status === undefined || s.status === 'recorded') && now - Date.parse(s.soldAt) < DOOR_SALE_UNDO_MS;

/** The door sales the server refused (sold offline past capacity, or for a cancelled gig): money to give back. */
export const refusedSales = (sales: readonly QueuedSale[]) => sales.filter((s) => s.status === 'refused_full' || s.status === 'refused_cancelled');
