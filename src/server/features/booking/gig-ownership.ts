import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gigs, promoterVenues, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { isUuid } from '../../../core/ids.ts';
import { isVenueVerifiedSql } from './venue-verification.ts';

export type Organiser = { id: string; role: 'venue' | 'promoter' };

/** Only venues and promoters post and manage gig opportunities (spec 2 §6). */
export function asOrganiser(user: SessionUser): Organiser {
  if (user.role !== 'venue' && user.role !== 'promoter') throw new AppError('FORBIDDEN', 'Only venues and promoters manage gig opportunities.');
  return { id: user.id, role: user.role };
}

/**
 * The gigs an organiser manages: a promoter's are those it created; a venue's are those at the
 * venue that no promoter organises (a promoter's gig is the promoter's to run, decision 17).
 */
export function organisedBy(organiser: Organiser): SQL {
  return organiser.role === 'promoter' ? eq(gigs.promoterId, organiser.id) : and(eq(gigs.venueId, organiser.id), isNull(gigs.promoterId))!;
}

/** The gig, if this organiser manages it; anyone else's id is "not found", so ids reveal nothing. */
export async function findOrganisedGig(db: DbOrTx, organiser: Organiser, gigId: string) {
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', 'That gig was not found.');
  const [gig] = await db
    .select()
    .from(gigs)
    .where(and(eq(gigs.id, gigId), organisedBy(organiser)));
  if (!gig) throw new AppError('NOT_FOUND', 'That gig was not found.');
  return gig;
}

/** The venues an organiser may post for: itself, or the venues that accepted the promoter (D34); and whether each may sell (decision 33). */
export async function listPostableVenues(db: DbOrTx, organiser: Organiser) {
  const columns = {
    id: venueProfiles.userId,
    name: venueProfiles.name,
    address: venueProfiles.address,
    isVerified: isVenueVerifiedSql,
    isApproved: sql<boolean>`${venueProfiles.verifiedAt} is not null`,
    declineReason: venueProfiles.verificationDeclineReason,
  };
  if (organiser.role === 'venue') return db.select(columns).from(venueProfiles).where(eq(venueProfiles.userId, organiser.id));
  return db
    .select(columns)
    .from(promoterVenues)
    .innerJoin(venueProfiles, eq(venueProfiles.userId, promoterVenues.venueId))
    .where(and(eq(promoterVenues.promoterId, organiser.id), eq(promoterVenues.status, 'accepted')))
    .orderBy(venueProfiles.name);
}
