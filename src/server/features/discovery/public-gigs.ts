import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { bandProfiles, gigs, promoterProfiles, regions, venueProfiles } from '../../db/schema.ts';
import type { PublicGig } from '../../../core/public-pages.ts';

export type { PublicGig };

/** Everything a public gig card shows, from one join: never one lookup per gig. */
const columns = {
  id: gigs.id,
  localDate: gigs.localDate,
  startTime: gigs.startTime,
  endTime: gigs.endTime,
  startsAt: gigs.startsAt,
  timeZone: regions.timeZone,
  regionSlug: gigs.regionSlug,
  description: gigs.description,
  coverCharge: gigs.coverCharge,
  isTicketed: gigs.isTicketed,
  ticketPriceCents: gigs.ticketPriceCents,
  ticketQuantity: gigs.ticketQuantity,
  ticketsSold: gigs.ticketsSold,
  ticketsHeld: gigs.ticketsHeld,
  advanceTicketUrl: gigs.advanceTicketUrl,
  venueId: venueProfiles.userId,
  venueName: venueProfiles.name,
  venueSlug: venueProfiles.slug,
  venueAddress: venueProfiles.address,
  bandId: bandProfiles.userId,
  bandName: bandProfiles.name,
  bandSlug: bandProfiles.slug,
  performerType: bandProfiles.performerType,
  genres: bandProfiles.genres,
  bandImageUrl: bandProfiles.imageUrl,
  promoterId: promoterProfiles.userId,
  promoterName: promoterProfiles.name,
  promoterCompany: promoterProfiles.companyName,
  promoterSlug: promoterProfiles.slug,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};

/** Open checkouts whose time is not up (decision 35): a hold past its time, not yet swept, is a free seat. */
const openHolds = sql<number>`case when ${gigs.ticketsHeld} = 0 then 0 else (select count(*)::int from orders o where o.gig_id = ${gigs.id} and o.status = 'pending' and o.expires_at > now()) end`.mapWith(Number);

function toPublicGig(r: Row): PublicGig {
  return {
    id: r.id,
    localDate: r.localDate,
    startTime: r.startTime,
    endTime: r.endTime,
    startsAt: new Date(r.startsAt).toISOString(),
    timeZone: r.timeZone,
    regionSlug: r.regionSlug,
    description: r.description,
    coverCharge: r.coverCharge,
    ticketPriceCents: r.isTicketed ? r.ticketPriceCents : null,
    // Seats held by open checkouts count too (D12), until their time is up (decision 35).
    isSoldOut: r.isTicketed && r.ticketQuantity !== null && r.ticketsSold + r.ticketsHeld >= r.ticketQuantity,
    advanceTicketUrl: r.advanceTicketUrl,
    venue: { id: r.venueId, name: r.venueName, slug: r.venueSlug, address: r.venueAddress },
    band: r.bandId
      ? { id: r.bandId, name: r.bandName, slug: r.bandSlug, performerType: r.performerType || 'BAND', genres: r.genres ?? [], imageUrl: r.bandImageUrl }
      : null,
    promoter: r.promoterId ? { id: r.promoterId, name: r.promoterName || r.promoterCompany || '', slug: r.promoterSlug } : null,
  };
}

/**
 * Public visitors see only approved gigs dated today or later, "today" being the date in each
 * gig's own region zone (spec 1 §5, D8), computed by the database for every row. The first bound
 * (today at UTC-12, the earliest date anywhere) never excludes more, but lets the index on
 * approved gigs by date start at today instead of reading the whole past.
 */
export const isUpcomingApproved: SQL = and(
  // A literal condition, not `= $1`: a prepared statement's generic plan can then use the
  // partial indexes on approved gigs (issue 22, db/prepared-reads.ts).
  sql`${gigs.isApproved}`,
  sql`${gigs.localDate} >= (now() at time zone 'Etc/GMT+12')::date`,
  sql`${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date`,
)!;

export const gigOrder = [asc(gigs.localDate), asc(gigs.startTime), asc(gigs.id)];

/** The joins behind every public gig card; `where` may use any of the joined tables. */
function withPublicJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(promoterProfiles, eq(promoterProfiles.userId, gigs.promoterId));
}

/** How many public gigs match, for pagination. */
export async function countPublicGigs(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await withPublicJoins(db.select({ n: count() }).from(gigs).$dynamic()).where(where);
  return row?.n ?? 0;
}

/**
 * A limit written into the SQL text instead of sent as a parameter. For the first-N lists (home,
 * a region, a band, a venue) the statement is then the same with no parameter about its size,
 * and its prepared plan (db/prepared-reads.ts) is made once: with `limit $1` PostgreSQL keeps
 * planning it anew, as it cannot tell how many rows the generic plan would fetch. Pages further
 * on keep their limit and offset as parameters, where custom plans serve them better.
 * Drizzle writes an SQL object given as the limit as it is; its type only admits numbers.
 */
const literalLimit = (limit: number) => sql.raw(String(Math.trunc(limit))) as unknown as number;

/** One SQL query for any list of public gigs. */
export async function queryPublicGigs(
  db: DbOrTx,
  where: SQL | undefined,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<PublicGig[]> {
  const rows = await withPublicJoins(db.select({ ...columns, ticketsHeld: openHolds }).from(gigs).$dynamic())
    .where(where)
    .orderBy(...gigOrder)
    .limit(offset === 0 ? literalLimit(limit) : limit)
    .offset(offset);
  return rows.map((r) => toPublicGig(r as Row));
}
