import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../core/ids.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bandBookings, bandProfiles, gigs, promoterProfiles, regions, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { bandBookedEmail, declineSecret } from '../../mail/emails/band-booked.ts';
import { bandDeclinedBookingEmail } from '../../mail/emails/band-declined-booking.ts';
import type { Services } from '../../services.ts';
import { publishGigsChanged } from '../live/live-events.ts';
import { markGigsForFederation } from '../federation/federate-gigs.ts';

/**
 * D34: the spec books a band chosen with 'Band already Chosen' at once; Marquee adds the band's
 * consent after the fact. The band is e-mailed in the booking's own transaction, with a secret
 * link per gig to decline it; declining (by the link or from the band's dashboard) takes the
 * band off, reopens the gig as an open opportunity and tells the organiser. A gig with tickets
 * sold, or in open checkouts, is no longer declined here: fans hold tickets for that band.
 */

/** Followers of a pre-picked band hear of the gig only after the band has had this long to decline (as do the fediverse and gig.published). */
export { bandMayStillDecline, FOLLOWER_MAIL_WAIT_HOURS } from './decline-window.ts';

/** Declines an hour from one address (links) or one band (dashboard): generous, and no use for guessing. */
const DECLINES_PER_HOUR = 30;

export const DECLINE_MESSAGES = {
  unknownLink: 'This decline link is not valid. The booking may have been deleted by the organiser; your dashboard shows your bookings.',
  alreadyDeclined: 'You have already declined this booking. The organiser has been told.',
  isPast: 'This gig has already taken place, so it can no longer be declined.',
} as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const gigWhen = (g: { localDate: string; startTime: string; endTime: string; timeZone: string }) =>
  `${formatLocalDate(g.localDate)}, ${formatTimeRange(g.localDate, g.startTime, g.endTime, g.timeZone)}`;

/** Records the consent rows of gigs just booked with a pre-picked band and writes the band's e-mail, in the booking's transaction. */
export async function recordBandBookings({ mailer, env }: Pick<Services, 'mailer' | 'env'>, tx: DbOrTx, bandId: string, gigIds: string[]): Promise<void> {
  const tokens = gigIds.map(() => randomBytes(32).toString('base64url'));
  await tx.insert(bandBookings).values(gigIds.map((gigId, i) => ({ gigId, bandId, declineTokenHash: hashToken(tokens[i]!) })));
  const booked = await tx
    .select({ id: gigs.id, localDate: gigs.localDate, startTime: gigs.startTime, endTime: gigs.endTime, timeZone: regions.timeZone, venueName: venueProfiles.name, venueAddress: venueProfiles.address })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .where(inArray(gigs.id, gigIds))
    .orderBy(asc(gigs.localDate));
  const [band] = await tx.select({ name: bandProfiles.name, email: user.email }).from(bandProfiles).innerJoin(user, eq(user.id, bandProfiles.userId)).where(eq(bandProfiles.userId, bandId));
  if (!band || booked.length === 0) return;
  const venue = booked[0]!;
  const secrets = Object.fromEntries(booked.map((g, i) => [declineSecret(i), `${env.PUBLIC_URL}/booking/decline/${tokens[gigIds.indexOf(g.id)]!}`]));
  const mail = await bandBookedEmail({ bandName: band.name, venueName: venue.venueName, venueAddress: venue.venueAddress, gigs: booked.map(gigWhen), dashboardUrl: `${env.PUBLIC_URL}/dashboard` });
  await mailer.send({ to: band.email, kind: 'band_booked', ...mail, secrets }, tx);
}

const organiserName = sql<string>`coalesce(${promoterProfiles.name}, ${venueProfiles.name})`;

/** A booking with what its pages show: the band, the gig, the organiser, and whether it can still be declined. */
async function findBooking(db: DbOrTx, where: SQL, { forUpdate = false } = {}) {
  const query = db
    .select({
      gigId: gigs.id,
      bandId: bandBookings.bandId,
      bookedBandId: gigs.bandId,
      declinedAt: bandBookings.declinedAt,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
      isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
      ticketsSold: gigs.ticketsSold,
      ticketsHeld: gigs.ticketsHeld,
      venueName: venueProfiles.name,
      organiserId: sql<string>`coalesce(${gigs.promoterId}, ${gigs.venueId})`,
      organiserName,
      bandName: bandProfiles.name,
    })
    .from(bandBookings)
    .innerJoin(gigs, eq(gigs.id, bandBookings.gigId))
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(promoterProfiles, eq(promoterProfiles.userId, gigs.promoterId))
    .innerJoin(bandProfiles, eq(bandProfiles.userId, bandBookings.bandId))
    .where(where);
  const [row] = forUpdate ? await query.for('update', { of: gigs }) : await query;
  return row;
}

type Booking = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

async function organiserEmail(db: DbOrTx, organiserId: string): Promise<string> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, organiserId));
  return row?.email ?? '';
}

