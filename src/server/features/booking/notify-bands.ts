import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notifyBandsSchema } from '../../../core/schemas/gigs.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { bandNotices, bandProfiles, gigs, regions, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { bandNoticeEmail } from '../../mail/templates.ts';
import type { Services } from '../../services.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { asOrganiser, listPostableVenues } from './gig-ownership.ts';

const SELECT_VENUE = 'Please choose the venue to tell bands about.';

/**
 * 'Notify Bands' (spec 2 §2): records the send durably, then the job queue e-mails each band.
 * The form's request id is the record's key, so a double click or a retry sends once.
 */
export async function requestBandNotice({ db, jobs }: Pick<Services, 'db' | 'jobs'>, sessionUser: SessionUser, rawInput: unknown): Promise<{ message: string }> {
  const organiser = asOrganiser(sessionUser);
  const input = parseInput(notifyBandsSchema, rawInput);
  const venueId = organiser.role === 'venue' ? organiser.id : input.venueId;
  if (!venueId) throw new AppError('VALIDATION', SELECT_VENUE, { venueId: SELECT_VENUE });
  const venues = await listPostableVenues(db, organiser);
  const venue = venues.find((v) => v.id === venueId);
  if (!venue) throw new AppError('FORBIDDEN', 'You can only notify bands about your own venues.');

  const bands = await db.select({ id: bandProfiles.userId }).from(bandProfiles).where(inArray(bandProfiles.userId, [...new Set(input.bandIds)]));
  if (bands.length === 0) throw new AppError('VALIDATION', 'Please select at least one band.', { bandIds: 'Please select at least one band.' });

  const [recorded] = await db
    .insert(bandNotices)
    .values({ id: input.requestId, senderId: organiser.id, venueId, bandIds: bands.map((b) => b.id) })
    .onConflictDoNothing()
    .returning({ id: bandNotices.id });
  if (!recorded) {
    const [earlier] = await db.select({ senderId: bandNotices.senderId, bandIds: bandNotices.bandIds }).from(bandNotices).where(eq(bandNotices.id, input.requestId));
    if (earlier?.senderId !== organiser.id) throw new AppError('CONFLICT', 'Please try again.');
    return { message: noticeMessage(earlier.bandIds.length, venue.name) };
  }
  // The record is the truth; the job only wakes the sender sooner. The minute sweep catches
  // anything a crash between the two left behind.
  await jobs?.send(QUEUES.notifyBands).catch(() => undefined);
  return { message: noticeMessage(bands.length, venue.name) };
}

const noticeMessage = (count: number, venueName: string) =>
  `${count} band${count === 1 ? '' : 's'} will get an e-mail about ${venueName}'s open gigs.`;

/**
 * Sends every unsent notice: one e-mail per band, written to the outbox in the same transaction
 * that marks the notice sent, so a notice is sent whole, once. Claimed with SKIP LOCKED, so two
 * workers never take the same notice.
 */
export async function sendPendingBandNotices({ db, mailer, env }: Pick<Services, 'db' | 'mailer' | 'env'>): Promise<number> {
  let sent = 0;
  for (;;) {
    const didSend = await db.transaction(async (tx) => {
      const [notice] = await tx
        .select()
        .from(bandNotices)
        .where(isNull(bandNotices.sentAt))
        .orderBy(asc(bandNotices.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!notice) return false;
      const [venue] = await tx
        .select({ name: venueProfiles.name, address: venueProfiles.address })
        .from(venueProfiles)
        .where(eq(venueProfiles.userId, notice.venueId));
      const openGigs = await tx
        .select({ localDate: gigs.localDate, startTime: gigs.startTime, endTime: gigs.endTime, timeZone: regions.timeZone })
        .from(gigs)
        .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
        .where(and(eq(gigs.venueId, notice.venueId), eq(gigs.isApproved, false), sql`${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date`))
        .orderBy(asc(gigs.localDate), asc(gigs.startTime))
        .limit(20);
      const recipients = await tx
        .select({ email: user.email, bandName: bandProfiles.name })
        .from(bandProfiles)
        .innerJoin(user, eq(user.id, bandProfiles.userId))
        .where(inArray(bandProfiles.userId, notice.bandIds));
      const dates = openGigs.map((g) => `${formatLocalDate(g.localDate)}, ${formatTimeRange(g.localDate, g.startTime, g.endTime, g.timeZone)}`);
      for (const r of recipients) {
        const mail = bandNoticeEmail({ bandName: r.bandName, venueName: venue?.name ?? 'A venue', venueAddress: venue?.address ?? '', dates, dashboardUrl: `${env.PUBLIC_URL}/dashboard` });
        await mailer.send({ to: r.email, kind: 'band_notice', ...mail }, tx);
      }
      await tx.update(bandNotices).set({ sentAt: new Date(), sentCount: recipients.length }).where(eq(bandNotices.id, notice.id));
      return true;
    });
    if (!didSend) return sent;
    sent += 1;
  }
}
