import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { notifyBandsSchema } from '../../../core/schemas/gigs.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bandNotices, bandProfiles, emailOptOuts, gigs, promoterProfiles, regions, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { bandNoticeEmail } from '../../mail/emails/band-notice.ts';
import { unsubscribeLinks } from '../../mail/unsubscribe-links.ts';
import type { Services } from '../../services.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { asOrganiser, listPostableVenues } from './gig-ownership.ts';

const SELECT_VENUE = 'Please choose the venue to tell bands about.';
const NOBODY_REACHABLE = 'None of the chosen bands can get this notice: they have not verified their e-mail address, or have turned notices off.';

/** Opt-out kinds (email_opt_outs): every organiser's notices, or one organiser's. */
export const BAND_NOTICE_KIND = 'band_notice';
const noticeKindOf = (senderId: string) => `${BAND_NOTICE_KIND}:${senderId}`;

/**
 * The chosen bands a notice from this organiser reaches (issue 20): their account's address is
 * verified, and they have turned off neither this organiser's notices nor all notices.
 */
function listReachableBands(db: DbOrTx, senderId: string, bandIds: string[]) {
  const optedOut = db
    .select({ one: sql`1` })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.email, sql`lower(${user.email})`), inArray(emailOptOuts.kind, [BAND_NOTICE_KIND, noticeKindOf(senderId)])));
  return db
    .select({ id: bandProfiles.userId, email: user.email, bandName: bandProfiles.name })
    .from(bandProfiles)
    .innerJoin(user, eq(user.id, bandProfiles.userId))
    .where(and(inArray(bandProfiles.userId, bandIds), eq(user.emailVerified, true), notExists(optedOut)));
}

/**
 * 'Notify Bands' (spec 2 §2): records the send durably, then the job queue e-mails each band.
 * The form's request id is the record's key, so a double click or a retry sends once. Issue 20:
 * at most 50 bands a send, BAND_NOTICES_PER_DAY new sends per organiser, and only to bands that
 * can get it (listReachableBands).
 */
export async function requestBandNotice(services: Pick<Services, 'db' | 'jobs' | 'env' | 'isRateLimitEnabled'>, sessionUser: SessionUser, rawInput: unknown): Promise<{ message: string }> {
  const { db, jobs, env } = services;
  const organiser = asOrganiser(sessionUser);
  const input = parseInput(notifyBandsSchema, rawInput);
  const venueId = organiser.role === 'venue' ? organiser.id : input.venueId;
  if (!venueId) throw new AppError('VALIDATION', SELECT_VENUE, { venueId: SELECT_VENUE });
  const venues = await listPostableVenues(db, organiser);
  const venue = venues.find((v) => v.id === venueId);
  if (!venue) throw new AppError('FORBIDDEN', 'You can only notify bands about your own venues.');

  const replay = async () => {
    const [earlier] = await db.select({ senderId: bandNotices.senderId, bandIds: bandNotices.bandIds }).from(bandNotices).where(eq(bandNotices.id, input.requestId));
    if (!earlier) return null;
    if (earlier.senderId !== organiser.id) throw new AppError('CONFLICT', 'Please try again.');
    return { message: noticeMessage(earlier.bandIds.length, venue.name) };
  };
  const earlier = await replay();
  if (earlier) return earlier; // the same send again: not a new one, and not counted

  const chosen = [...new Set(input.bandIds)];
  const bands = await listReachableBands(db, organiser.id, chosen);
  if (bands.length === 0) throw new AppError('VALIDATION', NOBODY_REACHABLE, { bandIds: NOBODY_REACHABLE });
  const perDay = env.BAND_NOTICES_PER_DAY;
  await limitHits(services, `band-notices:${organiser.id}`, {
    windowMs: DAY_MS,
    max: perDay,
    message: `You can notify bands ${perDay} time${perDay === 1 ? '' : 's'} a day. Please try again tomorrow.`,
  });

  const [recorded] = await db
    .insert(bandNotices)
    .values({ id: input.requestId, senderId: organiser.id, venueId, bandIds: bands.map((b) => b.id) })
    .onConflictDoNothing()
    .returning({ id: bandNotices.id });
  if (!recorded) return (await replay())!;
  // The record is the truth; the job only wakes the sender sooner. The minute sweep catches
  // anything a crash between the two left behind.
  await jobs?.send(QUEUES.notifyBands).catch(() => undefined);
  const left = chosen.length - bands.length;
  return { message: noticeMessage(bands.length, venue.name) + (left ? ` ${left} of the chosen bands won't: they have not verified their e-mail address, or have turned notices off.` : '') };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const noticeMessage = (count: number, venueName: string) =>
  `${count} band${count === 1 ? '' : 's'} will get an e-mail about ${venueName}'s open gigs.`;

/**
 * What an opt-out of a notice kind stops, for the unsubscribe page; null if the kind is not a
 * notice's.
 */
export async function describeNoticeOptOut(db: DbOrTx, kind: string): Promise<string | null> {
  if (kind === BAND_NOTICE_KIND) return 'booking notices from venues and promoters';
  if (!kind.startsWith(`${BAND_NOTICE_KIND}:`)) return null;
  return `booking notices from ${await organiserName(db, kind.slice(BAND_NOTICE_KIND.length + 1))}`;
}

async function organiserName(db: DbOrTx, id: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string | null>`coalesce(${venueProfiles.name}, ${promoterProfiles.name})` })
    .from(user)
    .leftJoin(venueProfiles, eq(venueProfiles.userId, user.id))
    .leftJoin(promoterProfiles, eq(promoterProfiles.userId, user.id))
    .where(eq(user.id, id));
  return row?.name ?? 'this organiser';
}

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
      // Checked again at sending: a band may have turned notices off since.
      const recipients = await listReachableBands(tx, notice.senderId, notice.bandIds);
      const senderName = await organiserName(tx, notice.senderId);
      const dates = openGigs.map((g) => `${formatLocalDate(g.localDate)}, ${formatTimeRange(g.localDate, g.startTime, g.endTime, g.timeZone)}`);
      for (const r of recipients) {
        const mail = await bandNoticeEmail({ bandName: r.bandName, venueName: venue?.name ?? 'A venue', venueAddress: venue?.address ?? '', senderName, dates, dashboardUrl: `${env.PUBLIC_URL}/dashboard` });
        const fromSender = await unsubscribeLinks(tx, r.email, noticeKindOf(notice.senderId), env.PUBLIC_URL);
        const fromEveryone = await unsubscribeLinks(tx, r.email, BAND_NOTICE_KIND, env.PUBLIC_URL);
        const secrets = { unsubscribe: fromSender.page, unsubscribeAll: fromEveryone.page, oneClick: fromSender.oneClick };
        await mailer.send({ to: r.email, kind: BAND_NOTICE_KIND, ...mail, secrets, unsubscribeSecret: 'oneClick' }, tx);
      }
      await tx.update(bandNotices).set({ sentAt: new Date(), sentCount: recipients.length }).where(eq(bandNotices.id, notice.id));
      return true;
    });
    if (!didSend) return sent;
    sent += 1;
  }
}
