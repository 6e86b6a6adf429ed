import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outreachCampaigns, outreachPackages, regions, venueDirectory } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { reachableIn, venueEmail } from './reachable-venues.ts';

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
};

/** A band's own campaigns, newest first (spec 3 §7): only ever the caller's. Unpaid checkouts are left out. */
export async function listBandCampaigns(db: Db, bandId: string, { kind, limit = 50 }: { kind?: 'standard' | 'beta' | 'single'; limit?: number } = {}) {
  return db
    .select(campaignColumns)
    .from(outreachCampaigns)
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .where(and(eq(outreachCampaigns.bandId, bandId), sql`(${outreachCampaigns.status} <> 'pending' or ${outreachCampaigns.createdAt} > now() - interval '1 hour')`, kind ? eq(outreachPackages.kind, kind) : undefined))
    .orderBy(desc(outreachCampaigns.createdAt))
    .limit(limit);
}

/** /outreach-success: the campaign a checkout paid for, if it is the caller's. */
export async function findCampaignBySession(db: Db, bandId: string, sessionId: string) {
  const [campaign] = await db
    .select(campaignColumns)
    .from(outreachCampaigns)
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .innerJoin(regions, eq(regions.slug, outreachCampaigns.regionSlug))
    .where(and(eq(outreachCampaigns.providerSessionId, sessionId), eq(outreachCampaigns.bandId, bandId)));
  if (!campaign) throw new AppError('NOT_FOUND', 'That campaign was not found.');
  return campaign;
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
