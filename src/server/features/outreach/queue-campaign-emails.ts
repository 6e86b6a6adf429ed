import { randomBytes } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outreachCampaigns, outreachEmails, outreachPackages, venueDirectory } from '../../db/schema.ts';
import { reachableIn, venueEmail } from './reachable-venues.ts';

/**
 * Chooses a paid campaign's venues, once (D26): up to the package's limit of the location's
 * reachable venues, in name order, one row per venue with its own response token. Run in the
 * transaction that marks the campaign processing; the send job works through the rows.
 */
export async function queueCampaignEmails(tx: DbOrTx, campaignId: string) {
  const [campaign] = await tx
    .select({ regionSlug: outreachCampaigns.regionSlug, venueLimit: outreachPackages.venueLimit })
    .from(outreachCampaigns)
    .innerJoin(outreachPackages, eq(outreachPackages.id, outreachCampaigns.packageId))
    .where(eq(outreachCampaigns.id, campaignId));
  // One e-mail per address: entries sharing a booking address (an agent's) are written to once.
  const candidates = await tx
    .select({ id: venueDirectory.id, email: venueEmail })
    .from(venueDirectory)
    .where(reachableIn(campaign!.regionSlug))
    .orderBy(asc(venueDirectory.name), asc(venueDirectory.id));
  const addresses = new Set<string>();
  const venues = candidates.filter((v) => !addresses.has(v.email.toLowerCase()) && addresses.add(v.email.toLowerCase())).slice(0, campaign!.venueLimit);
  if (venues.length) {
    await tx
      .insert(outreachEmails)
      .values(venues.map((v) => ({ campaignId, venueDirectoryId: v.id, toEmail: v.email, responseToken: randomBytes(24).toString('base64url') })))
      .onConflictDoNothing();
  }
  const [queued] = await tx.select({ n: count() }).from(outreachEmails).where(eq(outreachEmails.campaignId, campaignId));
  await tx.update(outreachCampaigns).set({ venuesTargeted: queued?.n ?? 0, updatedAt: new Date() }).where(eq(outreachCampaigns.id, campaignId));
}
