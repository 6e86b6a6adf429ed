import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { auditLog, doorStaff } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { acceptDoorInviteSchema, DOOR_DEVICES_PER_INVITE, DOOR_MESSAGES, type DoorDeviceRegistration } from '../../../core/schemas/door.ts';
import { createDoorDevice, hashDoorToken } from './door-devices.ts';

const TEN_MINUTES_MS = 10 * 60 * 1000;
const ACCEPTS_PER_10_MINUTES = 10;

/**
 * Door staff open their e-mailed link (decision 51): the token registers this device as a door of
 * theirs. One conditional update counts the device, so however many devices open the link at once,
 * at most three get in; an expired, revoked or unknown link registers nothing.
 */
export async function acceptDoorInvite(services: Pick<Services, 'db' | 'isRateLimitEnabled'>, rawInput: unknown, ip: string | null): Promise<DoorDeviceRegistration> {
  const { db } = services;
  await limitHits(services, `door-accept:${ip ?? 'unknown'}`, { windowMs: TEN_MINUTES_MS, max: ACCEPTS_PER_10_MINUTES, message: DOOR_MESSAGES.tooManyAccepts });
  const input = parseInput(acceptDoorInviteSchema, rawInput);
  const tokenHash = hashDoorToken(input.token);
  const isOpen = and(eq(doorStaff.tokenHash, tokenHash), isNull(doorStaff.revokedAt), gt(doorStaff.expiresAt, sql`now()`));
  return db.transaction(async (tx) => {
    const [staff] = await tx
      .update(doorStaff)
      .set({ devicesRegistered: sql`${doorStaff.devicesRegistered} + 1` })
      .where(and(isOpen, lt(doorStaff.devicesRegistered, DOOR_DEVICES_PER_INVITE)))
      .returning({ id: doorStaff.id });
    if (!staff) {
      const [open] = await tx.select({ id: doorStaff.id }).from(doorStaff).where(isOpen);
      throw open ? new AppError('CONFLICT', DOOR_MESSAGES.inviteUsedUp) : new AppError('NOT_FOUND', DOOR_MESSAGES.inviteInvalid);
    }
    const device = await createDoorDevice(tx, { staffId: staff.id }, input.label);
    await tx.insert(auditLog).values({ actorId: null, action: 'door.staff_device_registered', targetId: staff.id, details: { deviceId: device.deviceId, label: input.label } });
    return device;
  });
}
