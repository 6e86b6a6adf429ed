import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { bandProfiles, gigApplications, gigs, managedArtists, managerProfiles, promoterProfiles, regions, user, venueProfiles } from '../../db/schema.ts';
import { applicationOutcomeEmail } from '../../mail/emails/application-outcome.ts';
import type { Services } from '../../services.ts';

const BATCH = 50;

/**
 * Decision 37: once a gig is booked, each of its applicants hears the outcome by e-mail, once:
 * the chosen one that it is booked, every other (turned down by the approval or before it) that
 * another act got the date. Applications are claimed with SKIP LOCKED and marked mailed in the
 * transaction that writes their e-mails to the outbox, so a job that runs twice, or two workers
 * at once, write each e-mail once.
 */
export async function mailApplicationOutcomes({ db, mailer, env }: Pick<Services, 'db' | 'mailer' | 'env'>): Promise<number> {
  let mailed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: gigApplications.id,
          status: gigApplications.status,
          email: user.email,
          bandName: bandProfiles.name,
          artistName: managedArtists.name,
          managerName: managerProfiles.name,
          localDate: gigs.localDate,
          startTime: gigs.startTime,
          endTime: gigs.endTime,
          timeZone: regions.timeZone,
          venueName: venueProfiles.name,
          venueAddress: venueProfiles.address,
          promoterName: promoterProfiles.name,
        })
        .from(gigApplications)
        .innerJoin(gigs, eq(gigs.id, gigApplications.gigId))
        .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
        .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
        .leftJoin(promoterProfiles, eq(promoterProfiles.userId, gigs.promoterId))
        .leftJoin(bandProfiles, eq(bandProfiles.userId, gigApplications.bandId))
        .leftJoin(managedArtists, eq(managedArtists.id, gigApplications.managedArtistId))
        .leftJoin(managerProfiles, eq(managerProfiles.userId, gigApplications.managerId))
        // The account that applied: the band, or the manager for its artist.
        .innerJoin(user, eq(user.id, sql`coalesce(${gigApplications.bandId}, ${gigApplications.managerId})`))
        // An applicant turned down while the gig is still open hears once it is booked.
        .where(and(isNull(gigApplications.outcomeMailedAt), ne(gigApplications.status, 'pending'), eq(gigs.isApproved, true)))
        .orderBy(asc(gigApplications.updatedAt), asc(gigApplications.id))
        .limit(BATCH)
        .for('update', { of: gigApplications, skipLocked: true });
      if (rows.length === 0) return 0;
      const dashboardUrl = `${env.PUBLIC_URL}/dashboard`;
      for (const row of rows) {
        const actName = row.bandName ?? row.artistName ?? 'your act';
        const mail = await applicationOutcomeEmail({
          isBooked: row.status === 'accepted',
          greetingName: row.bandName ?? row.managerName ?? actName,
          actName,
          where: row.venueAddress ? `${row.venueName} (${row.venueAddress})` : row.venueName,
          venueName: row.venueName,
          organiserName: row.promoterName ?? row.venueName,
          when: `${formatLocalDate(row.localDate)}, ${formatTimeRange(row.localDate, row.startTime, row.endTime, row.timeZone)}`,
          dashboardUrl,
        });
        await mailer.send({ to: row.email, kind: 'application_outcome', ...mail }, tx);
      }
      await tx
        .update(gigApplications)
        .set({ outcomeMailedAt: new Date() })
        .where(inArray(gigApplications.id, rows.map((r) => r.id)));
      return rows.length;
    });
    if (count === 0) return mailed;
    mailed += count;
  }
}
