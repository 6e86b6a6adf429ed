import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs, managedArtists, regions, venueProfiles } from '../../db/schema.ts';
import { ADMIN_PAGE_SIZE, containing } from './admin-search.ts';

/** Every gig, latest date first, a page at a time, searchable by venue, band or region. */
export async function listAllGigs(db: Db, { q, page }: { q?: string; page: number }) {
  const where = q
    ? or(ilike(venueProfiles.name, containing(q)), ilike(bandProfiles.name, containing(q)), ilike(managedArtists.name, containing(q)), ilike(regions.name, containing(q)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: gigs.id,
        localDate: gigs.localDate,
        startTime: gigs.startTime,
        isApproved: gigs.isApproved,
        isTicketed: gigs.isTicketed,
        ticketsSold: gigs.ticketsSold,
        venueName: venueProfiles.name,
        bandName: sql<string | null>`coalesce(${bandProfiles.name}, ${managedArtists.name})`,
        regionName: regions.name,
      })
      .from(gigs)
      .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
      .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
      .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
      .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
      .where(where)
      .orderBy(desc(gigs.localDate), desc(gigs.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(gigs)
      .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
      .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
      .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
      .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
      .where(where),
  ]);
  return { gigs: rows, page, pageSize: ADMIN_PAGE_SIZE, total: total?.n ?? 0 };
}
