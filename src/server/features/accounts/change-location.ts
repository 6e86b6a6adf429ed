import { eq } from 'drizzle-orm';
import { changeLocationSchema } from '../../../core/schemas/account-settings.ts';
import { regions, user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';

/** Location changes an account may make in an hour. */
export const LOCATION_CHANGES_PER_HOUR = 20;

/** Any account picks its region; the weekly digest and the home page follow it (decision 40). */
export async function changeLocation(services: Pick<Services, 'db' | 'isRateLimitEnabled'>, account: SessionUser, rawInput: unknown) {
  const { location } = parseInput(changeLocationSchema, rawInput);
  await limitHits(services, `location-change:${account.id}`, {
    windowMs: 60 * 60 * 1000,
    max: LOCATION_CHANGES_PER_HOUR,
    message: 'You have changed your location many times this hour. Please try again later.',
  });
  const [region] = await services.db.select({ slug: regions.slug, name: regions.name }).from(regions).where(eq(regions.slug, location));
  if (!region) throw new AppError('VALIDATION', 'Please choose your location.', { location: 'Please choose your location.' });
  await services.db.update(user).set({ location: region.slug, updatedAt: new Date() }).where(eq(user.id, account.id));
  return { message: `Your location is now ${region.name}.`, location: region.slug, locationName: region.name };
}
