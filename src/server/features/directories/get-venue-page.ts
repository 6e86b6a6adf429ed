import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { regions, user, venueProfiles } from '../../db/schema.ts';
import { isPublicAccount, listUpcomingPublicGigs, storedPostalAddress } from '../discovery/public-gigs.ts';
import { findIdByName } from '../sites/find-by-name.ts';

export const VENUE_PAGE_GIG_LIMIT = 50;

/**
 * The venue page's own statements, built once per database and prepared (issue 22, the door's
 * pattern): the slug lookup and the venue with its region run on every uncached venue page.
 * A banned venue is not found by any of them (issue 33).
 */
function prepareStatements(db: Db) {
  return {
    byId: db
      .select({ id: venueProfiles.userId })
      .from(venueProfiles)
      .where(and(eq(venueProfiles.userId, sql.placeholder('id')), isPublicAccount(venueProfiles.userId)))
      .prepare('marquee_venue_by_id'),
    bySlug: db
      .select({ id: venueProfiles.userId })
      .from(venueProfiles)
      .where(and(eq(venueProfiles.slug, sql.placeholder('slug')), isPublicAccount(venueProfiles.userId)))
      .prepare('marquee_venue_by_slug'),
    venue: db
      .select({
        id: venueProfiles.userId,
        name: venueProfiles.name,
        slug: venueProfiles.slug,
        address: venueProfiles.address,
        postalAddress: storedPostalAddress,
        contactEmail: venueProfiles.contactEmail,
        phone: venueProfiles.phone,
        website: venueProfiles.website,
        instagramUrl: venueProfiles.instagramUrl,
        facebookUrl: venueProfiles.facebookUrl,
        youtubeUrl: venueProfiles.youtubeUrl,
        imageUrl: venueProfiles.imageUrl,
        regionSlug: regions.slug,
        regionName: regions.name,
        timeZone: regions.timeZone,
      })
      .from(venueProfiles)
      .innerJoin(user, eq(user.id, venueProfiles.userId))
      .innerJoin(regions, eq(regions.slug, user.location))
      .where(and(eq(venueProfiles.userId, sql.placeholder('id')), isPublicAccount(venueProfiles.userId)))
      .prepare('marquee_venue_page'),
  };
}
const statementsFor = oncePerDatabase(prepareStatements);

/** The venue's id from navigation state, else its slug, else the bands' name matching (spec 1 §2). */
export async function resolveVenueId(db: Db, { id, slugOrName }: { id?: string; slugOrName: string }): Promise<string | undefined> {
  const statements = statementsFor(db);
  if (id) {
    const [found] = await statements.byId.execute({ id });
    if (found) return found.id;
  }
  const [bySlug] = await statements.bySlug.execute({ slug: slugOrName });
  if (bySlug) return bySlug.id;
  return findIdByName(db, venueProfiles, { id: venueProfiles.userId, name: venueProfiles.name, slug: venueProfiles.slug }, slugOrName);
}

/** Venue public page: the venue and its upcoming performances (Featured Shows are the first 4). */
export async function getVenuePage(db: Db, venueId: string) {
  const [[venue], upcoming] = await Promise.all([
    statementsFor(db).venue.execute({ id: venueId }),
    listUpcomingPublicGigs(db, 'venue', venueId, VENUE_PAGE_GIG_LIMIT),
  ]);
  return venue ? { venue, gigs: upcoming } : null;
}

/** The venue page from navigation state or a name, or null when no venue matches. */
export async function findVenuePage(db: Db, ref: { id?: string; slugOrName: string }) {
  const id = await resolveVenueId(db, ref);
  return id ? getVenuePage(db, id) : null;
}
