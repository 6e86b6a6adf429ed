import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { FOLLOW_UP_AFTER_DAYS } from '../../../core/outreach.ts';
import { outbox, outreachCampaigns, outreachEmails, outreachPackages, regions, venueDirectory } from '../../db/schema.ts';
import { stopIfStopping } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { mintVenueOptOutToken } from './answer-outreach.ts';
import { venueOutreachEmail, type BandPitch } from '../../mail/emails/venue-outreach.ts';
import { loadBandPitch, venueLinkSecrets } from './outreach-email.ts';
import { reachableVenue, venueEmail } from './reachable-venues.ts';

const BATCH = 25;

/**
 * A campaign e-mail still owed its follow-up, once due (joined with its outbox row and venue):
 * handed over, not followed up, not answered, and its venue still reachable at the same address.
 */
export function awaitingFollowUp(): SQL {
  return and(
    isNull(outreachEmails.followedUpAt),
    isNull(outreachEmails.respondedAt),
    inArray(outbox.status, ['stored', 'sent']),
    reachableVenue(),
    sql`lower(${venueEmail}) = lower(${outreachEmails.toEmail})`,
  )!;
}
const DAY_MS = 24 * 60 * 60 * 1000;
type Deps = Pick<Services, 'db' | 'mailer' | 'env'> & Partial<Pick<Services, 'stopping'>>;

/**
 * The follow-up a package advertises ('Follow-up after 1 week', Opener Premium; issue 21), run by
 * the job queue on a schedule. A venue gets it once its first e-mail has been handed over
 * FOLLOW_UP_AFTER_DAYS days, when it has neither answered nor opted out and its address is still
 * the one written to. Rows are claimed FOR UPDATE SKIP LOCKED and the follow-up is written to the
 * outbox in the transaction that marks the row followed up, so a second run, or a run on another
 * instance at the same moment, never sends a venue a second follow-up. Test campaigns get none.
 */
export async function sendOutreachFollowUps({ db, mailer, env, stopping }: Deps, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const handedBefore = new Date(now.getTime() - FOLLOW_UP_AFTER_DAYS * DAY_MS);
  const bands = new Map<string, BandPitch | null>();
  let sent = 0;
  for (;;) {
    stopIfStopping(stopping);
    const { claimed, written } = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: outreachEmails.id,
          toEmail: outreachEmails.toEmail,
          responseToken: outreachEmails.responseToken,
          venueId: venueDirectory.id,
          venueName: venueDirectory.name,
          contactPerson: venueDirectory.contactPerson,
          bandId: outreachCampaigns.bandId,
          customMessage: outreachCampaigns.customMessage,
          bandDraw: outreachCampaigns.bandDraw,
          outreachType: outreachPackages.outreachType,
          locationName: regions.name,
        })
        .from(outreachEmails)
        .innerJoin(outreachCampaigns, eq(outreachCampaigns.id, outreachEmails.campaignId))
        .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
        .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
        .innerJoin(outbox, eq(outbox.id, outreachEmails.outboxId))
        .innerJoin(venueDirectory, eq(venueDirectory.id, outreachEmails.venueDirectoryId))
        .where(
          and(
            eq(outreachPackages.hasFollowUp, true),
            eq(outreachCampaigns.isTest, false),
            awaitingFollowUp(),
            lte(sql`coalesce(${outbox.sentAt}, ${outbox.createdAt})`, handedBefore),
          ),
        )
        .orderBy(asc(outreachEmails.id))
        .limit(BATCH)
        .for('update', { of: outreachEmails, skipLocked: true });
      let written = 0;
      for (const row of rows) {
        if (!bands.has(row.bandId)) bands.set(row.bandId, await loadBandPitch(tx, row.bandId, env.PUBLIC_URL));
        const band = bands.get(row.bandId);
        if (!band) continue;
        const message = await venueOutreachEmail({
          kind: row.outreachType ?? 'booking',
          band,
          venueName: row.venueName,
          contactPerson: row.contactPerson,
          locationName: row.locationName,
          customMessage: row.customMessage,
          bandDraw: row.bandDraw,
          isFollowUp: true,
        });
        // The same 'I'm interested' link as the first e-mail (the row's token); the opt-out link is a
        // fresh token for the same venue, as each e-mail's is (only hashes are kept, decision 36).
        const { id: outboxId } = await mailer.send(
          { to: row.toEmail, replyTo: band.email, kind: 'venue_outreach_follow_up', ...message, ...venueLinkSecrets(env.PUBLIC_URL, row.responseToken, await mintVenueOptOutToken(tx, row.venueId)) },
          tx,
        );
        await tx.update(outreachEmails).set({ followUpOutboxId: outboxId, followedUpAt: now }).where(eq(outreachEmails.id, row.id));
        written++;
      }
      return { claimed: rows.length, written };
    });
    sent += written;
    if (claimed < BATCH || written === 0) break;
  }
  if (sent && mailer.usesSmtp) await mailer.deliverQueued();
  return sent;
}
