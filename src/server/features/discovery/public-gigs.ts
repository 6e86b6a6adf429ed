import { and, asc, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { bandProfiles, gigs, promoterProfiles, regions, venueProfiles } from '../../db/schema.ts';
import type { PublicGig } from '../../../core/public-pages.ts';
import type { StoredPostalAddress } from '../../../core/postal-address.ts';

export type { PublicGig };

/** Seats held by open checkouts whose time is not up (decision 35): a hold past its time, not yet swept, is a free seat. */
const openHolds = sql`case when ${gigs.ticketsHeld} = 0 then 0 else (select coalesce(sum(o.quantity), 0)::int from orders o where o.gig_id = ${gigs.id} and o.status = 'pending' and o.expires_at > now()) end`;

/**
 * Issue 33: a banned account (better-auth's admin plugin: `banned`, until `ban_expires` when one
 * is set) is off the public pages as a deleted one is. None of the given accounts is banned; a
 * null id names nobody. One primary-key probe per id, inside the statement that needs it.
 */
function isNoneBanned(accountIds: SQLWrapper[]): SQL {
  return sql`not exists (select 1 from "user" banned_account where banned_account.id in (${sql.join(accountIds, sql`, `)})
    and banned_account.banned and (banned_account.ban_expires is null or banned_account.ban_expires > now()))`;
}

/** The account behind a public profile (band, venue, promoter, rehearsal space) may be shown: it is not banned. */
export const isPublicAccount = (accountId: SQLWrapper): SQL => isNoneBanned([accountId]);

/** The gig's columns, from Drizzle's table or, in hand-written SQL, from the alias the gigs table goes by. */
function gigColumns(alias?: string) {
  if (!alias) return gigs;
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return { venueId: column('venue_id'), bandId: column('band_id'), promoterId: column('promoter_id'), managedArtistId: column('managed_artist_id') };
}

/**
 * A gig may be listed only while nobody it belongs to is banned: its venue, its promoter, the band
 * that plays it, or the manager of the artist who does. Deleting any of them takes the gig off
 * the lists (its upcoming gigs are deleted or opened again), so a ban does too.
 */
export function hasPublicOwners(gigsAlias?: string): SQL {
  const gig = gigColumns(gigsAlias);
  const manager = sql`(select managed.manager_id from managed_artists managed where managed.id = ${gig.managedArtistId})`;
  return isNoneBanned([gig.venueId, gig.bandId, gig.promoterId, manager]);
}

/**
 * Everything a public gig card shows, from one join (never one lookup per gig), built as JSON by
 * the database: one value per gig instead of 29 columns to decode and map (issue 22: decoding and
 * mapping the columns of a venue's 38 gigs cost more than finding them).
 */
/**
 * Issue 34: a ticketed gig's public ticket prices, when they differ ({ minCents, maxCents }, else
 * null): cards, the widget, the public API, JSON-LD, the fediverse and the digest all read it here.
 * A hidden (presale) type's price never leaves here.
 */
export const publicPriceRange = sql<PublicGig['priceRange']>`case when ${gigs.isTicketed} then (select case when min(tt.price_cents) < max(tt.price_cents)
    then json_build_object('minCents', min(tt.price_cents), 'maxCents', max(tt.price_cents)) end
    from ticket_types tt where tt.gig_id = ${gigs.id} and not tt.is_hidden) end`;

/**
 * Issue 35: when a ticketed gig's tickets went or go on sale (schema.org offers.validFrom): its
 * approval, or the first public ticket type's sale start when every type starts later.
 */
const publicOnSaleAt = sql<string | null>`case when ${gigs.isTicketed} then to_char((select greatest(${gigs.approvedAt}, min(coalesce(tt.sales_start_at, ${gigs.approvedAt})))
    from ticket_types tt where tt.gig_id = ${gigs.id} and not tt.is_hidden) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end`;

/** Issue 35: the venue's address fields as it gave them (null each where it gave one line only). */
export const storedPostalAddress = sql<StoredPostalAddress>`json_build_object('streetAddress', ${venueProfiles.streetAddress},
  'addressLocality', ${venueProfiles.addressLocality}, 'addressRegion', ${venueProfiles.addressRegion},
  'postalCode', ${venueProfiles.postalCode}, 'addressCountry', ${venueProfiles.addressCountry})`;

const publicGigCard = sql<PublicGig>`json_build_object(
  'id', ${gigs.id},
  'localDate', ${gigs.localDate},
  'startTime', ${gigs.startTime},
  'endTime', ${gigs.endTime},
  'startsAt', to_char(${gigs.startsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'timeZone', ${regions.timeZone},
  'regionSlug', ${gigs.regionSlug},
  'description', ${gigs.description},
  'coverCharge', ${gigs.coverCharge},
  'ticketPriceCents', case when ${gigs.isTicketed} then ${gigs.ticketPriceCents} end,
  'priceRange', ${publicPriceRange},
  'onSaleAt', ${publicOnSaleAt},
  -- Seats held by open checkouts count too (D12), until their time is up (decision 35).
  'isSoldOut', (${gigs.isTicketed} and ${gigs.ticketQuantity} is not null and ${gigs.ticketsSold} + ${gigs.doorSeats} + ${openHolds} >= ${gigs.ticketQuantity}),
  'advanceTicketUrl', ${gigs.advanceTicketUrl},
  'venue', json_build_object('id', ${venueProfiles.userId}, 'name', ${venueProfiles.name}, 'slug', ${venueProfiles.slug}, 'address', ${venueProfiles.address},
    'postalAddress', ${storedPostalAddress}),
  'band', case when ${bandProfiles.userId} is null then null else json_build_object(
    'id', ${bandProfiles.userId}, 'name', ${bandProfiles.name}, 'slug', ${bandProfiles.slug},
    'performerType', coalesce(nullif(${bandProfiles.performerType}, ''), 'BAND'),
    'genres', coalesce(${bandProfiles.genres}, '{}'), 'imageUrl', ${bandProfiles.imageUrl}) end,
  'promoter', case when ${promoterProfiles.userId} is null then null else json_build_object(
    'id', ${promoterProfiles.userId},
    'name', coalesce(nullif(${promoterProfiles.name}, ''), nullif(${promoterProfiles.companyName}, ''), ''),
    'slug', ${promoterProfiles.slug}) end
)`;
/**
 * Public visitors see only approved gigs, not cancelled, dated today or later, "today" being the
 * date in each gig's own region zone (spec 1 §5, D8), computed by the database for every row. The first bound
 * (today at UTC-12, the earliest date anywhere) never excludes more, but lets the index on
 * approved gigs by date start at today instead of reading the whole past.
 */
export const isUpcomingApproved: SQL = and(
  // A literal condition, not `= $1`: a prepared statement's generic plan can then use the
  // partial indexes on approved gigs (issue 22, db/prepared-reads.ts).
  sql`${gigs.isApproved}`,
  // Decision 49: a cancelled gig leaves every public list (rare: filtered after the index scan).
  sql`${gigs.cancelledAt} is null`,
  sql`${gigs.localDate} >= (now() at time zone 'Etc/GMT+12')::date`,
  sql`${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date`,
)!;

export const gigOrder = [asc(gigs.localDate), asc(gigs.startTime), asc(gigs.id)];

/**
 * The instant a gig ends, in its region's zone: its date at its end time, the next day when the
 * end time is not after the start (past midnight, D8), as showEndsAt computes it.
 */
export const gigEndsAt: SQL = sql`((${gigs.localDate} + ${gigs.endTime}::time
  + case when ${gigs.endTime} <= ${gigs.startTime} then interval '1 day' else interval '0 days' end) at time zone ${regions.timeZone})`;

/** Issue 34: the gig has not ended by the instant `now` (a placeholder, so a test can pin the clock). */
const isNotEnded: SQL = sql`${gigEndsAt} > ${sql.placeholder('now')}::timestamptz`;

/**
 * Whose gigs, by the slugs in Marquee's addresses (the widget and the public API, issue 26): band
 * and promoter slugs are lower case (toSiteSlug); venue addresses are camelCased, and one venue
 * owns its slug in any letter case (decision 33). Given filters combine.
 */
export function gigsNamedBy({ band, venue, promoter, region }: { band?: string; venue?: string; promoter?: string; region?: string }): SQL | undefined {
  return and(
    band ? eq(bandProfiles.slug, band.toLowerCase()) : undefined,
    venue ? sql`lower(${venueProfiles.slug}) = ${venue.toLowerCase()}` : undefined,
    promoter ? eq(promoterProfiles.slug, promoter.toLowerCase()) : undefined,
    region ? eq(gigs.regionSlug, region) : undefined,
  );
}

/**
 * The joins behind every public gig card, and its one condition: nobody the gig belongs to is
 * banned (issue 33). `where` may use any of the joined tables.
 */
function publicGigsWhere<T extends PgSelect>(query: T, where: SQL | undefined) {
  return query
    .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(promoterProfiles, eq(promoterProfiles.userId, gigs.promoterId))
    .where(and(where, hasPublicOwners()));
}

/** How many public gigs match, for pagination. */
export async function countPublicGigs(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await publicGigsWhere(db.select({ n: count() }).from(gigs).$dynamic(), where);
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

const UPCOMING_BY = { venue: gigs.venueId, band: gigs.bandId, promoter: gigs.promoterId, region: gigs.regionSlug } as const;
type UpcomingBy = keyof typeof UPCOMING_BY | 'everywhere';

function prepareUpcomingList(db: Db, by: UpcomingBy, limit: number) {
  // The home page's 'Upcoming shows' (everywhere) leaves out a gig that has ended tonight (issue 34).
  const where = by === 'everywhere' ? and(isUpcomingApproved, isNotEnded) : and(eq(UPCOMING_BY[by], sql.placeholder('owner')), isUpcomingApproved);
  return publicGigsWhere(db.select({ card: publicGigCard }).from(gigs).$dynamic(), where)
    .orderBy(...gigOrder)
    .limit(literalLimit(limit))
    .prepare(`marquee_upcoming_gigs_${by}_${limit}`);
}
const preparedListsOf = oncePerDatabase(() => new Map<string, ReturnType<typeof prepareUpcomingList>>());

/**
 * The next `limit` public gigs of a venue, band, promoter or region, or everywhere: the lists every
 * public page shows, each one statement whose SQL is built once per database and prepared (the
 * door's pattern; issue 22), so a request sends only its parameter.
 */
export async function listUpcomingPublicGigs(db: Db, by: UpcomingBy, ownerId: string | null, limit: number, now = new Date()): Promise<PublicGig[]> {
  const lists = preparedListsOf(db);
  const key = `${by}:${limit}`;
  let statement = lists.get(key);
  if (!statement) lists.set(key, (statement = prepareUpcomingList(db, by, limit)));
  const rows = await statement.execute(by === 'everywhere' ? { now: now.toISOString() } : { owner: ownerId });
  return rows.map((r) => r.card);
}

/** One SQL query for any list of public gigs. */
export async function queryPublicGigs(
  db: DbOrTx,
  where: SQL | undefined,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<PublicGig[]> {
  const rows = await publicGigsWhere(db.select({ card: publicGigCard }).from(gigs).$dynamic(), where)
    .orderBy(...gigOrder)
    .limit(offset === 0 ? literalLimit(limit) : limit)
    .offset(offset);
  return rows.map((r) => r.card);
}
