import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { joinShow, showName } from '../../db/gig-show.ts';
import { gigs, regions, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { isUuid } from '../../../core/ids.ts';
import type { DoorGig } from '../../../core/schemas/door.ts';

/** The roles that run a gig's door (decision 51): the gig's venue, promoter or band, and admins. */
export const DOOR_ORGANISER_ROLES = ['venue', 'promoter', 'band', 'admin'] as const;

const NOT_FOUND = 'That gig was not found.';

/**
 * A gig whose door this account runs: its venue, promoter or band (each of them has people at the
 * door), or an admin. Unlike the booking screens (decision 17), a venue keeps its own door on a
 * promoter's night: the door is at its building. Anyone else's id is "not found".
 */
export async function findDoorGig(db: DbOrTx, user: SessionUser, gigId: string) {
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const query = db
    .select({
      id: gigs.id,
      venueId: gigs.venueId,
      promoterId: gigs.promoterId,
      bandId: gigs.bandId,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      startsAt: gigs.startsAt,
      timeZone: regions.timeZone,
      ticketQuantity: gigs.ticketQuantity,
      cancelledAt: gigs.cancelledAt,
      isApproved: gigs.isApproved,
      venueName: venueProfiles.name,
      venueVerifiedAt: venueProfiles.verifiedAt,
      title: showName,
    })
    .from(gigs)
    .$dynamic();
  const [gig] = await joinShow(query).where(eq(gigs.id, gigId));
  if (!gig) throw new AppError('NOT_FOUND', NOT_FOUND);
  const isParty = [gig.venueId, gig.promoterId, gig.bandId].includes(user.id);
  if (!isParty && user.role !== 'admin') throw new AppError('NOT_FOUND', NOT_FOUND);
  return gig;
}

/**
 * Issue 33: what the door e-mails (a guest's pass, a door staff link) carries the organiser's name
 * and Reply-To, so it goes out only from a confirmed organiser: an account whose address is
 * verified (decision 32) and, a venue, verified by an admin too (decision 33). `isVenueApproved`
 * is the venue's own approval (a venue account is only ever the venue of its gigs).
 */
export function assertConfirmedOrganiser(user: SessionUser, isVenueApproved: boolean, refusals: { unconfirmed: string; venueUnverified: string }, field?: string): void {
  const refuse = (message: string) => new AppError('FORBIDDEN', message, field ? { [field]: message } : undefined);
  if (!user.emailVerified) throw refuse(refusals.unconfirmed);
  if (user.role === 'venue' && !isVenueApproved) throw refuse(refusals.venueUnverified);
}

/** A gig as its organiser runs its door (the device routes have their own row, door-gigs.ts). */
export type OrganiserDoorGig = Awaited<ReturnType<typeof findDoorGig>>;

/** The gig as the door and the report name it. */
export const toDoorGig = (gig: OrganiserDoorGig): DoorGig => ({
  id: gig.id,
  title: gig.title,
  venueName: gig.venueName,
  localDate: gig.localDate,
  startTime: gig.startTime,
  startsAt: gig.startsAt.toISOString(),
  capacity: gig.ticketQuantity,
  isCancelled: gig.cancelledAt !== null,
});
