import { eq, sql } from 'drizzle-orm';
import { promoterVenueUnverifiedMessage, venueUnverifiedMessage, type VenueVerification } from '../../../core/venue-verification.ts';
import type { DbOrTx } from '../../db/client.ts';
import { user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Organiser } from './gig-ownership.ts';

/** Decision 33, as SQL over a `venue_profiles` row: approved by an admin and its e-mail verified. */
export const isVenueVerifiedSql = sql<boolean>`(${venueProfiles.verifiedAt} is not null and exists (select 1 from ${user} where ${user.id} = ${venueProfiles.userId} and ${user.emailVerified}))`;

export async function readVenueVerification(db: DbOrTx, venueId: string): Promise<(VenueVerification & { name: string }) | undefined> {
  const [row] = await db
    .select({ name: venueProfiles.name, isEmailVerified: user.emailVerified, verifiedAt: venueProfiles.verifiedAt, declineReason: venueProfiles.verificationDeclineReason })
    .from(venueProfiles)
    .innerJoin(user, eq(user.id, venueProfiles.userId))
    .where(eq(venueProfiles.userId, venueId));
  return row && { name: row.name, isEmailVerified: row.isEmailVerified, isApproved: row.verifiedAt !== null, declineReason: row.declineReason };
}

/**
 * Refuses ticket sales and a directly booked band at a venue that is not verified (decision 33).
 * Open, unticketed gig opportunities need no verification.
 */
export async function assertVenueMaySell(db: DbOrTx, organiser: Organiser, venueId: string, { isTicketed, isBandChosen }: { isTicketed: boolean; isBandChosen: boolean }): Promise<void> {
  if (!isTicketed && !isBandChosen) return;
  const venue = await readVenueVerification(db, venueId);
  if (!venue) throw new AppError('NOT_FOUND', 'That venue was not found.');
  if (venue.isEmailVerified && venue.isApproved) return;
  const message = organiser.role === 'venue' ? venueUnverifiedMessage(venue) : promoterVenueUnverifiedMessage(venue.name);
  const fields: Record<string, string> = {};
  if (isTicketed) fields.ticketing = message;
  if (isBandChosen) fields.bandId = message;
  throw new AppError('FORBIDDEN', message, fields);
}
