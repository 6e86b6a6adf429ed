import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { bandProfiles, gigs, managedArtists, regions, venueProfiles } from './schema.ts';

/** What a show is called on tickets, e-mails and pages: its band, else its managed artist, else 'Live music'. */
export const showName = sql<string>`coalesce(${bandProfiles.name}, ${managedArtists.name}, 'Live music')`;

/** What e-mails, pages and passes say of a gig's show: when, where, and what it is called. */
export const showColumns = {
  gigId: gigs.id,
  startsAt: gigs.startsAt,
  localDate: gigs.localDate,
  startTime: gigs.startTime,
  endTime: gigs.endTime,
  timeZone: regions.timeZone,
  venueName: venueProfiles.name,
  venueAddress: venueProfiles.address,
  showName,
};

/**
 * Joins what `showName` and `showColumns` read to a query that already has `gigs`: its region, its
 * venue, and its band or managed artist (either may be missing).
 */
export function joinShow<T extends PgSelect>(query: T) {
  return query
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId));
}