function ticketsSoldMessage(booking: Booking, email: string): string {
  return `Tickets have already been sold for this gig, so it can no longer be declined here. Please write to ${booking.organiserName}${email ? ` at ${email}` : ''}, or to Marquee through the Contact page.`;
}

/** Why a booking cannot be declined now, or null when it can. */
function whyNot(booking: Booking, email: string): string | null {
  if (booking.declinedAt) return DECLINE_MESSAGES.alreadyDeclined;
  if (booking.bookedBandId !== booking.bandId) return DECLINE_MESSAGES.unknownLink;
  if (booking.isPast) return DECLINE_MESSAGES.isPast;
  if (booking.ticketsSold > 0 || booking.ticketsHeld > 0) return ticketsSoldMessage(booking, email);
  return null;
}

const bookingFacts = (b: Booking) => ({ gigId: b.gigId, bandName: b.bandName, venueName: b.venueName, organiserName: b.organiserName, when: gigWhen(b) });

/** What the decline page shows before the band presses the button: reading changes nothing. */
export async function previewBookingDecline(db: DbOrTx, token: string) {
  const booking = await findBooking(db, eq(bandBookings.declineTokenHash, hashToken(token)));
  if (!booking) throw new AppError('NOT_FOUND', DECLINE_MESSAGES.unknownLink);
  const reason = whyNot(booking, await organiserEmail(db, booking.organiserId));
  return { ...bookingFacts(booking), isDeclined: Boolean(booking.declinedAt), canDecline: reason === null, reason };
}

/**
 * Declines in one transaction with the gig row locked: a checkout holds its seat with a
 * conditional update on the same row (approved gigs only), so a decline and a first sale never
 * both win.
 */
async function declineBooking({ db, mailer, env }: Pick<Services, 'db' | 'mailer' | 'env'>, where: SQL) {
  return db.transaction(async (tx) => {
    const booking = await findBooking(tx, where, { forUpdate: true });
    if (!booking) throw new AppError('NOT_FOUND', DECLINE_MESSAGES.unknownLink);
    const email = await organiserEmail(tx, booking.organiserId);
    const reason = whyNot(booking, email);
    if (reason) throw new AppError(reason === DECLINE_MESSAGES.unknownLink ? 'NOT_FOUND' : 'CONFLICT', reason);
    await tx
      .update(gigs)
      .set({ bandId: null, isApproved: false, status: 'open', approvedAt: null, followersNotifiedAt: null, updatedAt: new Date() })
      .where(eq(gigs.id, booking.gigId));
    await tx.update(bandBookings).set({ declinedAt: new Date() }).where(and(eq(bandBookings.gigId, booking.gigId), isNull(bandBookings.declinedAt)));
    await publishGigsChanged(tx);
    await markGigsForFederation(tx, [booking.gigId]);
    const when = gigWhen(booking);
    const dashboardUrl = `${env.PUBLIC_URL}/dashboard`;
    if (email) {
      const mail = await bandDeclinedBookingEmail({ bandName: booking.bandName, venueName: booking.venueName, when, dashboardUrl });
      await mailer.send({ to: email, kind: 'band_declined_booking', ...mail }, tx);
    }
    return { ...bookingFacts(booking), message: `You declined the gig at ${booking.venueName} on ${when}. ${booking.organiserName} has been told, and the gig is open to other bands again.` };
  });
}

async function assertUnderDeclineLimit(services: Pick<Services, 'db' | 'isRateLimitEnabled'>, key: string) {
  if (services.isRateLimitEnabled && (await countHit(services.db, `booking-decline:${key}`, 60 * 60 * 1000)) > DECLINES_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'Too many tries. Please try again in an hour.');
  }
}

/** The e-mailed link's button: no account needed, the secret is the key. */
export async function declineBookingByToken(services: Pick<Services, 'db' | 'mailer' | 'env' | 'isRateLimitEnabled'>, token: string, ipAddress: string | null) {
  await assertUnderDeclineLimit(services, ipAddress ?? 'unknown');
  return declineBooking(services, eq(bandBookings.declineTokenHash, hashToken(token)));
}

/** The Decline button on the band's dashboard: only the band's own bookings. */
export async function declineBookingAsBand(services: Pick<Services, 'db' | 'mailer' | 'env' | 'isRateLimitEnabled'>, sessionUser: SessionUser, gigId: string) {
  if (sessionUser.role !== 'band') throw new AppError('FORBIDDEN', 'Only the booked band can decline a booking.');
  await assertUnderDeclineLimit(services, sessionUser.id);
  if (!isUuid(gigId)) throw new AppError('NOT_FOUND', DECLINE_MESSAGES.unknownLink);
  return declineBooking(services, and(eq(bandBookings.gigId, gigId), eq(bandBookings.bandId, sessionUser.id))!);
}
