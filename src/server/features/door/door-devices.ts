import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { doorDevices, doorStaff, user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { DOOR_DEVICE_HEADER, DOOR_MESSAGES, type DoorDeviceRegistration } from '../../../core/schemas/door.ts';

/** How long door staff devices keep working after their invitation ended (the show is over): time to sync. */
const STAFF_SYNC_GRACE_MS = 24 * 60 * 60_000;

/** A door device's token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export const hashDoorToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Registers a door device for an organiser account (`userId`) or a door staff invitation
 * (`staffId`); the token returned is shown to that device once and is its credential from then on.
 */
export async function createDoorDevice(tx: DbOrTx, owner: { userId: string } | { staffId: string }, label: string): Promise<DoorDeviceRegistration> {
  const token = randomBytes(32).toString('base64url');
  const [device] = await tx
    .insert(doorDevices)
    .values({ tokenHash: hashDoorToken(token), label, ...owner })
    .returning({ id: doorDevices.id });
  return { deviceId: device!.id, token, label };
}

/** The device a door request comes from, and whose it is: an organiser account, or door staff with their scope. */
export type DoorDevice = {
  id: string;
  label: string;
  userId: string | null;
  staff: { id: string; gigId: string | null; venueId: string | null } | null;
};

/**
 * The device named by the request's `X-Door-Device` token. A revoked device, or one whose staff
 * invitation was revoked, is told so (403 with DOOR_MESSAGES.revoked), never silently refused.
 */
export async function requireDoorDevice(db: DbOrTx, c: Context): Promise<DoorDevice> {
  const token = c.req.header(DOOR_DEVICE_HEADER);
  if (!token || token.length > 100) throw new AppError('UNAUTHENTICATED', 'This door is not set up on this device. Open the scanner again to set it up.');
  const [row] = await db
    .select({
      id: doorDevices.id,
      label: doorDevices.label,
      userId: doorDevices.userId,
      revokedAt: doorDevices.revokedAt,
      staffId: doorStaff.id,
      staffGigId: doorStaff.gigId,
      staffVenueId: doorStaff.venueId,
      staffRevokedAt: doorStaff.revokedAt,
      staffExpiresAt: doorStaff.expiresAt,
      isOwnerBanned: user.banned,
    })
    .from(doorDevices)
    .leftJoin(doorStaff, eq(doorStaff.id, doorDevices.staffId))
    .leftJoin(user, eq(user.id, doorDevices.userId))
    .where(eq(doorDevices.tokenHash, hashDoorToken(token)));
  if (!row) throw new AppError('UNAUTHENTICATED', 'This door is not set up on this device. Open the scanner again to set it up.');
  if (row.revokedAt || row.staffRevokedAt || row.isOwnerBanned) throw new AppError('FORBIDDEN', DOOR_MESSAGES.revoked);
  // Door staff keep their devices a day past the invitation's end (the show's), to sync what they scanned.
  if (row.staffExpiresAt && row.staffExpiresAt.getTime() + STAFF_SYNC_GRACE_MS < Date.now()) throw new AppError('FORBIDDEN', DOOR_MESSAGES.accessEnded);
  return {
    id: row.id,
    label: row.label,
    userId: row.userId,
    staff: row.staffId ? { id: row.staffId, gigId: row.staffGigId, venueId: row.staffVenueId } : null,
  };
}

/** Revokes one device (its owner or the inviting organiser decides; callers check who may). */
export async function revokeDoorDevice(tx: DbOrTx, deviceId: string, now = new Date()): Promise<boolean> {
  const revoked = await tx
    .update(doorDevices)
    .set({ revokedAt: now })
    .where(and(eq(doorDevices.id, deviceId), isNull(doorDevices.revokedAt)))
    .returning({ id: doorDevices.id });
  return revoked.length > 0;
}
