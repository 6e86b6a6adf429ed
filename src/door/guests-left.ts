import type { DoorGuest } from '../core/schemas/door.ts';
import { guestsLeft } from './decide.ts';
import { localAdmissions, type QueuedScan } from './sync-queue.ts';

/** How many of a guest-list party are still outside, counting this door's check-ins the list does not show yet. */
export const guestsLeftNow = (guest: DoorGuest, scans: readonly QueuedScan[], listAsOf?: number) => guestsLeft(guest, localAdmissions(scans, new Map(), listAsOf));
