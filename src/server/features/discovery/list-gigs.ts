import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pageNumber } from '../../../core/schemas/fields.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs } from '../../db/schema.ts';
import { countPublicGigs, isPublicAccount, isUpcomingApproved, queryPublicGigs } from './public-gigs.ts';

export const GIGS_PAGE_SIZE = 24;

const isoDate = z.iso.date({ error: 'Dates look like 2026-12-31.' });

export const gigFiltersSchema = z.object({
  region: z.string().max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  genre: z.string().trim().max(64).optional(),
  page: pageNumber(),
});
export type GigFilters = z.output<typeof gigFiltersSchema>;

/** /gigs (D18): every upcoming approved gig, filtered by region, date range and genre, paginated. */
export async function listGigs(db: Db, filters: GigFilters) {
  const where = and(
    isUpcomingApproved,
    filters.region ? eq(gigs.regionSlug, filters.region) : undefined,
    filters.from ? gte(gigs.localDate, filters.from) : undefined,
    filters.to ? lte(gigs.localDate, filters.to) : undefined,
    filters.genre ? sql`exists (select 1 from unnest(${bandProfiles.genres}) g where lower(g) = lower(${filters.genre}))` : undefined,
  );
  const [list, total] = await Promise.all([
    queryPublicGigs(db, where, { limit: GIGS_PAGE_SIZE, offset: (filters.page - 1) * GIGS_PAGE_SIZE }),
    countPublicGigs(db, where),
  ]);
  return { gigs: list, page: filters.page, pageSize: GIGS_PAGE_SIZE, total };
}

/** The genres bands play, for the /gigs filter (a banned band's are not offered). */
export async function listGenres(db: Db): Promise<string[]> {
  const rows = await db.execute<{ genre: string }>(sql`select distinct g as genre from band_profiles b, unnest(b.genres) g where ${isPublicAccount(sql`b.user_id`)} order by g`);
  return rows.rows.map((r) => r.genre);
}
