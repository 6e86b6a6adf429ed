import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { outbox, outreachCampaigns, outreachEmails, outreachPackages, regions, venueDirectory } from '../../db/schema.ts';
import { stopIfStopping } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { mintVenueOptOutToken } from './answer-outreach.ts';
import { venueOutreachEmail, type OutreachKind } from '../../mail/emails/venue-outreach.ts';
import { loadBandPitch, venueLinkSecrets } from './outreach-email.ts';
import { reachableVenue } from './reachable-venues.ts';

const BATCH = 25;
type Deps = Pick<Services, 'db' | 'mailer' | 'env' | 'logger'> & Partial<Pick<Services, 'stopping'>>;

/**
 * Works through campaigns that are paid and not finished (D26), run by the job queue after each
 * payment and every minute. Each venue's e-mail is written to the outbox in the same transaction
 * that marks its row sent, and rows are claimed FOR UPDATE SKIP LOCKED: a crash or restart in the
 * middle of a campaign, or two workers at once, never e-mail a venue twice, and the next run
 * carries on where the last stopped. A venue that opted out meanwhile is skipped. The campaign is
 * completed when every e-mail has been handed to the mail transport (stored in the outbox, or
 * sent by SMTP when it is configured); venuesReached counts them.
 */
export async function sendOutreachCampaigns(services: Deps, { campaignId }: { campaignId?: string } = {}): Promise<number> {
  const open = await services.db
    .select({ id: outreachCampaigns.id })
    .from(outreachCampaigns)
    .where(and(eq(outreachCampaigns.status, 'processing'), campaignId ? eq(outreachCampaigns.id, campaignId) : undefined))
    .orderBy(asc(outreachCampaigns.updatedAt))
    .limit(20);
  let sent = 0;
  for (const { id } of open) sent += await sendCampaign(services, id);
  return sent;
}

async function sendCampaign({ db, mailer, env, logger, stopping }: Deps, campaignId: string): Promise<number> {
  const [campaign] = await db
    .select({
      bandId: outreachCampaigns.bandId,
      isTest: outreachCampaigns.isTest,
      testRecipientEmail: outreachCampaigns.testRecipientEmail,
      customMessage: outreachCampaigns.customMessage,
      bandDraw: outreachCampaigns.bandDraw,
      outreachType: outreachPackages.outreachType,
      locationName: regions.name,
    })
    .from(outreachCampaigns)
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .where(eq(outreachCampaigns.id, campaignId));
  const band = campaign && (await loadBandPitch(db, campaign.bandId, env.PUBLIC_URL));
  if (!campaign || !band) return 0;
  const kind: OutreachKind = campaign.outreachType ?? 'booking';

  let sent = 0;
  for (;;) {
    stopIfStopping(stopping); // the instance is stopping: the job goes back to the queue, to carry on from here
    const handed = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ email: outreachEmails, venue: { id: venueDirectory.id, name: venueDirectory.name, contactPerson: venueDirectory.contactPerson }, isReachable: sql<boolean>`${reachableVenue()}` })
        .from(outreachEmails)
        .innerJoin(venueDirectory, eq(venueDirectory.id, outreachEmails.venueDirectoryId))
        .where(and(eq(outreachEmails.campaignId, campaignId), isNull(outreachEmails.outboxId)))
        .orderBy(asc(outreachEmails.id))
        .limit(BATCH)
        .for('update', { of: outreachEmails, skipLocked: true });
      for (const { email, venue, isReachable } of rows) {
        if (!isReachable) {
          // Opted out (or made inactive) after the campaign was paid: never e-mailed.
          await tx.delete(outreachEmails).where(eq(outreachEmails.id, email.id));
          continue;
        }
        const message = await venueOutreachEmail({ kind, band, venueName: venue.name, contactPerson: venue.contactPerson, locationName: campaign.locationName, customMessage: campaign.customMessage, bandDraw: campaign.bandDraw });
        const { id: outboxId } = await mailer.send(
          {
            to: campaign.isTest && campaign.testRecipientEmail ? campaign.testRecipientEmail : email.toEmail,
            replyTo: band.email,
            kind: campaign.isTest ? 'venue_outreach_test' : 'venue_outreach',
            ...message,
            // A test run's e-mails all reach the admin: their links must not answer or opt out for the real venue.
            ...(campaign.isTest
              ? { secrets: { respond: `${env.PUBLIC_URL}/dashboard`, optout: `${env.PUBLIC_URL}/dashboard` } }
              : venueLinkSecrets(env.PUBLIC_URL, email.responseToken, await mintVenueOptOutToken(tx, venue.id))),
          },
          tx,
        );
        await tx.update(outreachEmails).set({ outboxId }).where(eq(outreachEmails.id, email.id));
      }
      return rows.length;
    });
    if (handed === 0) break;
    sent += handed;
  }
  if (mailer.usesSmtp) await mailer.deliverQueued();

  // Reached: handed to the transport (stored in the outbox, or sent over SMTP). Done when no
  // e-mail is left unwritten or still waiting for SMTP.
  const [tally] = await db
    .select({
      total: count(),
      unwritten: sql<number>`count(*) filter (where ${outreachEmails.outboxId} is null)`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${outbox.status} in ('queued', 'sending'))`.mapWith(Number),
      reached: sql<number>`count(*) filter (where ${outbox.status} in ('stored', 'sent'))`.mapWith(Number),
    })
    .from(outreachEmails)
    .leftJoin(outbox, eq(outbox.id, outreachEmails.outboxId))
    .where(eq(outreachEmails.campaignId, campaignId));
  const isDone = tally!.unwritten === 0 && tally!.waiting === 0;
  await db
    .update(outreachCampaigns)
    .set({ venuesReached: tally!.reached, venuesTargeted: tally!.total, updatedAt: new Date(), ...(isDone ? { status: campaign.isTest ? 'completed_test' : 'completed' } : {}) })
    .where(and(eq(outreachCampaigns.id, campaignId), eq(outreachCampaigns.status, 'processing')));
  if (isDone) logger.info({ campaignId, reached: tally!.reached }, 'outreach campaign completed');
  return sent;
}

/** Rows a test can inspect: which venues a campaign e-mailed. */
export async function listCampaignRecipients(db: Deps['db'], campaignId: string) {
  return db
    .select({ venueId: outreachEmails.venueDirectoryId, toEmail: outreachEmails.toEmail, outboxTo: outbox.toAddress })
    .from(outreachEmails)
    .leftJoin(outbox, eq(outbox.id, outreachEmails.outboxId))
    .where(and(eq(outreachEmails.campaignId, campaignId), isNotNull(outreachEmails.outboxId)));
}
