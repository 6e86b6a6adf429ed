// Seeds a large, deterministic scene for load benchmarks: venues, bands and gigs in the three
// regions with a public page (chicagoland, cleveland, cortland). Every table is filled by one
// `insert ... select ... from generate_series(...)` statement, so the database does the work,
// not a JavaScript loop. Expects migrations and regions in place (prepareDatabase) and an
// otherwise empty scene (ids and e-mails are fixed, so a second run would conflict).
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';

export type SceneSize = { venues?: number; bands?: number; gigs?: number };

export type SeededScene = {
  venues: number;
  bands: number;
  gigs: number;
  ms: number;
  /** Per statement, for the log: what took the time. */
  steps: { step: string; ms: number }[];
};

/** The regions the scene uses, by `i % 3`; all have a public page. */
export const BENCH_REGIONS = ['chicagoland', 'cleveland', 'cortland'] as const;

/** Deterministic names and slugs, so a benchmark can ask for a known venue or band. */
export const benchVenueSlug = (i: number) => `benchVenue${i}`;
export const benchBandSlug = (i: number) => `benchband${i}`;

/** A venue's region; the same expression as the SQL below (`v % 3`). */
export const benchVenueRegion = (i: number) => BENCH_REGIONS[i % 3]!;

/**
 * Inserts `venues` venue accounts with profiles, `bands` band accounts with profiles and `gigs`
 * gigs spread from 30 days ago to 90 days ahead, then runs ANALYZE.
 *
 * Gig g is at venue 1 + (g * 7919) % venues (a prime stride, so every venue gets ~gigs/venues
 * gigs spread over the date range) and booked by band 1 + (g * 104729) % bands; 85% are approved
 * and confirmed, the rest open (one in three of those without a band yet); 20% are ticketed.
 */
export async function seedLargeScene(db: Db, { venues = 2000, bands = 10000, gigs = 100000 }: SceneSize = {}): Promise<SeededScene> {
  const started = performance.now();
  const steps: SeededScene['steps'] = [];
  const step = async (name: string, query: Parameters<Db['execute']>[0]) => {
    const t = performance.now();
    await db.execute(query);
    steps.push({ step: name, ms: Math.round(performance.now() - t) });
  };
  const regionArray = sql.raw(`array[${BENCH_REGIONS.map((r) => `'${r}'`).join(', ')}]::text[]`);

  await step(
    'venue users',
    sql`insert into "user" (id, name, email, email_verified, role, location)
        select 'bench-venue-' || v, 'Bench Venue ' || v, 'bench-venue-' || v || '@bench.test', true, 'venue',
               (${regionArray})[v % 3 + 1]
        from generate_series(1, ${venues}::int) as v`,
  );
  await step(
    'venue profiles',
    sql`insert into venue_profiles (user_id, name, slug, address, contact_email, website)
        select 'bench-venue-' || v, 'Bench Venue ' || v, 'benchVenue' || v,
               (100 + v) || ' W Bench St', 'bench-venue-' || v || '@bench.test', 'https://venue' || v || '.bench.test'
        from generate_series(1, ${venues}::int) as v`,
  );
  await step(
    'band users',
    sql`insert into "user" (id, name, email, email_verified, role, location)
        select 'bench-band-' || b, 'Bench Band ' || b, 'bench-band-' || b || '@bench.test', true, 'band',
               (${regionArray})[b % 3 + 1]
        from generate_series(1, ${bands}::int) as b`,
  );
  await step(
    'band profiles',
    sql`insert into band_profiles (user_id, name, slug, description, bio, genres, instagram_url, website)
        select 'bench-band-' || b, 'Bench Band ' || b, 'benchband' || b,
               'Bench Band ' || b || ' plays loud, original music most weekends.',
               repeat('A band made for load tests. ', 8),
               string_to_array((array['Rock,Indie', 'Jazz,Blues', 'Punk,Garage', 'Folk,Americana', 'Hip-Hop,Soul', 'Metal,Hardcore'])[b % 6 + 1], ','),
               'https://instagram.com/benchband' || b, 'https://benchband' || b || '.bench.test'
        from generate_series(1, ${bands}::int) as b`,
  );
  await step(
    'gigs',
    sql`insert into gigs (id, region_slug, venue_id, band_id, created_by, local_date, start_time, end_time, starts_at,
                          description, compensation, cover_charge, is_approved, status, approved_at,
                          is_ticketed, ticket_price_cents, ticket_quantity, tickets_sold, band_percent, organiser_percent)
        select md5('bench-gig-' || g)::uuid, s.region, 'bench-venue-' || s.v,
               case when s.approved or g % 3 <> 0 then 'bench-band-' || s.b end,
               'bench-venue-' || s.v,
               s.local_date, s.start_time, to_char(s.start_time::time + interval '3 hours', 'HH24:MI'),
               (s.local_date + s.start_time::time) at time zone r.time_zone,
               'Gig ' || g || ' at Bench Venue ' || s.v || ': doors at seven, all ages until nine.',
               case when s.approved then '$' || (100 + g % 400) || ' guarantee' else 'Door split' end,
               case when g % 4 = 0 then '$' || (5 + g % 15) end,
               s.approved,
               (case when s.approved then 'confirmed' else 'open' end)::gig_status,
               case when s.approved then s.local_date - 14 end,
               s.ticketed,
               case when s.ticketed then 1000 + (g % 20) * 100 end,
               case when s.ticketed then 100 + g % 200 end,
               case when s.ticketed then (g * 13) % 100 else 0 end,
               50 + (g % 3) * 5, 25 - (g % 3) * 5
        from (
          select g,
                 1 + (g::bigint * 7919) % ${venues}::int as v,
                 1 + (g::bigint * 104729) % ${bands}::int as b,
                 (${regionArray})[(1 + (g::bigint * 7919) % ${venues}::int) % 3 + 1] as region,
                 current_date - 30 + (g % 121) as local_date,
                 (array['19:00', '19:30', '20:00', '20:30', '21:00', '21:30'])[g % 6 + 1] as start_time,
                 (g * 37) % 100 < 85 as approved,
                 (g * 11) % 100 < 20 as ticketed
          from generate_series(1, ${gigs}::int) as g
        ) s
        join regions r on r.slug = s.region`,
  );
  await step('analyze', sql`analyze`);
  return { venues, bands, gigs, ms: Math.round(performance.now() - started), steps };
}
