import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { venueProfiles } from '../../db/schema.ts';
import { hasPublicOwners, isPublicAccount } from '../discovery/public-gigs.ts';

export const VENUE_DIRECTORY_PAGE_SIZE = 48;
const PERFORMANCES_PER_CARD = 3;

/** A row of the directory query below: the venue's columns and its upcoming performances as JSON. */
type VenueCardRow = {
  user_id: string;
  name: string;
  slug: string;
  address: string;
  image_url: string | null;
  location: string;
  region_name: string;
  upcoming: unknown;
  upcoming_count: number | string;
};
type VenueCardGig = { id: string; localDate: string; startTime: string; timeZone: string; bandName: string; bandSlug: string };

/** A json_agg column, whether the driver hands it over parsed or as JSON text. */
const parseJson = <T,>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** Venue directory (spec 1 §2): venue cards with their upcoming booked performances. */
export async function listVenues(db: Db, { page = 1 }: { page?: number }) {
  const offset = (page - 1) * VENUE_DIRECTORY_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db.execute<VenueCardRow>(sql`
      with page as (
        select v.user_id, v.name, v.slug, v.address, v.image_url, u.location, r.name as region_name
        from venue_profiles v join "user" u on u.id = v.user_id join regions r on r.slug = u.location
        where ${isPublicAccount(sql`v.user_id`)}
        order by lower(v.name), v.user_id limit ${VENUE_DIRECTORY_PAGE_SIZE} offset ${offset}
      ),
      upcoming as (
        select g.venue_id, g.id, g.local_date, g.start_time, r.time_zone, b.name as band_name, b.slug as band_slug,
               row_number() over (partition by g.venue_id order by g.local_date, g.start_time, g.id) as n,
               count(*) over (partition by g.venue_id) as total
        from gigs g
        join page p on p.user_id = g.venue_id
        join regions r on r.slug = g.region_slug
        join band_profiles b on b.user_id = g.band_id
        where g.is_approved and g.cancelled_at is null and g.local_date >= (now() at time zone r.time_zone)::date and ${hasPublicOwners('g')}
      )
      select p.*,
        coalesce((select json_agg(json_build_object('id', u.id, 'localDate', u.local_date, 'startTime', u.start_time, 'timeZone', u.time_zone, 'bandName', u.band_name, 'bandSlug', u.band_slug) order by u.n)
                  from upcoming u where u.venue_id = p.user_id and u.n <= ${PERFORMANCES_PER_CARD}), '[]') as upcoming,
        coalesce((select max(u.total) from upcoming u where u.venue_id = p.user_id), 0) as upcoming_count
      from page p order by lower(p.name), p.user_id`),
    db.select({ n: count() }).from(venueProfiles).where(isPublicAccount(venueProfiles.userId)),
  ]);
  return {
    venues: rows.rows.map((r) => ({
      id: r.user_id,
      name: r.name,
      slug: r.slug,
      address: r.address,
      imageUrl: r.image_url,
      regionName: r.region_name,
      upcoming: parseJson<VenueCardGig[]>(r.upcoming).map((u) => ({ ...u, localDate: String(u.localDate).slice(0, 10) })),
      upcomingCount: Number(r.upcoming_count),
    })),
    page,
    pageSize: VENUE_DIRECTORY_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}
