import type { DoorGuest } from '../core/schemas/door.ts';
import { guestsLeft } from './decide.ts';
import { localAdmissions, type QueuedScan } from './sync-queue.ts';

/** How many of a guest-list party are still outside, counting this door's unsynced check-ins. */
export const guestsLeftNow = (guest: DoorGuest, scans: readonly QueuedScan[]) => guestsLeft(guest, localAdmissions(scans, new Map()));
