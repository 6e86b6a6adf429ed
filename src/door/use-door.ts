import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { importDoorKeys } from '../core/door-codes.ts';
import { DOOR_MESSAGES, DOOR_REFUSALS, doorSaleSchema, doorScanSchema, type DoorAdmissionList, type DoorGuest, type DoorSearchResult, type DoorSyncInput, type DoorSyncResult } from '../core/schemas/door.ts';
import { decideGuest, decideOffline, decideTicket, decisionFromServer, refOfCode, ticketOfReference, type Decision, type DoorAction, type DoorContext, type DoorKeys } from './decide.ts';
import { DoorApiError, fetchList, searchDoor, syncBatch } from './door-api.ts';
import { loadGig, loadWaitingElsewhere, markRevoked, putSales, putScans, putTicket, saveList, updateGigMeta, type GigData, type StoredDevice } from './door-db.ts';
import { acknowledge, batchesByGig, canUndoSale, couldNotSendCount, localAdmissions, nextBatch, refusedSales, retryDelay, seatsLeftAtDoor, setAsideInvalid, waitingCount, type QueuedSale, type QueuedScan } from './sync-queue.ts';

/** How long a scan waits for the server before the door decides on its own and queues it. */
export const ONLINE_ANSWER_MS = 2_500;
/** How often the door syncs (or, with nothing queued, fetches the list's changes) while online. */
const SYNC_EVERY_MS = 5_000;

export type { DoorAction } from './decide.ts';

/** When the stored list was asked for (device clock), if known. */
export const listAsOf = (data: GigData) => (data.meta.listAsOf ? Date.parse(data.meta.listAsOf) : undefined);

const isRevokedError = (error: unknown) => error instanceof DoorApiError && error.status === 403 && error.message === DOOR_MESSAGES.revoked;

/**
 * One gig's door on this device: its list in IndexedDB, decisions (the server's when it answers
 * in time, else the door's own), the queue and its background sync. `onRevoked` stops everything.
 */
