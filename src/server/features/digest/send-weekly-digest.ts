import { and, asc, between, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { siteUrl } from '../../../core/site-urls.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bandProfiles, digestDeliveries, digestRuns, emailOptOuts, gigs, managedArtists, regions, smsSubscribers, user, venueProfiles } from '../../db/schema.ts';
import { stopIfStopping } from '../../jobs/job-queue.ts';
import { unsubscribeLinks } from '../../mail/unsubscribe-links.ts';
import type { Services } from '../../services.ts';
import { weeklyDigestEmail, type DigestGig } from '../../mail/emails/weekly-digest.ts';
import { publicPriceRange } from '../discovery/public-gigs.ts';
import { weeklyDigestText } from './digest-email.ts';
import { digestWeek, parseDigestSchedule } from './digest-week.ts';

export const DIGEST_KIND = 'weekly_digest';
const BATCH = 200;
type Deps = Pick<Services, 'db' | 'mailer' | 'env' | 'logger' | 'sms'> & Partial<Pick<Services, 'stopping'>>;
type Region = typeof regions.$inferSelect;

/** The approved gigs of a region's coming seven days (D30), soonest first. */
async function listDigestGigs(db: DbOrTx, region: Region, from: string, to: string, publicUrl: string): Promise<DigestGig[]> {
  const rows = await db
    .select({
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      venueName: venueProfiles.name,
      venueAddress: venueProfiles.address,
      ticketPriceCents: sql<number | null>`case when ${gigs.isTicketed} then ${gigs.ticketPriceCents} end`,
      priceRange: publicPriceRange,
      bandName: sql<string | null>`coalesce(${bandProfiles.name}, ${managedArtists.name})`,
      bandSlug: bandProfiles.slug,
    })
    .from(gigs)
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .where(and(eq(gigs.regionSlug, region.slug), eq(gigs.isApproved, true), isNull(gigs.cancelledAt), between(gigs.localDate, from, to)))
    .orderBy(asc(gigs.startsAt))
    .limit(60);
  const regionUrl = regionUrlOf(region, publicUrl);
  return rows.map((r) => ({ ...r, timeZone: region.timeZone, showName: r.bandName ?? 'Live music', url: r.bandSlug ? siteUrl(publicUrl, r.bandSlug) : regionUrl }));
}

const regionUrlOf = (region: Region, publicUrl: string) => `${publicUrl}${region.path ?? '/gigs'}`;

/**
 * The weekly digest of one region (D30): every fan and musician of the region who has not switched
 * it off gets the coming week's shows by e-mail, and every SMS subscriber by text. Nobody gets an
 * empty digest. Each recipient's delivery is recorded (week, channel, recipient) in the
 * transaction that queues the message, so two runs at once, a retry or a restart mid-run never
 * send anyone a second digest that week.
 */
async function sendRegionDigest({ db, mailer, env, sms, stopping }: Deps, region: Region, week: { weekStart: string; today: string; lastDay: string }) {
  const list = await listDigestGigs(db, region, week.today, week.lastDay, env.PUBLIC_URL);
  let sent = 0;
  if (list.length) {
    const regionUrl = regionUrlOf(region, env.PUBLIC_URL);
    const mail = await weeklyDigestEmail({ regionName: region.name, gigs: list, regionUrl });
    const notYet = (channel: 'email' | 'sms', recipient: ReturnType<typeof sql>) =>
      notExists(
        db
          .select({ one: sql`1` })
          .from(digestDeliveries)
          .where(and(eq(digestDeliveries.weekStart, week.weekStart), eq(digestDeliveries.channel, channel), sql`${digestDeliveries.recipient} = ${recipient}`)),
      );
    for (;;) {
      stopIfStopping(stopping); // stopping: the run is left unfinished, for the next one to complete
      const queued = await db.transaction(async (tx) => {
        const people = await tx
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(
            and(
              eq(user.location, region.slug),
              inArray(user.role, ['fan', 'musician']),
              // D32: only to an address its account has confirmed.
              eq(user.emailVerified, true),
              notExists(tx.select({ one: sql`1` }).from(emailOptOuts).where(and(eq(emailOptOuts.kind, DIGEST_KIND), eq(emailOptOuts.email, sql`lower(${user.email})`)))),
              notYet('email', sql`${user.id}`),
            ),
          )
          .orderBy(asc(user.id))
          .limit(BATCH);
        let count = 0;
        for (const person of people) {
          const [mine] = await tx.insert(digestDeliveries).values({ weekStart: week.weekStart, channel: 'email', recipient: person.id, regionSlug: region.slug }).onConflictDoNothing().returning({ recipient: digestDeliveries.recipient });
          if (!mine) continue; // another run has it
          const links = await unsubscribeLinks(tx, person.email, DIGEST_KIND, env.PUBLIC_URL);
          await mailer.send({ to: person.email, kind: DIGEST_KIND, ...mail, secrets: { unsubscribe: links.page, oneClick: links.oneClick }, unsubscribeSecret: 'oneClick' }, tx);
          count++;
        }
        return { count, seen: people.length };
      });
      sent += queued.count;
      if (queued.seen < BATCH) break;
    }
    // By text, to the region's SMS subscribers (D29): kept in the outbox (channel sms) for the SMS sender.
    const text = weeklyDigestText({ regionName: region.name, gigs: list, regionUrl });
    for (;;) {
      stopIfStopping(stopping); // stopping: the run is left unfinished, for the next one to complete
      const queued = await db.transaction(async (tx) => {
        const phones = await tx
          .select({ phone: smsSubscribers.phone })
          .from(smsSubscribers)
          .where(and(eq(smsSubscribers.regionSlug, region.slug), sql`${smsSubscribers.unsubscribedAt} is null`, notYet('sms', sql`${smsSubscribers.phone}`)))
          .orderBy(asc(smsSubscribers.phone))
          .limit(BATCH);
        let count = 0;
        for (const { phone } of phones) {
          const [mine] = await tx.insert(digestDeliveries).values({ weekStart: week.weekStart, channel: 'sms', recipient: phone, regionSlug: region.slug }).onConflictDoNothing().returning({ recipient: digestDeliveries.recipient });
          if (!mine) continue;
          await sms.record({ to: phone, body: text, kind: DIGEST_KIND }, tx);
          count++;
        }
        return { count, seen: phones.length };
      });
      sent += queued.count;
      if (queued.seen < BATCH) break;
    }
  }
  await db
    .insert(digestRuns)
    .values({ regionSlug: region.slug, weekStart: week.weekStart, sent, completedAt: new Date() })
    .onConflictDoUpdate({ target: [digestRuns.regionSlug, digestRuns.weekStart], set: { sent: sql`${digestRuns.sent} + ${sent}`, completedAt: new Date() } });
  return sent;
}

/**
 * The digest job (every 15 minutes) and the admin's button: each region whose week's digest is
 * due (the hour from DIGEST_SCHEDULE in the region's own zone, default Monday 10:00-10:59) and not
 * yet done is sent;
 * `isForced` (the admin's button) sends every region now. Returns how many messages were queued.
 */
export async function sendWeeklyDigests(services: Deps, { now = new Date(), isForced = false }: { now?: Date; isForced?: boolean } = {}) {
  const schedule = parseDigestSchedule(services.env.DIGEST_SCHEDULE);
  const [allRegions, done] = await Promise.all([services.db.select().from(regions), services.db.select().from(digestRuns)]);
  let sent = 0;
  for (const region of allRegions) {
    const week = digestWeek(schedule, region.timeZone, now);
    const isDone = done.some((run) => run.regionSlug === region.slug && run.weekStart === week.weekStart && run.completedAt);
    if (isForced || (week.isDue && !isDone)) sent += await sendRegionDigest(services, region, week);
  }
  if (sent) services.logger.info({ sent }, 'weekly digest queued');
  return sent;
}

/** 'Send Test Digest': the digest of a region (the admin's own, else the default) to one address, recording nothing. */
export async function sendTestDigest({ db, mailer, env }: Deps, email: string, regionSlug: string) {
  const [region] = await db.select().from(regions).where(eq(regions.slug, regionSlug));
  const week = digestWeek(parseDigestSchedule(env.DIGEST_SCHEDULE), region!.timeZone, new Date());
  const list = await listDigestGigs(db, region!, week.today, week.lastDay, env.PUBLIC_URL);
  const mail = await weeklyDigestEmail({ regionName: region!.name, gigs: list, regionUrl: regionUrlOf(region!, env.PUBLIC_URL) });
  await mailer.send({ to: email, kind: 'weekly_digest_test', ...mail, subject: `[Test] ${mail.subject}`, secrets: { unsubscribe: `${env.PUBLIC_URL}/dashboard` } });
  return 1;
}
