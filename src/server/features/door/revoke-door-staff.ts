import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, doorDevices, doorStaff } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { isUuid } from '../../../core/ids.ts';
import { DOOR_MESSAGES } from '../../../core/schemas/door.ts';
import { revokeDoorDevice } from './door-devices.ts';
import { findDoorGig } from './find-door-gig.ts';

const STAFF_NOT_FOUND = 'That door staff member was not found.';
const DEVICE_NOT_FOUND = 'That door device was not found.';

/**
 * Whether this account may revoke these door staff: an admin, whoever invited them, anyone who runs
 * their gig's door, or (a venue-wide invitation) the venue. Anyone else is told "not found".
 */
async function assertMayManageStaff(db: DbOrTx, user: SessionUser, staff: { invitedBy: string; gigId: string | null; venueId: string | null }, notFound: string) {
  if (user.role === 'admin' || staff.invitedBy === user.id || staff.venueId === user.id) return;
  if (staff.gigId) {
    await findDoorGig(db, user, staff.gigId).catch(() => {
      throw new AppError('NOT_FOUND', notFound);
    });
    return;
  }
  throw new AppError('NOT_FOUND', notFound);
}

/**
 * Revokes door staff (decision 51): every device of theirs stops at once, since requireDoorDevice
 * refuses a device whose invitation is revoked, and their link registers no more devices. Audited.
 */
export async function revokeDoorStaff(db: DbOrTx, user: SessionUser, staffId: string): Promise<{ message: string }> {
  if (!isUuid(staffId)) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND);
  const [staff] = await db.select().from(doorStaff).where(eq(doorStaff.id, staffId));
  if (!staff) throw new AppError('NOT_FOUND', STAFF_NOT_FOUND);
  await assertMayManageStaff(db, user, staff, STAFF_NOT_FOUND);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(doorStaff)
      .set({ revokedAt: new Date(), revokedBy: user.id })
      .where(and(eq(doorStaff.id, staff.id), isNull(doorStaff.revokedAt)))
      .returning({ id: doorStaff.id });
    if (revoked.length) await tx.insert(auditLog).values({ actorId: user.id, action: 'door.staff_revoked', targetId: staff.id, details: { email: staff.email, gigId: staff.gigId, venueId: staff.venueId } });
  });
  return { message: DOOR_MESSAGES.staffRevoked };
}

/** Revokes one door device: the organiser's own, or one of door staff they may manage. Audited. */
export async function revokeDevice(db: DbOrTx, user: SessionUser, deviceId: string): Promise<{ message: string }> {
  if (!isUuid(deviceId)) throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  const [device] = await db
    .select({ id: doorDevices.id, label: doorDevices.label, userId: doorDevices.userId, staffId: doorStaff.id, invitedBy: doorStaff.invitedBy, gigId: doorStaff.gigId, venueId: doorStaff.venueId })
    .from(doorDevices)
    .leftJoin(doorStaff, eq(doorStaff.id, doorDevices.staffId))
    .where(eq(doorDevices.id, deviceId));
  if (!device) throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  if (device.userId !== user.id) {
    if (!device.invitedBy) {
      if (user.role !== 'admin') throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
    } else await assertMayManageStaff(db, user, { invitedBy: device.invitedBy, gigId: device.gigId, venueId: device.venueId }, DEVICE_NOT_FOUND);
  }
  await db.transaction(async (tx) => {
    if (await revokeDoorDevice(tx, device.id)) {
      await tx.insert(auditLog).values({ actorId: user.id, action: 'door.device_revoked', targetId: device.id, details: { label: device.label, staffId: device.staffId } });
    }
  });
  return { message: DOOR_MESSAGES.deviceRevoked };
}
