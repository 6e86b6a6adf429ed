import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandProfiles, outreachPackages, regions, venueDirectory } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';
import { reachableIn, reachableVenue } from './reachable-venues.ts';

/**
 * What the outreach pages offer (spec 3 §2, §9): every location with its count of active venues
 * and of venues a campaign can e-mail, the packages of each kind, and whether the viewer's band
 * has the beta tool (D25). Prices are in cents (D9).
 */
export async function listOutreachOptions(db: Db, viewer: SessionUser) {
  const [locationRows, packages, [band]] = await Promise.all([
    db
      .select({
        slug: regions.slug,
        name: regions.name,
        activeVenues: sql<number>`(select count(*) from ${venueDirectory} where ${venueDirectory.regionSlug} = ${regions.slug} and ${venueDirectory.isActive})`.mapWith(Number),
      })
      .from(regions)
      .orderBy(asc(regions.sortOrder), asc(regions.name)),
    db.select().from(outreachPackages).orderBy(asc(outreachPackages.sortOrder)),
    viewer.role === 'band' ? db.select({ name: bandProfiles.name, hasBetaOutreach: bandProfiles.hasBetaOutreach }).from(bandProfiles).where(eq(bandProfiles.userId, viewer.id)) : Promise.resolve([]),
  ]);
  const reachable = await db.select({ slug: venueDirectory.regionSlug, n: count() }).from(venueDirectory).where(reachableVenue()).groupBy(venueDirectory.regionSlug);
  const reachableBySlug = new Map(reachable.map((r) => [r.slug, r.n]));
  return {
    locations: locationRows.map((l) => ({ ...l, venuesWithEmail: reachableBySlug.get(l.slug) ?? 0 })),
    packages: packages.map((p) => ({ id: p.id, kind: p.kind, outreachType: p.outreachType, name: p.name, priceCents: p.priceCents, description: p.description, venueLimit: p.venueLimit, features: p.features, allowsCustomMessage: p.allowsCustomMessage, hasFollowUp: p.hasFollowUp })),
    band: band ? { name: band.name, hasBetaOutreach: band.hasBetaOutreach } : null,
  };
}

/** Spec 3 §5: a campaign reaches the smaller of the venues it can e-mail and the package's limit. */
export async function countReach(db: Db, regionSlug: string, venueLimit: number) {
  const [row] = await db.select({ n: count() }).from(venueDirectory).where(reachableIn(regionSlug));
  return Math.min(row?.n ?? 0, venueLimit);
}
