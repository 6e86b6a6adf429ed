import { countGigTickets } from '../tickets/gig-ticket-counts.ts';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigApplications, gigCancellations, gigs, managedArtists, managerProfiles, paymentAccounts, promoterProfiles, regions, venueProfiles } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';
import { isUuid } from '../../../core/ids.ts';
import { asOrganiser, listPostableVenues, organisedBy, type Organiser } from './gig-ownership.ts';

export const DASHBOARD_PAGE_SIZE = 20;
export const GIG_TABS = ['pending', 'approved', 'past'] as const;
export type GigTab = (typeof GIG_TABS)[number];

const isPast = sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`;
const TAB_FILTER: Record<GigTab, SQL> = {
  pending: and(sql`not (${isPast})`, eq(gigs.isApproved, false))!,
  approved: and(sql`not (${isPast})`, eq(gigs.isApproved, true))!,
  past: isPast,
};

/** Upcoming gigs soonest first; past gigs most recent first. */
const tabOrder = (tab: GigTab) => (tab === 'past' ? [desc(gigs.localDate), desc(gigs.startTime), asc(gigs.id)] : [asc(gigs.localDate), asc(gigs.startTime), asc(gigs.id)]);

/**
 * Issue 21 (item 19): the tab and page that show one of the organiser's gigs, so the link
 * after posting opens it; null when the gig is not the organiser's. Two queries.
 */
async function locateGig(db: Db, organiser: Organiser, gigId: string): Promise<{ tab: GigTab; page: number } | null> {
  if (!isUuid(gigId)) return null;
  const [gig] = await db
    .select({ localDate: gigs.localDate, startTime: gigs.startTime, isApproved: gigs.isApproved, isPast: sql<boolean>`${isPast}` })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(and(eq(gigs.id, gigId), organisedBy(organiser)));
  if (!gig) return null;
  const tab: GigTab = gig.isPast ? 'past' : gig.isApproved ? 'approved' : 'pending';
  const sooner = tab === 'past' ? gt : lt;
  // The gigs listed before it in its tab's order (date, start time, id).
  const before = or(
    sooner(gigs.localDate, gig.localDate),
    and(eq(gigs.localDate, gig.localDate), sooner(gigs.startTime, gig.startTime)),
    and(eq(gigs.localDate, gig.localDate), eq(gigs.startTime, gig.startTime), lt(gigs.id, gigId)),
  );
  const [ahead] = await db
    .select({ n: count() })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .where(and(organisedBy(organiser), TAB_FILTER[tab], before));
  return { tab, page: Math.floor((ahead?.n ?? 0) / DASHBOARD_PAGE_SIZE) + 1 };
}

/**
 * Issue 21 (item 6, decision 37): a venue sees the upcoming gigs promoters run at it, read-only
 * (decision 17 leaves their running to the promoter), with the promoter's name. One query.
 */
function listPromoterGigsAtVenue(db: Db, venueId: string) {
  return db
    .select({
      id: gigs.id,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      endTime: gigs.endTime,
      timeZone: regions.timeZone,
      description: gigs.description,
      promoterName: promoterProfiles.name,
      isApproved: gigs.isApproved,
      bookedName: sql<string | null>`coalesce(${bandProfiles.name}, ${managedArtists.name})`,
      isTicketed: gigs.isTicketed,
      ticketsSold: gigs.ticketsSold,
      ticketQuantity: gigs.ticketQuantity,
      applicantCount: sql<number>`(select count(*) from ${gigApplications} where ${gigApplications.gigId} = ${gigs.id} and ${gigApplications.status} = 'pending')`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(promoterProfiles, eq(promoterProfiles.userId, gigs.promoterId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .where(and(eq(gigs.venueId, venueId), isNotNull(gigs.promoterId), sql`not (${isPast})`))
    .orderBy(asc(gigs.localDate), asc(gigs.startTime), asc(gigs.id))
    .limit(DASHBOARD_PAGE_SIZE);
}

/**
 * A venue's or promoter's dashboard (spec 2 §2): how many gigs each tab has, one page of the
 * chosen tab's gigs with their applicants (pending first if any, else approved), the venues it
 * may post for, and for a venue the promoters' gigs at it. Seven queries however many gigs and
 * applicants there are; two more when asked for the page that shows one gig (`gigId`).
 */
export async function getOrganiserDashboard(
  db: Db,
  sessionUser: SessionUser,
  { tab: requestedTab, page: requestedPage = 1, gigId }: { tab?: GigTab; page?: number; gigId?: string } = {},
) {
  const organiser = asOrganiser(sessionUser);
  const located = gigId ? await locateGig(db, organiser, gigId) : null;
  const page = located?.page ?? requestedPage;
  const [[counts], venues, [payout], promoterGigs] = await Promise.all([
    db
      .select({
        pending: sql<number>`count(*) filter (where ${TAB_FILTER.pending})`.mapWith(Number),
        approved: sql<number>`count(*) filter (where ${TAB_FILTER.approved})`.mapWith(Number),
        past: sql<number>`count(*) filter (where ${TAB_FILTER.past})`.mapWith(Number),
      })
      .from(gigs)
      .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
      .where(organisedBy(organiser)),
    listPostableVenues(db, organiser),
    db.select({ status: paymentAccounts.status }).from(paymentAccounts).where(eq(paymentAccounts.userId, organiser.id)),
    organiser.role === 'venue' ? listPromoterGigsAtVenue(db, organiser.id) : Promise.resolve([]),
  ]);
  const tabCounts = counts ?? { pending: 0, approved: 0, past: 0 };
  const tab: GigTab = located?.tab ?? requestedTab ?? (tabCounts.pending ? 'pending' : tabCounts.approved ? 'approved' : 'past');

  const gigRows = await db
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
      maxTicketsPerOrder: gigs.maxTicketsPerOrder,
      isTransferAllowed: gigs.isTransferAllowed,
      hasTicketTypes: sql<boolean>`exists (select 1 from ticket_types tt where tt.gig_id = ${gigs.id})`,
      ticketsSold: gigs.ticketsSold,
      // D11: a booked band without a complete payment account forfeits its share of tickets sold now.
      isBandPayoutReady: sql<boolean>`exists (select 1 from ${paymentAccounts} where ${paymentAccounts.userId} = coalesce(${gigs.bandId}, ${managedArtists.managerId}) and ${paymentAccounts.status} = 'complete')`,
      bandPercent: gigs.bandPercent,
      organiserPercent: gigs.organiserPercent,
      venueId: gigs.venueId,
      venueName: venueProfiles.name,
      bookedName: sql<string | null>`coalesce(${bandProfiles.name}, ${managedArtists.name})`,
      bookedSlug: bandProfiles.slug,
      // Decision 49: a cancelled gig stays on the card, saying so and why.
      cancelledAt: gigs.cancelledAt,
      cancelReason: sql<string | null>`case when ${gigs.cancelledAt} is not null then (select ${gigCancellations.reason} from ${gigCancellations} where ${gigCancellations.gigId} = ${gigs.id}) end`,
    })
    .from(gigs)
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .where(and(organisedBy(organiser), TAB_FILTER[tab]))
    .orderBy(...tabOrder(tab))
    .limit(DASHBOARD_PAGE_SIZE)
    .offset((page - 1) * DASHBOARD_PAGE_SIZE);

  const gigIds = gigRows.map((g) => g.id);
  // Issue 34 item 8: the card's counts are the door's, the sales report's and the API's.
  const ticketCounts = await countGigTickets(db, gigIds.filter((_, i) => gigRows[i]!.isTicketed));
  const applicationRows = gigIds.length
    ? await db
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
        .leftJoin(bandProfiles, eq(bandProfiles.userId, gigApplications.bandId))
        .leftJoin(managedArtists, eq(managedArtists.id, gigApplications.managedArtistId))
        .leftJoin(managerProfiles, eq(managerProfiles.userId, gigApplications.managerId))
        .where(inArray(gigApplications.gigId, gigIds))
        .orderBy(asc(gigApplications.createdAt), asc(gigApplications.id))
    : [];

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

  return {
    role: organiser.role,
    venues: venues.map(({ id, name, address, isVerified }) => ({ id, name, address, isVerified })),
    /** Decision 33: the venue's own verification, for the dashboard's notice and the gig form. */
    verification:
      organiser.role === 'venue' && venues[0]
        ? { isEmailVerified: sessionUser.emailVerified, isApproved: venues[0].isApproved, declineReason: venues[0].declineReason }
        : null,
    /** D11: without a complete payment account the organiser's share of tickets sold is forfeited. */
    isPayoutReady: payout?.status === 'complete',
    counts: tabCounts,
    tab,
    page,
    pageSize: DASHBOARD_PAGE_SIZE,
    gigs: gigRows.map((gig) => ({ ...gig, tab, ticketCounts: ticketCounts.get(gig.id) ?? null, applications: applicationsByGig.get(gig.id) ?? [] })),
    /** The gig asked for by `gigId`, when it is the organiser's: it is on this tab and page. */
    focusGigId: located ? gigId! : null,
    /** A venue's view of the promoters' gigs at it (read-only); empty for a promoter. */
    promoterGigs: {
      total: promoterGigs[0]?.total ?? 0,
      gigs: promoterGigs.map((gig) => ({ ...gig, total: undefined })),
    },
  };
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
