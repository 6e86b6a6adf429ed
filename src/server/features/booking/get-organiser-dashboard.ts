import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigApplications, gigs, managedArtists, managerProfiles, regions, venueProfiles } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';
import { asOrganiser, listPostableVenues, organisedBy } from './gig-ownership.ts';


/**
 * A venue's or promoter's dashboard (spec 2 §2): its gigs sorted into the three tabs, each with
 * its applicants, and the venues it may post for. Three queries however many gigs and
 * applicants there are: gigs, applications, venues.
 */
export async function getOrganiserDashboard(db: Db, sessionUser: SessionUser) {
  const organiser = asOrganiser(sessionUser);
  const [gigRows, applicationRows, venues] = await Promise.all([
    db
      .select({
        id: gigs.id,
        localDate: gigs.localDate,
        startTime: gigs.startTime,
        endTime: gigs.endTime,
        timeZone: regions.timeZone,
        description: gigs.description,
        loadInSoundCheck: gigs.loadInSoundCheck,
        compensation: gigs.compensation,
        coverCharge: gigs.coverCharge,
        isApproved: gigs.isApproved,
        isTicketed: gigs.isTicketed,
        ticketPriceCents: gigs.ticketPriceCents,
        ticketQuantity: gigs.ticketQuantity,
        ticketsSold: gigs.ticketsSold,
        bandPercent: gigs.bandPercent,
        organiserPercent: gigs.organiserPercent,
        venueId: gigs.venueId,
        venueName: venueProfiles.name,
        bookedName: sql<string | null>`coalesce(${bandProfiles.name}, ${managedArtists.name})`,
        bookedSlug: bandProfiles.slug,
        isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
      })
      .from(gigs)
      .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
      .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
      .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
      .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
      .where(organisedBy(organiser))
      .orderBy(asc(gigs.localDate), asc(gigs.startTime), asc(gigs.id)),
    db
      .select({
        id: gigApplications.id,
        gigId: gigApplications.gigId,
        status: gigApplications.status,
        bandName: bandProfiles.name,
        bandSlug: bandProfiles.slug,
        bandGenres: bandProfiles.genres,
        bandImageUrl: bandProfiles.imageUrl,
        artistName: managedArtists.name,
        artistGenre: managedArtists.genre,
        artistImageUrl: managedArtists.imageUrl,
        artistWebsite: managedArtists.website,
        managerName: managerProfiles.name,
      })
      .from(gigApplications)
      .innerJoin(gigs, eq(gigs.id, gigApplications.gigId))
      .leftJoin(bandProfiles, eq(bandProfiles.userId, gigApplications.bandId))
      .leftJoin(managedArtists, eq(managedArtists.id, gigApplications.managedArtistId))
      .leftJoin(managerProfiles, eq(managerProfiles.userId, gigApplications.managerId))
      .where(organisedBy(organiser))
      .orderBy(asc(gigApplications.createdAt)),
    listPostableVenues(db, organiser),
  ]);

  const applicationsByGig = new Map<string, ApplicantCard[]>();
  for (const a of applicationRows) {
    const card: ApplicantCard = a.bandName
      ? { id: a.id, status: a.status, name: a.bandName, genres: a.bandGenres ?? [], imageUrl: a.bandImageUrl, siteSlug: a.bandSlug, website: null, managerName: null }
      : {
          id: a.id,
          status: a.status,
          name: a.artistName ?? 'Artist',
          genres: a.artistGenre ? [a.artistGenre] : [],
          imageUrl: a.artistImageUrl,
          siteSlug: null,
          website: a.artistWebsite,
          managerName: a.managerName,
        };
    const list = applicationsByGig.get(a.gigId) ?? [];
    list.push(card);
    applicationsByGig.set(a.gigId, list);
  }

  const dashboardGigs = gigRows.map(({ isPast, ...gig }) => ({
    ...gig,
    tab: isPast ? ('past' as const) : gig.isApproved ? ('approved' as const) : ('pending' as const),
    applications: applicationsByGig.get(gig.id) ?? [],
  }));
  return { role: organiser.role, venues, gigs: dashboardGigs };
}

export type ApplicantCard = {
  id: string;
  status: 'pending' | 'accepted' | 'rejected';
  name: string;
  genres: string[];
  imageUrl: string | null;
  /** The band's own site ({slug} subdomain); null for a manager's artist. */
  siteSlug: string | null;
  website: string | null;
  managerName: string | null;
};

export type OrganiserDashboard = Awaited<ReturnType<typeof getOrganiserDashboard>>;

/** Every band, by name, for the 'Band already Chosen' select and the notify modal (spec 2 §7). */
export async function listBandChoices(db: Db) {
  return db.select({ id: bandProfiles.userId, name: bandProfiles.name }).from(bandProfiles).orderBy(asc(sql`lower(${bandProfiles.name})`), asc(bandProfiles.userId));
}
