import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { FOLLOW_UP_AFTER_DAYS } from '../../../core/outreach.ts';
import { bandProfiles, outbox, outreachCampaigns, outreachEmails, outreachPackages, regions, venueDirectory } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { reachableIn, venueEmail } from './reachable-venues.ts';
import { awaitingFollowUp } from './send-outreach-follow-ups.ts';

const campaignColumns = {
  id: outreachCampaigns.id,
  createdAt: outreachCampaigns.createdAt,
  packageId: outreachCampaigns.packageId,
  packageName: outreachPackages.name,
  kind: outreachPackages.kind,
  outreachType: outreachPackages.outreachType,
  priceCents: outreachPackages.priceCents,
  regionSlug: outreachCampaigns.regionSlug,
  location: regions.name,
  status: outreachCampaigns.status,
  venuesTargeted: outreachCampaigns.venuesTargeted,
  venuesReached: outreachCampaigns.venuesReached,
  responses: outreachCampaigns.responses,
  isTest: outreachCampaigns.isTest,
  // The follow-up a package advertises (issue 21): how many venues got it, and when it is due
  // (a week after the campaign's first e-mail was handed over).
  hasFollowUp: outreachPackages.hasFollowUp,
  followUpsSent: sql<number>`case when ${outreachPackages.hasFollowUp} then (select count(*) from ${outreachEmails} where ${outreachEmails.campaignId} = ${outreachCampaigns.id} and ${outreachEmails.followedUpAt} is not null) else 0 end`.mapWith(Number),
  followUpsPending: sql<number>`case when ${outreachPackages.hasFollowUp} then (select count(*) from ${outreachEmails} inner join ${outbox} on ${outbox.id} = ${outreachEmails.outboxId} inner join ${venueDirectory} on ${venueDirectory.id} = ${outreachEmails.venueDirectoryId} where ${outreachEmails.campaignId} = ${outreachCampaigns.id} and ${awaitingFollowUp()}) else 0 end`.mapWith(Number),
  followUpDueAt: sql<string | null>`case when ${outreachPackages.hasFollowUp} and not ${outreachCampaigns.isTest} then (select min(coalesce(${outbox.sentAt}, ${outbox.createdAt})) + make_interval(days => ${sql.raw(String(FOLLOW_UP_AFTER_DAYS))}) from ${outreachEmails} join ${outbox} on ${outbox.id} = ${outreachEmails.outboxId} where ${outreachEmails.campaignId} = ${outreachCampaigns.id}) end`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value).toISOString()),
  ),
};

/**
 * Where a campaign's follow-up stands (issue 21): scheduled (due later), going out (due, and
 * venues still to get it: the job looks every 15 minutes), sent (to followUpsSent venues), or not
 * needed (every venue answered or opted out first). Null for packages without one and for tests.
 */
function withFollowUpState<T extends { hasFollowUp: boolean; isTest: boolean; followUpsSent: number; followUpsPending: number; followUpDueAt: string | null }>({ followUpsPending, ...campaign }: T) {
  const due = campaign.followUpDueAt ? new Date(campaign.followUpDueAt).getTime() : null;
  const followUp =
    !campaign.hasFollowUp || campaign.isTest || due === null
      ? null
      : followUpsPending > 0
        ? due > Date.now()
          ? ('scheduled' as const)
          : ('going_out' as const)
        : campaign.followUpsSent > 0
          ? ('sent' as const)
          : ('not_needed' as const);
  return { ...campaign, followUp };
}

/** Campaigns under way or done: an unpaid checkout for an hour, never an offer a band has not agreed to (issue 34). */
const isListed = () => sql`(${outreachCampaigns.status} not in ('pending', 'awaiting_band', 'declined') or (${outreachCampaigns.status} = 'pending' and ${outreachCampaigns.createdAt} > now() - interval '1 hour'))`;

/** A band's own campaigns, newest first (spec 3 §7): only ever the caller's, with those a sponsor paid for. Unpaid checkouts are left out. */
export async function listBandCampaigns(db: Db, bandId: string, { kind, limit = 50 }: { kind?: 'standard' | 'beta' | 'single'; limit?: number } = {}) {
  const campaigns = await db
    .select(campaignColumns)
    .from(outreachCampaigns)
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .where(and(eq(outreachCampaigns.bandId, bandId), isListed(), kind ? eq(outreachPackages.kind, kind) : undefined))
    .orderBy(desc(outreachCampaigns.createdAt))
    .limit(limit);
  return campaigns.map((c) => withFollowUpState(c));
}

/** The admin's view of every band's campaigns, newest first, with the band's name. */
export async function listAllCampaigns(db: Db, { limit = 50 }: { limit?: number } = {}) {
  const campaigns = await db
    .select({ ...campaignColumns, bandName: bandProfiles.name })
    .from(outreachCampaigns)
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .innerJoin(bandProfiles, eq(bandProfiles.userId, outreachCampaigns.bandId))
    .where(isListed())
    .orderBy(desc(outreachCampaigns.createdAt))
    .limit(limit);
  return campaigns.map((c) => withFollowUpState(c));
}

/** /outreach-success: the campaign a checkout paid for, if it is the caller's (its band's, or its sponsor's). */
export async function findCampaignBySession(db: Db, userId: string, sessionId: string) {
  const [campaign] = await db
    .select(campaignColumns)
    .from(outreachCampaigns)
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .where(and(eq(outreachCampaigns.providerSessionId, sessionId), or(eq(outreachCampaigns.bandId, userId), eq(outreachCampaigns.sponsorId, userId))));
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign was not found.');
  return withFollowUpState(campaign);
}

/** The dashboard's venue preview (spec 3 §2): the first 10 venues a campaign would e-mail. */
export async function previewVenues(db: Db, regionSlug: string, limit: number) {
  return db
    .select({ id: venueDirectory.id, name: venueDirectory.name, venueType: venueDirectory.venueType, city: venueDirectory.city, state: venueDirectory.state, hasEmail: sql<boolean>`${venueEmail} is not null` })
    .from(venueDirectory)
    .where(reachableIn(regionSlug))
    .orderBy(asc(venueDirectory.name))
    .limit(limit);
}
