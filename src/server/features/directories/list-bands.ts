import { and, count, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bandProfiles } from '../../db/schema.ts';
import type { BandCard } from '../../../core/public-pages.ts';
import { hasPublicOwners, isPublicAccount } from '../discovery/public-gigs.ts';

export const BAND_DIRECTORY_PAGE_SIZE = 48;

/** A row of the directory query below: band_profiles' columns and the upcoming gigs as JSON. */
type BandCardRow = {
  user_id: string;
  name: string;
  slug: string;
  genres: string[] | null;
  description: string;
  image_url: string | null;
  upcoming: unknown;
  upcoming_count: number | string;
};

/** A json_agg column, whether the driver hands it over parsed or as JSON text. */
const parseJson = <T,>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * Band directory (spec 1 §2): each card with its next 2 upcoming gigs and how many more; one SQL
 * query for the page, whatever the number of gigs. Paginated, with an optional name search.
 */
export async function listBands(db: Db, { page = 1, search }: { page?: number; search?: string }) {
  const where = and(isPublicAccount(bandProfiles.userId), search ? ilike(bandProfiles.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
  const offset = (page - 1) * BAND_DIRECTORY_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db.execute<BandCardRow>(sql`
      with page as (
        select user_id, name, slug, genres, description, image_url from band_profiles
        where ${where}
        order by lower(name), user_id limit ${BAND_DIRECTORY_PAGE_SIZE} offset ${offset}
      ),
      upcoming as (
        select g.band_id, g.id, g.local_date, g.start_time, r.time_zone, v.name as venue_name,
               row_number() over (partition by g.band_id order by g.local_date, g.start_time, g.id) as n,
               count(*) over (partition by g.band_id) as total
        from gigs g
        join page p on p.user_id = g.band_id
        join regions r on r.slug = g.region_slug
        join venue_profiles v on v.user_id = g.venue_id
        where g.is_approved and g.cancelled_at is null and g.local_date >= (now() at time zone r.time_zone)::date and ${hasPublicOwners('g')}
      )
      select p.*,
        coalesce((select json_agg(json_build_object('id', u.id, 'localDate', u.local_date, 'startTime', u.start_time, 'timeZone', u.time_zone, 'venueName', u.venue_name) order by u.n)
                  from upcoming u where u.band_id = p.user_id and u.n <= 2), '[]') as upcoming,
        coalesce((select max(u.total) from upcoming u where u.band_id = p.user_id), 0) as upcoming_count
      from page p order by lower(p.name), p.user_id`),
    db.select({ n: count() }).from(bandProfiles).where(where),
  ]);
  const bands: BandCard[] = rows.rows.map((r) => ({
    id: r.user_id,
    name: r.name,
    slug: r.slug,
    genres: r.genres ?? [],
    description: r.description,
    imageUrl: r.image_url,
    upcoming: parseJson<BandCard['upcoming']>(r.upcoming).map((u) => ({ ...u, localDate: String(u.localDate).slice(0, 10) })),
    upcomingCount: Number(r.upcoming_count),
  }));
  return { bands, page, pageSize: BAND_DIRECTORY_PAGE_SIZE, total: total?.n ?? 0 };
}
