import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { VenueFilters } from '../../../core/schemas/venue-directory.ts';
import { VENUE_PAGE_SIZE, type VenueDatabasePage, type VenueLocationCount } from '../../../core/venue-directory.ts';
import type { DbOrTx } from '../../db/client.ts';
import { regions, venueDirectory } from '../../db/schema.ts';
import { containing } from '../admin/admin-search.ts';
import { toVenueView } from './venue-entries.ts';

/** The filters of the list and the export as one SQL condition. */
export function venueFilterCondition({ location, venueType, active, q }: VenueFilters): SQL | undefined {
  const v = venueDirectory;
  return and(
    location ? eq(v.regionSlug, location) : undefined,
    venueType ? eq(v.venueType, venueType) : undefined,
    active === 'all' ? undefined : eq(v.isActive, active === 'yes'),
    q ? or(ilike(v.name, containing(q)), ilike(v.city, containing(q)), ilike(v.email, containing(q)), ilike(v.bookingEmail, containing(q)), ilike(v.contactPerson, containing(q))) : undefined,
  );
}

const hasEmail = sql`(${venueDirectory.email} is not null or ${venueDirectory.bookingEmail} is not null)`;

/** Per location (every region, D6), over the whole directory whatever the filters. */
async function countPerLocation(db: DbOrTx): Promise<VenueLocationCount[]> {
  return db
    .select({
      slug: regions.slug,
      name: regions.name,
      total: count(venueDirectory.id),
      active: sql<number>`(count(${venueDirectory.id}) filter (where ${venueDirectory.isActive}))::int`,
      withEmail: sql<number>`(count(${venueDirectory.id}) filter (where ${hasEmail}))::int`,
    })
    .from(regions)
    .leftJoin(venueDirectory, eq(venueDirectory.regionSlug, regions.slug))
    .groupBy(regions.slug)
    .orderBy(asc(regions.sortOrder), asc(regions.name));
}

/** The admin's venue database (spec 3 §2): a filtered page by name, and the directory's counts. */
export async function listVenueDirectory(db: DbOrTx, filters: VenueFilters, page: number): Promise<VenueDatabasePage> {
  const where = venueFilterCondition(filters);
  const [rows, [matching], perLocation] = await Promise.all([
    db
      .select({ entry: venueDirectory, regionName: regions.name })
      .from(venueDirectory)
      .innerJoin(regions, eq(regions.slug, venueDirectory.regionSlug))
      .where(where)
      .orderBy(asc(sql`lower(${venueDirectory.name})`), asc(venueDirectory.id))
      .limit(VENUE_PAGE_SIZE)
      .offset((page - 1) * VENUE_PAGE_SIZE),
    db.select({ n: count() }).from(venueDirectory).where(where),
    countPerLocation(db),
  ]);
  const sum = (key: 'total' | 'active' | 'withEmail') => perLocation.reduce((s, l) => s + l[key], 0);
  return {
    venues: rows.map((r) => toVenueView(r.entry, r.regionName)),
    page,
    pageSize: VENUE_PAGE_SIZE,
    matching: matching?.n ?? 0,
    counts: { total: sum('total'), active: sum('active'), withEmail: sum('withEmail'), perLocation },
  };
}
