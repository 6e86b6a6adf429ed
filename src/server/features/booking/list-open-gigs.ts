import { and, asc, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ALL_REGIONS, type OpenGigFilters } from '../../../core/schemas/open-gig-filters.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigApplications, gigs, managedArtists, regions, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';

export const OPEN_GIGS_PAGE_SIZE = 25;

const isOpenAndUpcoming = and(
  eq(gigs.isApproved, false),
  sql`${gigs.localDate} >= (now() at time zone 'Etc/GMT+12')::date`,
  sql`${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date`,
)!;

const bookedGig = alias(gigs, 'booked_gig');
/** A LIKE pattern that finds the text anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The filters (decision 41). Gigs have no genre of their own: a genre matches a gig whose
 * description names it, or whose venue has booked a band of that genre. Pay is what the gig
 * offers: a share of Marquee ticket sales, or a fee written in dollars in its compensation.
 */
function filterCondition(sessionUser: SessionUser, filters: OpenGigFilters): { region: string; condition: SQL } {
  const region = filters.region ?? sessionUser.location;
  const conditions: SQL[] = [isOpenAndUpcoming];
  if (region !== ALL_REGIONS) conditions.push(eq(gigs.regionSlug, region));
  if (filters.from) conditions.push(gte(gigs.localDate, filters.from));
  if (filters.to) conditions.push(lte(gigs.localDate, filters.to));
  if (filters.genre) {
    const pattern = containing(filters.genre);
    conditions.push(sql`(${gigs.description} ilike ${pattern} or exists (
      select 1 from ${gigs} as ${sql.identifier('booked_gig')} inner join ${bandProfiles} on ${bandProfiles.userId} = ${bookedGig.bandId}
      where ${bookedGig.venueId} = ${gigs.venueId} and ${bookedGig.isApproved}
        and exists (select 1 from unnest(${bandProfiles.genres}) as genre where genre ilike ${pattern})))`);
  }
  if (filters.pay === 'ticketed') conditions.push(eq(gigs.isTicketed, true));
  if (filters.pay === 'fee') conditions.push(sql`${gigs.compensation} ~ '\\$\\s*[0-9]'`);
  return { region, condition: and(...conditions)! };
}

/**
 * Open gig opportunities for a band or an artist manager (spec 2 §2), filtered (in the applicant's
 * own region unless another is chosen), with the applicant's own application states: a band's one
 * status per gig, a manager's one per artist who applied. Four queries per page at most: the gigs,
 * the count, a manager's artists, and the applicant's applications on the page's gigs.
 */
export async function listOpenGigs(db: Db, sessionUser: SessionUser, filters: OpenGigFilters) {
  if (sessionUser.role !== 'band' && sessionUser.role !== 'artist_manager') throw new AppError('FORBIDDEN', 'Only bands and artist managers apply to gigs.');
  const { page } = filters;
  const { region, condition } = filterCondition(sessionUser, filters);
  const base = db
    .select({
      id: gigs.id,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
      regionName: regions.name,
      description: gigs.description,
      loadInSoundCheck: gigs.loadInSoundCheck,
      compensation: gigs.compensation,
      coverCharge: gigs.coverCharge,
      isTicketed: gigs.isTicketed,
      ticketPriceCents: gigs.ticketPriceCents,
      bandPercent: gigs.bandPercent,
      venueName: venueProfiles.name,
      venueAddress: venueProfiles.address,
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .where(condition)
    .orderBy(asc(gigs.localDate), asc(gigs.startTime), asc(gigs.id))
    .limit(OPEN_GIGS_PAGE_SIZE)
    .offset((page - 1) * OPEN_GIGS_PAGE_SIZE);
  const [rows, [total], artists] = await Promise.all([
    base,
    db.select({ n: count() }).from(gigs).innerJoin(regions, eq(regions.slug, gigs.regionSlug)).where(condition),
    sessionUser.role === 'artist_manager'
      ? db
          .select({ id: managedArtists.id, name: managedArtists.name, genre: managedArtists.genre, description: managedArtists.description, imageUrl: managedArtists.imageUrl })
          .from(managedArtists)
          .where(eq(managedArtists.managerId, sessionUser.id))
          .orderBy(asc(managedArtists.position), asc(managedArtists.addedAt), asc(managedArtists.id))
      : Promise.resolve([]),
  ]);
  const gigIds = rows.map((r) => r.id);
  const isBand = sessionUser.role === 'band';
  const mine = gigIds.length
    ? await db
        .select({ gigId: gigApplications.gigId, status: gigApplications.status, artistId: gigApplications.managedArtistId, artistName: managedArtists.name })
        .from(gigApplications)
        .leftJoin(managedArtists, eq(managedArtists.id, gigApplications.managedArtistId))
        .where(
          and(
            isBand ? eq(gigApplications.bandId, sessionUser.id) : eq(gigApplications.managerId, sessionUser.id),
            sql`${gigApplications.gigId} in ${gigIds}`,
          ),
        )
    : [];
  return {
    page,
    pageSize: OPEN_GIGS_PAGE_SIZE,
    /** The region listed: the one chosen, or the applicant's own. */
    region,
    total: total?.n ?? 0,
    /** A manager's artists, to choose who applies. */
    artists,
    gigs: rows.map((gig) => ({
      ...gig,
      applications: mine.filter((a) => a.gigId === gig.id).map((a) => ({ status: a.status, artistId: a.artistId, artistName: a.artistName })),
    })),
  };
}

/** A band's or manager's own applications, newest first, with what became of them. */
export async function listMyApplications(db: Db, sessionUser: SessionUser) {
  if (sessionUser.role !== 'band' && sessionUser.role !== 'artist_manager') throw new AppError('FORBIDDEN', 'Only bands and artist managers apply to gigs.');
  return db
    .select({
      id: gigApplications.id,
      status: gigApplications.status,
      gigId: gigs.id,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
      venueName: venueProfiles.name,
      artistName: managedArtists.name,
    })
    .from(gigApplications)
    .innerJoin(gigs, eq(gigs.id, gigApplications.gigId))
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigApplications.managedArtistId))
    .where(sessionUser.role === 'band' ? eq(gigApplications.bandId, sessionUser.id) : eq(gigApplications.managerId, sessionUser.id))
    .orderBy(sql`${gigApplications.createdAt} desc`)
    .limit(100);
}
