import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { siteUrl } from '../../../core/site-urls.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { bandBookings, bandFollowers, bandProfiles, gigs, regions, venueProfiles } from '../../db/schema.ts';
import { newGigEmail } from '../../mail/emails/new-gig.ts';
import type { Services } from '../../services.ts';
import { FOLLOWER_MAIL_WAIT_HOURS } from '../booking/band-bookings.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';

/** D34: a gig the organiser booked the band for directly is announced once the band has had time to decline. */
const waitsForBandsAnswer = sql`not exists (select 1 from ${bandBookings} where ${bandBookings.gigId} = ${gigs.id} and ${bandBookings.createdAt} > now() - make_interval(hours => ${FOLLOWER_MAIL_WAIT_HOURS}))`;

/**
 * D19: when a band gets a new approved gig, each confirmed follower hears of it once. A gig is
 * claimed (its `followers_notified_at` set, SKIP LOCKED) in the transaction that writes the
 * e-mails to the outbox, so a gig is announced whole, once, whichever worker takes it. Gigs
 * already past, or booked to a manager's artist (no followers), are marked without mail.
 */
export async function sendNewGigNotices({ db, mailer, env }: Pick<Services, 'db' | 'mailer' | 'env'>): Promise<number> {
  let announced = 0;
  for (;;) {
    const didClaim = await db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: gigs.id })
        .from(gigs)
        // Decision 49: a gig cancelled before its announcement is never announced.
        .where(and(eq(gigs.isApproved, true), isNull(gigs.followersNotifiedAt), isNull(gigs.cancelledAt), waitsForBandsAnswer))
        .orderBy(asc(gigs.approvedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return false;
      await tx.update(gigs).set({ followersNotifiedAt: new Date() }).where(eq(gigs.id, next.id));
      // Issue 33: a gig booked with 'Band already Chosen' reaches its organiser's webhooks as
      // gig.published now, once, with its followers' e-mails (it was held back until the band's
      // window to decline had passed; a gig booked by approval had its gig.published then).
      const [prePicked] = await tx.select({ gigId: bandBookings.gigId }).from(bandBookings).where(and(eq(bandBookings.gigId, next.id), isNull(bandBookings.declinedAt)));
      if (prePicked) await emitWebhookEvent(tx, 'gig.published', { gigId: next.id });
      const [gig] = await tx
        .select({
          localDate: gigs.localDate,
          startTime: gigs.startTime,
          endTime: gigs.endTime,
          timeZone: regions.timeZone,
          isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
          bandId: bandProfiles.userId,
          bandName: bandProfiles.name,
          bandSlug: bandProfiles.slug,
          venueName: venueProfiles.name,
        })
        .from(gigs)
        .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
        .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
        .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
        .where(eq(gigs.id, next.id));
      if (!gig?.bandId || !gig.bandName || !gig.bandSlug || gig.isPast) return true;
      const followers = await tx
        .select({ email: bandFollowers.email, unsubscribeToken: bandFollowers.unsubscribeToken })
        .from(bandFollowers)
        .where(and(eq(bandFollowers.bandId, gig.bandId), isNotNull(bandFollowers.confirmedAt), isNull(bandFollowers.unsubscribedAt)));
      const when = `${formatLocalDate(gig.localDate)}, ${formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}`;
      const mail = await newGigEmail({ bandName: gig.bandName, venueName: gig.venueName, when, gigUrl: siteUrl(env.PUBLIC_URL, gig.bandSlug) });
      for (const follower of followers) {
        const unsubscribe = `${env.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(follower.unsubscribeToken)}`;
        const oneClick = `${env.PUBLIC_URL}/api/unsubscribe/${encodeURIComponent(follower.unsubscribeToken)}`;
        await mailer.send({ to: follower.email, kind: 'new_gig', ...mail, secrets: { unsubscribe, oneClick }, unsubscribeSecret: 'oneClick' }, tx);
      }
      announced += 1;
      return true;
    });
    if (!didClaim) return announced;
  }
}
