import { eq } from 'drizzle-orm';
import { createGigSchema, PROMOTER_VENUE_MESSAGE, weeklyDates } from '../../../core/schemas/gigs.ts';
import { todayIn } from '../../../core/time.ts';
import { gigDetailColumns } from './gig-columns.ts';
import { bandProfiles, gigs, regions, user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import type { Services } from '../../services.ts';
import { recordBandBookings } from './band-bookings.ts';
import { asOrganiser, listPostableVenues } from './gig-ownership.ts';
import { assertVenueMaySell } from './venue-verification.ts';
import { refuseTicketingWhenSalesOff } from '../tickets/ticket-sales.ts';
import { markGigsForFederation } from '../federation/federate-gigs.ts';

/**
 * 'Add New Gig Opportunity' (spec 2 §5): one gig, or a weekly series of 1 to 10 (D8: each date's
 * start instant in the venue's region zone, so a series keeps its local time across a DST change).
 * A gig whose band is already chosen is approved and booked at once, and the band is told and
 * may decline (D34). Tickets and a chosen band need a verified venue (decision 33).
 */
export async function createGigOpportunities(
  services: Pick<Services, 'db' | 'mailer' | 'env'>,
  sessionUser: SessionUser,
  rawInput: unknown,
  { isTicketSalesOn = true }: { isTicketSalesOn?: boolean } = {},
): Promise<{ gigIds: string[]; message: string }> {
  const { db } = services;
  const organiser = asOrganiser(sessionUser);
  const isPromoter = organiser.role === 'promoter';
  const input = parseInput(createGigSchema, { ...(rawInput as object), isPromoter });
  refuseTicketingWhenSalesOff(isTicketSalesOn, input.ticketing.isEnabled);

  const venues = await listPostableVenues(db, organiser);
  const venueId = isPromoter ? input.venueId : organiser.id;
  if (isPromoter && venues.length === 0) {
    throw new AppError('CONFLICT', 'Please add the venues you work with to your promoter profile before posting a gig.');
  }
  if (!venueId) throw new AppError('VALIDATION', PROMOTER_VENUE_MESSAGE, { venueId: PROMOTER_VENUE_MESSAGE });
  if (!venues.some((v) => v.id === venueId)) throw new AppError('FORBIDDEN', 'You can only post gigs for your own venues.');

  if (input.isBandChosen && isPromoter) throw new AppError('VALIDATION', 'Promoters choose their band by approving an applicant.');
  await assertVenueMaySell(db, organiser, venueId, { isTicketed: input.ticketing.isEnabled, isBandChosen: input.isBandChosen });
  let bandId: string | null = null;
  if (input.isBandChosen) {
    const [band] = await db.select({ id: bandProfiles.userId }).from(bandProfiles).where(eq(bandProfiles.userId, input.bandId!));
    if (!band) throw new AppError('VALIDATION', 'That band was not found.', { bandId: 'That band was not found.' });
    bandId = band.id;
  }

  const [venueRegion] = await db
    .select({ slug: regions.slug, timeZone: regions.timeZone })
    .from(user)
    .innerJoin(regions, eq(regions.slug, user.location))
    .where(eq(user.id, venueId));
  if (!venueRegion) throw new AppError('NOT_FOUND', 'That venue was not found.');

  if (input.localDate < todayIn(venueRegion.timeZone)) {
    throw new AppError('VALIDATION', 'Please choose today or a later date.', { localDate: 'Please choose today or a later date.' });
  }

  const dates = weeklyDates(input.localDate, input.recurringWeeks);
  const rows = dates.map((localDate) => ({
    regionSlug: venueRegion.slug,
    venueId,
    promoterId: isPromoter ? organiser.id : null,
    createdBy: organiser.id,
    ...gigDetailColumns(input, localDate, venueRegion.timeZone),
    bandId,
    isApproved: bandId !== null,
    status: bandId ? ('confirmed' as const) : ('open' as const),
    approvedAt: bandId ? new Date() : null,
  }));

  const gigIds = await db.transaction(async (tx) => {
    const inserted = await tx.insert(gigs).values(rows).returning({ id: gigs.id });
    if (bandId) {
      await recordBandBookings(services, tx, bandId, inserted.map((g) => g.id));
      await publishGigsChanged(tx);
      // Issue 33: beyond Marquee's own pages, the gig is told only once the band can no longer
      // decline it unheard (decision 34's wait): gig.published by the followers' sweep
      // (sendNewGigNotices), the fediverse by the federate-gigs job, which waits for it.
      await markGigsForFederation(tx, inserted.map((g) => g.id));
    }
    return inserted.map((g) => g.id);
  });
  const message = gigIds.length > 1 ? `Successfully created ${gigIds.length} recurring gig opportunities!` : 'Gig opportunity created successfully!';
  return { gigIds, message };
}
