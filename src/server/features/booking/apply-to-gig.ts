import { and, eq, sql } from 'drizzle-orm';
import { applySchema } from '../../../core/schemas/gigs.ts';
import type { Db } from '../../db/client.ts';
import { gigApplications, gigs, managedArtists, regions } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { isUuid } from '../../../core/ids.ts';

const ALREADY_APPLIED = 'You have already applied to this gig.';

/**
 * A band applies for itself; an artist manager applies on behalf of one of its own artists
 * (spec 2 §6). Only open, upcoming gigs take applications, and each applicant applies once.
 */
export async function applyToGig(db: Db, sessionUser: SessionUser, gigId: string, rawInput: unknown): Promise<{ applicationId: string }> {
  if (sessionUser.role !== 'band' && sessionUser.role !== 'artist_manager') throw new AppError('FORBIDDEN', 'Only bands and artist managers apply to gigs.');
  const input = parseInput(applySchema, rawInput);
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', 'That gig was not found.');

  const [gig] = await db
    .select({ id: gigs.id, isApproved: gigs.isApproved, isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date` })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(eq(gigs.id, gigId));
  if (!gig) throw new AppError('NOT_FOUND', 'That gig was not found.');
  if (gig.isApproved || gig.isPast) throw new AppError('CONFLICT', 'This gig is no longer open for applications.');

  let applicant: { bandId: string } | { managerId: string; managedArtistId: string };
  if (sessionUser.role === 'band') {
    applicant = { bandId: sessionUser.id };
  } else {
    const artistId = input.managedArtistId;
    const [artist] =
      artistId && isUuid(artistId)
        ? await db
            .select({ id: managedArtists.id })
            .from(managedArtists)
            .where(and(eq(managedArtists.id, artistId), eq(managedArtists.managerId, sessionUser.id)))
        : [];
    if (!artist) throw new AppError('VALIDATION', 'Please choose which of your artists is applying.', { managedArtistId: 'Please choose which of your artists is applying.' });
    applicant = { managerId: sessionUser.id, managedArtistId: artist.id };
  }

  const [row] = await db
    .insert(gigApplications)
    .values({ gigId: gig.id, ...applicant })
    .onConflictDoNothing()
    .returning({ id: gigApplications.id });
  if (!row) throw new AppError('CONFLICT', ALREADY_APPLIED);
  return { applicationId: row.id };
}
