import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiBandSchema, apiPromoterSchema, apiVenueSchema } from '../../../core/schemas/public-api.ts';
import { postalAddressOf, type StoredPostalAddress } from '../../../core/postal-address.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs, promoterProfiles, regions, user, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hasPublicOwners, isPublicAccount, storedPostalAddress } from '../discovery/public-gigs.ts';
import { decodeCursor, toPage } from './api-cursor.ts';

type ApiBand = z.output<typeof apiBandSchema>;
type ApiVenue = z.output<typeof apiVenueSchema>;
type ApiPromoter = z.output<typeof apiPromoterSchema>;
type ListQuery = { limit: number; cursor?: string };

/** The account id sorts the page (the cursor), but is not part of the answer. */
function withoutId<T extends { id: string }>(row: T): Omit<T, 'id'> {
  const copy: Partial<T> = { ...row };
  delete copy.id;
  return copy as Omit<T, 'id'>;
}

/** How many public (approved, not cancelled, not past, nobody banned) gigs match, as one scalar subquery per row. */
const upcomingCount = (owner: SQL) =>
  sql<number>`(select count(*)::int from ${gigs} join ${regions} on ${regions.slug} = ${gigs.regionSlug}
    where ${owner} and ${gigs.isApproved} and ${gigs.cancelledAt} is null and ${gigs.localDate} >= (now() at time zone ${regions.timeZone})::date and ${hasPublicOwners()})`.mapWith(Number);

/**
 * The directories (bands, venues, promoters) in slug order, a keyset page at a time: the cursor is
 * the last row's lower-cased slug and id (slugs are unique whatever their case). The id is the
 * profile's account: a banned one is left out (issue 33).
 */
function pageWhere(slugColumn: SQLWrapper, idColumn: SQLWrapper, cursor: string | undefined): SQL | undefined {
  if (!cursor) return isPublicAccount(idColumn);
  const [slug, id] = decodeCursor(cursor, 2);
  return and(isPublicAccount(idColumn), sql`(lower(${slugColumn}), ${idColumn}) > (${slug}, ${id})`);
}

const bandColumns = {
  id: bandProfiles.userId,
  name: bandProfiles.name,
  slug: bandProfiles.slug,
  performerType: sql<string>`coalesce(nullif(${bandProfiles.performerType}, ''), 'BAND')`,
  genres: sql<string[]>`coalesce(${bandProfiles.genres}, '{}')`,
  description: bandProfiles.description,
  imageUrl: bandProfiles.imageUrl,
  upcomingGigs: upcomingCount(sql`${gigs.bandId} = ${bandProfiles.userId}`),
};
type BandRow = { id: string } & Omit<ApiBand, 'url'>;
const toApiBand = (publicUrl: string) => (row: BandRow): ApiBand => ({ ...withoutId(row), url: siteUrl(publicUrl, row.slug) });

export async function listApiBands(db: Db, publicUrl: string, query: ListQuery) {
  const rows = await db
    .select(bandColumns)
    .from(bandProfiles)
    .where(pageWhere(bandProfiles.slug, bandProfiles.userId, query.cursor))
    .orderBy(sql`lower(${bandProfiles.slug})`, bandProfiles.userId)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, toApiBand(publicUrl), (r) => [r.slug.toLowerCase(), r.id]);
}

export async function getApiBand(db: Db, publicUrl: string, slug: string): Promise<ApiBand> {
  const [row] = await db.select(bandColumns).from(bandProfiles).where(and(sql`lower(${bandProfiles.slug}) = lower(${slug})`, isPublicAccount(bandProfiles.userId))).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That band was not found.');
  return toApiBand(publicUrl)(row);
}

const venueColumns = {
  id: venueProfiles.userId,
  name: venueProfiles.name,
  slug: venueProfiles.slug,
  address: venueProfiles.address,
  postalAddress: storedPostalAddress,
  region: user.location,
  website: venueProfiles.website,
  imageUrl: venueProfiles.imageUrl,
  upcomingGigs: upcomingCount(sql`${gigs.venueId} = ${venueProfiles.userId}`),
};
type VenueRow = { id: string; postalAddress: StoredPostalAddress } & Omit<ApiVenue, 'url' | 'postalAddress'>;
const toApiVenue =
  (publicUrl: string) =>
  (row: VenueRow): ApiVenue => ({ ...withoutId(row), postalAddress: postalAddressOf(row), url: new URL(`/venue/${encodeURIComponent(row.slug)}`, publicUrl).href });

export async function listApiVenues(db: Db, publicUrl: string, query: ListQuery) {
  const rows = await db
    .select(venueColumns)
    .from(venueProfiles)
    .innerJoin(user, eq(user.id, venueProfiles.userId))
    .where(pageWhere(venueProfiles.slug, venueProfiles.userId, query.cursor))
    .orderBy(sql`lower(${venueProfiles.slug})`, venueProfiles.userId)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, toApiVenue(publicUrl), (r) => [r.slug.toLowerCase(), r.id]);
}

export async function getApiVenue(db: Db, publicUrl: string, slug: string): Promise<ApiVenue> {
  const [row] = await db
    .select(venueColumns)
    .from(venueProfiles)
    .innerJoin(user, eq(user.id, venueProfiles.userId))
    .where(and(sql`lower(${venueProfiles.slug}) = lower(${slug})`, isPublicAccount(venueProfiles.userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That venue was not found.');
  return toApiVenue(publicUrl)(row);
}

const promoterColumns = {
  id: promoterProfiles.userId,
  name: sql<string>`coalesce(nullif(${promoterProfiles.name}, ''), nullif(${promoterProfiles.companyName}, ''), '')`,
  slug: promoterProfiles.slug,
  description: promoterProfiles.description,
  website: promoterProfiles.website,
  imageUrl: promoterProfiles.imageUrl,
  upcomingGigs: upcomingCount(sql`${gigs.promoterId} = ${promoterProfiles.userId}`),
};
type PromoterRow = { id: string } & Omit<ApiPromoter, 'url'>;
const toApiPromoter = (publicUrl: string) => (row: PromoterRow): ApiPromoter => ({ ...withoutId(row), url: new URL(`/promoter/${encodeURIComponent(row.slug)}`, publicUrl).href });

export async function listApiPromoters(db: Db, publicUrl: string, query: ListQuery) {
  const rows = await db
    .select(promoterColumns)
    .from(promoterProfiles)
    .where(pageWhere(promoterProfiles.slug, promoterProfiles.userId, query.cursor))
    .orderBy(sql`lower(${promoterProfiles.slug})`, promoterProfiles.userId)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, toApiPromoter(publicUrl), (r) => [r.slug.toLowerCase(), r.id]);
}

export async function getApiPromoter(db: Db, publicUrl: string, slug: string): Promise<ApiPromoter> {
  const [row] = await db.select(promoterColumns).from(promoterProfiles).where(and(sql`lower(${promoterProfiles.slug}) = lower(${slug})`, isPublicAccount(promoterProfiles.userId))).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That promoter was not found.');
  return toApiPromoter(publicUrl)(row);
}
