import type { Services } from '../../services.ts';
import { refuseWhileImpersonating } from '../../http/session.ts';
import type { CurrentSession } from '../../http/session.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import { registerDoorDeviceSchema, type DoorDeviceRegistration } from '../../../core/schemas/door.ts';
import { createDoorDevice } from './door-devices.ts';

/**
 * An organiser (venue, promoter, band, admin: the route checks the role) makes this phone a door
 * (decision 51). The token returned is the device's credential from then on; which gigs it may
 * scan is decided on every request, from the account as it is then. Not by an admin acting as the
 * account: the device would keep its access after the impersonation ends.
 */
export async function registerDoorDevice(services: Pick<Services, 'db' | 'isRateLimitEnabled'>, { user, impersonatedBy }: CurrentSession, rawInput: unknown): Promise<DoorDeviceRegistration> {
  refuseWhileImpersonating({ impersonatedBy }, 'set up a door device');
  const { label } = parseInput(registerDoorDeviceSchema, rawInput);
  await limitHits(services, `door-devices:${user.id}`, { windowMs: 60 * 60_000, max: 30, message: 'Too many doors set up from this account. Please try again in an hour.' });
  return createDoorDevice(services.db, { userId: user.id }, label);
}