export function useDoor(gigId: string, device: StoredDevice, onRevoked: () => void) {
  const data = useRef<GigData | null>(null);
  const keys = useRef<DoorKeys>(new Map());
  // The ref is what callbacks read (always the latest); the state is what the screen renders.
  const [snapshot, setSnapshot] = useState<GigData | null>(null);
  const [loadError, setLoadError] = useState('');
  const [isLoaded, setLoaded] = useState(false);
  const [isBrowserOnline, setBrowserOnline] = useState(() => navigator.onLine);
  const [lastOk, setLastOk] = useState(true);
  /** Scans and sales of other gigs on this device still to send (the sync sends them too). */
  const [waitingElsewhere, setWaitingElsewhere] = useState(0);
  const isStopped = useRef(false);
  const isSyncing = useRef(false);
  const failures = useRef(0);
  const timer = useRef(0);
  // Each start of the sync loop takes a new generation; an older chain stops at its next step, so
  // online/offline flaps never leave two chains polling (and ignoring the backoff).
  const loopGen = useRef(0);
  const token = device.token;

  const reload = useCallback(async () => {
    data.current = await loadGig(gigId);
    setSnapshot(data.current);
  }, [gigId]);

  const stop = useCallback(
    (error: unknown) => {
      if (!isRevokedError(error)) return false;
      isStopped.current = true;
      window.clearTimeout(timer.current);
      void markRevoked().then(onRevoked);
      return true;
    },
    [onRevoked],
  );

  const applyList = useCallback(
    async (list: DoorAdmissionList, askedAt: string) => {
      const keysChanged = JSON.stringify(list.keys) !== JSON.stringify(data.current?.meta.keys);
      await saveList(list, new Date().toISOString(), askedAt);
      if (keysChanged || keys.current.size === 0) keys.current = await importDoorKeys(list.keys).catch(() => new Map());
      await reload();
    },
    [reload],
  );

  /** Sends one gig's batch and records the answer; a batch the server refuses (400/422) has its invalid items set aside. */
  const sendBatch = useCallback(
    async (batchGigId: string, batch: DoorSyncInput, scans: QueuedScan[], sales: QueuedSale[]) => {
      let answer: DoorSyncResult;
      try {
        answer = await syncBatch(token, batchGigId, batch);
      } catch (error) {
        // The server refused the batch: set aside what its schema refuses, so the rest flows.
        if (error instanceof DoorApiError && (error.status === 400 || error.status === 422)) {
          const aside = setAsideInvalid(scans, sales, batch);
          await Promise.all([putScans(aside.scans), putSales(aside.sales)]);
        }
        throw error;
      }
      const done = acknowledge(scans, sales, answer);
      await Promise.all([putScans(done.scans), putSales(done.sales), updateGigMeta(batchGigId, { counts: answer.counts, conflicts: answer.conflicts, lastSyncedAt: new Date().toISOString() })]);
    },
    [token],
  );

  /** The other gigs' queues, one batch per gig; one gig failing does not stop this gig's door. */
  const syncElsewhere = useCallback(async () => {
    const waiting = await loadWaitingElsewhere(gigId);
    for (const { gigId: otherGigId, scans, sales, batch } of batchesByGig(waiting.scans, waiting.sales, new Date())) {
      try {
        await sendBatch(otherGigId, batch, scans, sales);
      } catch (error) {
        if (isRevokedError(error)) throw error;
      }
    }
    const left = await loadWaitingElsewhere(gigId);
    setWaitingElsewhere(waitingCount(left.scans, left.sales));
  }, [gigId, sendBatch]);

  /** One round: send what waits, or (nothing waiting) fetch the list's changes. */
  const syncOnce = useCallback(async () => {
    // With no network at all, nothing to try: the 'online' event starts the next round.
    if (isStopped.current || isSyncing.current || !navigator.onLine) return;
    isSyncing.current = true;
    try {
      const current = data.current;
      const batch = current && nextBatch(current.scans, current.sales, new Date());
      if (current && batch) {
        await sendBatch(gigId, batch, current.scans, current.sales).catch(async (error: unknown) => {
          await reload();
          throw error;
        });
        // The list's delta brings the tickets the batch used, and refunds since.
        const cursor = (await loadGig(gigId))?.meta.cursor;
        const askedAt = new Date().toISOString();
        await applyList(await fetchList(token, gigId, cursor), askedAt);
      } else {
        const askedAt = new Date().toISOString();
        await applyList(await fetchList(token, gigId, current?.meta.cursor), askedAt);
      }
      await syncElsewhere();
      failures.current = 0;
      setLastOk(true);
      setLoadError('');
    } catch (error) {
      if (stop(error)) return;
      failures.current += 1;
      setLastOk(false);
      if (error instanceof DoorApiError && !error.isNetwork && !data.current) setLoadError(error.message);
    } finally {
      isSyncing.current = false;
    }
  }, [token, gigId, applyList, sendBatch, syncElsewhere, stop, reload]);

  // Open: what this device has, then the network's copy, then sync every few seconds.
  useEffect(() => {
    isStopped.current = false;
    let isCancelled = false;
    const loop = async (gen: number) => {
      if (isCancelled || isStopped.current || gen !== loopGen.current) return;
      if (navigator.onLine) await syncOnce();
      if (isCancelled || isStopped.current || gen !== loopGen.current) return;
      timer.current = window.setTimeout(() => void loop(gen), failures.current ? retryDelay(failures.current) : SYNC_EVERY_MS);
    };
    const restart = () => {
      window.clearTimeout(timer.current);
      loopGen.current += 1;
      return loop(loopGen.current);
    };
    void (async () => {
      const stored = await loadGig(gigId);
      if (isCancelled) return;
      data.current = stored;
      if (stored) keys.current = await importDoorKeys(stored.meta.keys).catch(() => new Map());
      setLoaded(Boolean(stored));
      setSnapshot(stored);
      const elsewhere = await loadWaitingElsewhere(gigId);
      if (isCancelled) return;
      setWaitingElsewhere(waitingCount(elsewhere.scans, elsewhere.sales));
      await restart();
      if (!isCancelled) setLoaded(true);
    })();
    const goOnline = () => {
      setBrowserOnline(true);
      void restart();
    };
    const goOffline = () => setBrowserOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    // Live counts: the server announces door changes on its live stream (topic 'door', detail: the gig).
    let source: EventSource | null = null;
    if (typeof EventSource !== 'undefined') {
      source = new EventSource('/api/live');
      source.addEventListener('door', (event: MessageEvent<string>) => {
        if (!event.data || event.data === gigId) void syncOnce();
      });
    }
    return () => {
      isCancelled = true;
      loopGen.current += 1;
      window.clearTimeout(timer.current);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      source?.close();
    };
  }, [gigId, syncOnce]);

  const context = useCallback((): DoorContext => {
    const current = data.current!;
    const { admissions, guestAdmissions } = localAdmissions(current.scans, current.tickets, listAsOf(current));
    return {
      gigId,
      deviceId: device.deviceId,
      keys: keys.current,
      tickets: current.tickets,
      guestsByRef: new Map([...current.guests.values()].filter((g): g is DoorGuest & { ref: string } => Boolean(g.ref)).map((g) => [g.ref, g])),
      admissions,
      guestAdmissions,
      now: Date.now(),
      serverOffsetMs: current.meta.serverOffsetMs ?? 0,
    };
  }, [gigId, device.deviceId]);

  const isOnline = isBrowserOnline && lastOk;

  /** Decides one scan (the server's answer if online and quick, else the door's own) and records it. */
  const admit = useCallback(
    async (asked: DoorAction): Promise<Decision> => {
      if (!data.current) return { kind: 'refuse', reason: 'not_in_list', detail: 'The door list is not downloaded yet. Connect to download it.' };
      if (isStopped.current) return { kind: 'refuse', reason: 'unknown', detail: DOOR_MESSAGES.revoked };
      // Issue 33: a typed reference (printed under a ticket's QR code) names a ticket on this door's list.
      const action = ticketOfReference(asked, data.current.tickets);
      if ('kind' in action) return action;
      const scannedAt = new Date().toISOString();
      const scan: QueuedScan = { id: crypto.randomUUID(), gigId, scannedAt, wasAdmitted: false, isSynced: false, ...action };
      // Not a Marquee code at all (say, a QR code over 500 characters): refused at once, never queued.
      if (!doorScanSchema.safeParse({ ...action, id: scan.id, scannedAt, wasAdmitted: false }).success) return { kind: 'refuse', reason: 'unknown', detail: DOOR_REFUSALS.unknown };
      if ('code' in action) scan.ticketRef = await refOfCode(action.code);
      if ('ref' in action) scan.ticketRef = action.ref;
      const ctx = context();
      // A second scan on this device is refused at once, whatever the network.
      const seenHere = scan.ticketRef ? ctx.admissions.get(scan.ticketRef) : undefined;
      let decision: Decision | null = null;
      let hasQuestionFailed = false;
      if (!seenHere && isOnline) {
        try {
          const answer = await syncBatch(token, gigId, { sentAt: new Date().toISOString(), scans: [{ ...action, id: scan.id, scannedAt, wasAdmitted: false }], sales: [] }, ONLINE_ANSWER_MS);
          const result = answer.scans.find((s) => s.id === scan.id);
          if (result) {
            decision = decisionFromServer(result, { deviceLabel: device.label, serverNow: Date.parse(answer.serverTime) });
            // A guest-list check-in or a guest's code: the answer names no guest, the door's list does
            // (and a guest code admitted here is counted against its party, not taken for a ticket).
            const guestByCode = scan.ticketRef ? ctx.guestsByRef.get(scan.ticketRef) : undefined;
            if (guestByCode) scan.forGuestId = guestByCode.id;
            const guest = 'guestId' in action ? { ...data.current.guests.get(action.guestId), count: action.count } : guestByCode && { ...guestByCode, count: 1 };
            if (guest?.id && decision.kind === 'admit') decision = { ...decision, guestId: guest.id, count: guest.count, holderLabel: guest.name, typeName: 'Guest list', note: guest.note || undefined };
            Object.assign(scan, { isSynced: true, result: result.result, wasAdmitted: result.result === 'admitted', ticketRef: scan.ticketRef ?? result.ticketRef });
            await updateGigMeta(gigId, { counts: answer.counts, conflicts: answer.conflicts, lastSyncedAt: new Date().toISOString() });
          }
          setLastOk(true);
        } catch (error) {
          if (stop(error)) return { kind: 'refuse', reason: 'unknown', detail: DOOR_MESSAGES.revoked };
          setLastOk(false);
          hasQuestionFailed = true;
        }
      }
      if (!decision) {
        if ('code' in action) decision = await decideOffline(action.code, ctx);
        else if ('ref' in action) {
          const ticket = ctx.tickets.get(action.ref);
          decision = ticket ? decideTicket(ticket, ctx) : { kind: 'refuse', reason: 'not_in_list', detail: 'This ticket is not on the door list yet. Connect to check it.' };
        } else {
          const guest = data.current.guests.get(action.guestId);
          decision = guest ? decideGuest(guest, action.count, ctx) : { kind: 'refuse', reason: 'unknown', detail: 'This guest is not on the list.' };
        }
        // The server could not be asked and the list cannot tell: the spec's words for a failed check (issue 34, item 17).
        if (hasQuestionFailed && decision.kind === 'refuse' && decision.reason === 'not_in_list') decision = { ...decision, detail: DOOR_MESSAGES.validationError };
        scan.wasAdmitted = decision.kind === 'admit';
        // Admitted here: queued (under the same id if the question timed out; the server settles
        // that replay). Refused here: kept for this door's history only, never sent, since the
        // server reads wasAdmitted:false as "server, decide" and would admit a valid ticket.
        if (!scan.wasAdmitted) scan.notSent = 'offline_refusal';
        if ('code' in action && decision.guestId) scan.forGuestId = decision.guestId;
        if (decision.ref) scan.ticketRef = decision.ref;
      }
      await putScans([scan]);
      // Marked used on this device at once, so the next scan of it is refused here without asking.
      const onList = scan.ticketRef ? data.current.tickets.get(scan.ticketRef) : undefined;
      // The list's times are the server's clock (decideTicket compares them with now + offset).
      const usedAt = new Date(Date.parse(scannedAt) + (data.current.meta.serverOffsetMs ?? 0)).toISOString();
      if (scan.wasAdmitted && onList && onList.status === 'valid') await putTicket(gigId, { ...onList, status: 'used', usedAt, usedByDevice: device.deviceId });
      await reload();
      if (!scan.isSynced && !scan.notSent) void syncOnce();
      return decision;
    },
    [gigId, isOnline, token, device.label, device.deviceId, context, reload, stop, syncOnce],
  );

  /**
   * Records a door sale (issue 34). Refused at once when the show is cancelled, or when the seats
   * left (the server's at the last sync, held online checkouts counted, less this door's unsent
   * sales) are fewer: only the organiser raising the capacity sells more. Online, the server's
   * answer is awaited (a couple of seconds): it holds the capacity against every other door and
   * checkout; offline, the sale is queued, and a refusal at sync is shown as money to give back.
   */
  const sell = useCallback(
    async (sale: { quantity: number; amountCents: number; method: 'cash' | 'card' }): Promise<string | null> => {
      const current = data.current;
      if (!current) return 'The door list is not downloaded yet. Connect to download it.';
      if (current.meta.gig.isCancelled) return DOOR_MESSAGES.saleCancelled;
      const left = seatsLeftAtDoor(current.meta.counts, current.sales);
      if (left !== null && sale.quantity > left) return DOOR_MESSAGES.saleFull;
      const record = { id: crypto.randomUUID(), soldAt: new Date().toISOString(), ...sale };
      // Checked as the server will: a sale it refuses would block the queue behind it.
      const check = doorSaleSchema.safeParse(record);
      if (!check.success) return check.error.issues[0]?.message ?? 'Please check the sale.';
      const queued: QueuedSale = { ...record, gigId, isSynced: false };
      await putSales([queued]);
      if (isOnline) {
        try {
          const answer = await syncBatch(token, gigId, { sentAt: new Date().toISOString(), scans: [], sales: [record], voids: [] }, ONLINE_ANSWER_MS);
          const [done] = acknowledge([], [queued], answer).sales;
          if (done) await putSales([done]);
          await updateGigMeta(gigId, { counts: answer.counts, conflicts: answer.conflicts, lastSyncedAt: new Date().toISOString() });
          await reload();
          if (done?.status === 'refused_full') return DOOR_MESSAGES.saleFull;
          if (done?.status === 'refused_cancelled') return DOOR_MESSAGES.saleCancelled;
          return null;
        } catch (error) {
          if (stop(error)) return DOOR_MESSAGES.revoked;
          setLastOk(false);
        }
      }
      await reload();
      void syncOnce();
      return null;
    },
    [gigId, isOnline, token, reload, stop, syncOnce],
  );

  /** Undoes one of this door's sales within DOOR_SALE_UNDO_MS (issue 34): a void, sent like a sale, kept in the report. */
  const undoSale = useCallback(
    async (saleId: string): Promise<boolean> => {
      const found = data.current?.sales.find((s) => s.id === saleId);
      if (!found || !canUndoSale(found, Date.now())) return false;
      await putSales([{ ...found, voidedAt: new Date().toISOString() }]);
      await reload();
      void syncOnce();
      return true;
    },
    [reload, syncOnce],
  );

  /** The server's search (issue 34: an e-mail address, whole or in part, is matched on its copy); null offline or on any failure (the door's own search stands). */
  const searchOnline = useCallback(
    async (q: string): Promise<DoorSearchResult | null> => {
      if (!isOnline || q.trim().length < 2) return null;
      try {
        return await searchDoor(token, gigId, q.trim());
      } catch (error) {
        stop(error);
        return null;
      }
    },
    [isOnline, token, gigId, stop],
  );

  const current = snapshot;
  const summary = useMemo(() => {
    if (!current) return null;
    const pendingAdmitted = current.scans.filter((s) => !s.isSynced && s.wasAdmitted && !s.notSent).reduce((n, s) => n + (s.count ?? 1), 0);
    const pendingSold = current.sales.filter((s) => !s.isSynced && !s.notSent && !s.voidedAt).reduce((n, s) => n + s.quantity, 0);
    const counts = current.meta.counts;
    const mine = counts.perDevice.find((d) => d.deviceId === device.deviceId)?.checkedIn ?? 0;
    return {
      waiting: waitingCount(current.scans, current.sales) + waitingElsewhere,
      couldNotSend: couldNotSendCount(current.scans, current.sales),
      // A walk-in who paid at the door is in (the server counts door sales as checked in too).
      checkedIn: counts.checkedIn + pendingAdmitted + pendingSold,
      // Issue 34 item 8: 'Sold' and 'Door sales' mean what they mean on the organiser's gig card
      // (countGigTickets): tickets sold online that stand, and tickets sold at the door (this door's
      // not yet sent ones included).
      sold: counts.soldOnline,
      doorSales: counts.soldAtDoor + pendingSold,
      capacity: counts.capacity,
      seatsLeft: seatsLeftAtDoor(counts, current.sales),
      heldOnline: counts.heldOnline ?? 0,
      refusedSales: refusedSales(current.sales),
      thisDoor: mine + pendingAdmitted,
      lastSyncedAt: current.meta.lastSyncedAt,
      conflicts: current.meta.conflicts,
    };
  }, [current, device.deviceId, waitingElsewhere]);

  return { gig: current?.meta.gig ?? null, data: current, summary, isLoaded, loadError, isOnline, admit, sell, undoSale, searchOnline, syncNow: syncOnce };
}
