// Signed-in pages benchmark (issue 22): the statement budget of the screens people use every day.
// For the organiser dashboards (venue /dashboard, /promoter-dashboard), the band dashboard,
// /open-jam and /gear-swap, every API request the screen makes when it opens is sent the way the
// browser sends it, once the scene is small and once it is BENCH_SCALE times larger, and for each:
//   - the SQL statements the database driver runs for it (the session read included);
//   - p50 / p99 over BENCH_REQUESTS sequential requests, and the response size.
// Fails (exit 1) if a request's statement count is not the same at both sizes, or if a request
// does not answer with the data it should.
//
//   npx node bench/signed-in-pages.ts            (npm run bench:signed-in)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/signed-in-pages.ts
//
// Settings (environment): BENCH_SCALE (10), BENCH_REQUESTS (100). A run with either set writes
// results/signed-in-pages-partial.* (or -postgres-partial.*) instead of the figures the READMEs quote.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import { createTestApp, type TestApp, type TestClient } from '../tests/helpers/test-app.ts';
import { signUpAs, verifyVenue } from '../tests/helpers/accounts.ts';
import { givePaymentAccount } from '../tests/helpers/payments.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
};
const SCALE = int('BENCH_SCALE', 10);
const REQUESTS = int('BENCH_REQUESTS', 100);
const POOL_SIZE = 10; // what main.ts opens on a PostgreSQL server
if (SCALE < 2) throw new Error('BENCH_SCALE must be at least 2: the large scene is that many times the small one');
const loadAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);

// ---------- counting the statements the database is sent ----------
// PostgreSQL: every statement goes through a pooled pg.Client (transactions included).
// PGlite: statements outside a transaction go through pglite.query/exec, those inside through the
// transaction's own handle; BEGIN and COMMIT are counted as the two statements they are.
// While `captured` is set, each statement's text and parameters are kept too, for its query plan.
let statements = 0;
type CapturedStatement = { text: string; params: unknown[] };
let captured: CapturedStatement[] | null = null;
const capture = (args: unknown[]) => {
  const [query, params] = args as [string | { text: string; values?: unknown[] }, unknown];
  captured?.push({ text: typeof query === 'string' ? query : query.text, params: Array.isArray(params) ? params : typeof query === 'string' ? [] : (query.values ?? []) });
};
let isClientCounted = false;
function countStatements(database: Database) {
  if (database.pglite) {
    type Runner = Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>>;
    const countOn = (target: Runner) => {
      for (const method of ['query', 'exec'] as const) {
        const original = target[method].bind(target);
        target[method] = (...args: unknown[]) => ((statements += 1), capture(args), original(...args));
      }
    };
    const pglite = database.pglite as unknown as Runner & { transaction: (fn: (tx: Runner) => Promise<unknown>) => Promise<unknown> };
    countOn(pglite);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (fn) => ((statements += 2), transaction((tx) => (countOn(tx), fn(tx))));
  } else if (!isClientCounted) {
    isClientCounted = true;
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      statements += 1;
      capture(args);
      return original.apply(this, args);
    };
  }
}

// ---------- the scene ----------
type Size = 'small' | 'large';
/** How much of everything there is; `s` is 1 for the small scene and BENCH_SCALE for the large one. */
const sceneOf = (s: number) => ({
  bands: 20 * s,
  applicantsPerGig: 2 * s, // the band itself and 2s-1 others on every open gig
  venuePendingGigs: 50 * s,
  venueApprovedGigs: 30 * s,
  venuePastGigs: 20 * s,
  promoterPendingGigs: 10 * s,
  promoterApprovedGigs: 10 * s,
  ticketsPerGig: 3 * s,
  otherPromoters: 3 * s,
  // The rest of the scene, so that the viewers' own rows are a minority of every table (query plans):
  // other venues in three regions, each with approved, ticketed gigs (half past) and open gigs.
  otherVenues: 10 * s,
  otherVenueApprovedGigs: 20,
  otherVenueOpenGigs: 5,
  jamSessions: 3 * s,
  songsPerSession: 5 * s,
  sellers: 10 * s,
  gearListings: 30 * s,
  directoryVenues: 50 * s,
  campaigns: 2 * s,
  emailsPerCampaign: 10 * s,
});
type Scene = ReturnType<typeof sceneOf>;

type Accounts = Record<'venue' | 'promoter' | 'band' | 'musician', { client: TestClient; id: string }>;

/**
 * Accounts through the real registration endpoint; everything else with `insert ... select ...
 * from generate_series(...)`, as booking.ts does. Gigs are in Chicagoland: open ones over the next
 * 120 days, approved ones over the next 120 days and the last 60 (ticketed, with paid orders,
 * tickets, band transfers and held organiser shares).
 */
async function seedScene(t: TestApp, scene: Scene): Promise<Accounts> {
  const venue = await signUpAs(t, 'venue');
  await verifyVenue(t, venue.id);
  const promoter = await signUpAs(t, 'promoter');
  const band = await signUpAs(t, 'band');
  const musician = await signUpAs(t, 'musician');
  for (const payee of [venue, promoter, band]) await givePaymentAccount(t.db, payee.id);
  const [V, P, B, M] = [venue.id, promoter.id, band.id, musician.id];
  const run = (query: ReturnType<typeof sql>) => t.db.execute(query);

  // Bands, sellers and other promoters
  await run(sql`insert into "user" (id, name, email, role, location, email_verified)
    select 'bench-band-' || n, 'Bench Band ' || n, 'bench-band-' || n || '@bench.test', 'band', 'chicagoland', true from generate_series(1, ${scene.bands}::int) n`);
  await run(sql`insert into band_profiles (user_id, name, slug, description, genres)
    select 'bench-band-' || n, 'Bench Band ' || n, 'benchband' || n, 'A band.', array['Rock', 'Blues'] from generate_series(1, ${scene.bands}::int) n`);
  await run(sql`insert into "user" (id, name, email, role, location, email_verified)
    select 'bench-seller-' || n, 'Seller ' || n, 'bench-seller-' || n || '@bench.test', 'musician', (array['chicagoland', 'cleveland', 'cortland'])[1 + n % 3], true
    from generate_series(1, ${scene.sellers}::int) n`);
  await run(sql`insert into "user" (id, name, email, role, location, email_verified)
    select 'bench-promoter-' || n, 'Promoter ' || n, 'bench-promoter-' || n || '@bench.test', 'promoter', 'chicagoland', true from generate_series(1, ${scene.otherPromoters}::int) n`);
  await run(sql`insert into promoter_profiles (user_id, name, slug) select 'bench-promoter-' || n, 'Bench Promoter ' || n, 'benchpromoter' || n from generate_series(1, ${scene.otherPromoters}::int) n`);
  await run(sql`insert into promoter_venues (promoter_id, venue_id, status, decided_at)
    select 'bench-promoter-' || n, ${V}, (case when n % 2 = 0 then 'accepted' else 'pending' end)::promoter_venue_status, case when n % 2 = 0 then now() end
    from generate_series(1, ${scene.otherPromoters}::int) n
    union all select ${P}, ${V}, 'accepted', now()`);

  await run(sql`insert into "user" (id, name, email, role, location, email_verified)
    select 'bench-venue-' || n, 'Bench Venue ' || n, 'bench-venue-' || n || '@bench.test', 'venue', (array['chicagoland', 'cleveland', 'cortland'])[1 + n % 3], true
    from generate_series(1, ${scene.otherVenues}::int) n`);
  await run(sql`insert into venue_profiles (user_id, name, slug, address, verified_at)
    select 'bench-venue-' || n, 'Bench Venue ' || n, 'benchVenue' || n, n || ' Main St', now() from generate_series(1, ${scene.otherVenues}::int) n`);

  // Gigs: the venue's own (open, approved, past), the promoter's at the venue (open, approved), and
  // the other venues' (approved and open) in their own regions.
  const gigRows = (count: number, date: ReturnType<typeof sql>, rest: ReturnType<typeof sql>) =>
    run(sql`insert into gigs (region_slug, venue_id, promoter_id, band_id, local_date, start_time, end_time, starts_at, description, load_in_sound_check, compensation, cover_charge,
                              is_approved, status, approved_at, followers_notified_at, is_ticketed, ticket_price_cents, ticket_quantity)
      select u.location, r.venue_id, r.promoter_id, r.band_id, d, '19:00', '22:00', (d::timestamp + interval '19 hours') at time zone tz.time_zone,
             'Bench gig ' || n || ', rock and blues bands welcome', '5pm', '$200 and a share of the door', '$10',
             r.is_approved, (case when r.is_approved then 'confirmed' else 'open' end)::gig_status, case when r.is_approved then now() end,
             case when r.is_approved then now() end, r.is_approved, case when r.is_approved then 2000 end, case when r.is_approved then ${100 * SCALE}::int end
      from generate_series(1, ${count}::int) n, lateral (select ${date} as d) x, lateral (${rest}) r
      join "user" u on u.id = r.venue_id join regions tz on tz.slug = u.location`);
  const upcoming = sql`(current_date + 1 + n % 120)::date`;
  const past = sql`(current_date - 2 - n % 60)::date`;
  const someBand = sql`case when n % 3 = 0 then ${B} else 'bench-band-' || (1 + n % ${scene.bands}::int) end`;
  const atVenue = sql`${V}::text as venue_id`;
  await gigRows(scene.venuePendingGigs, upcoming, sql`select ${atVenue}, null::text as promoter_id, null::text as band_id, false as is_approved`);
  await gigRows(scene.venueApprovedGigs, upcoming, sql`select ${atVenue}, null::text as promoter_id, ${someBand} as band_id, true as is_approved`);
  await gigRows(scene.venuePastGigs, past, sql`select ${atVenue}, null::text as promoter_id, ${someBand} as band_id, true as is_approved`);
  await gigRows(scene.promoterPendingGigs, upcoming, sql`select ${atVenue}, ${P}::text as promoter_id, null::text as band_id, false as is_approved`);
  await gigRows(scene.promoterApprovedGigs, upcoming, sql`select ${atVenue}, ${P}::text as promoter_id, ${B}::text as band_id, true as is_approved`);
  const otherVenue = sql`'bench-venue-' || (1 + n % ${scene.otherVenues}::int) as venue_id`;
  const otherBand = sql`'bench-band-' || (1 + n % ${scene.bands}::int)`;
  await gigRows(scene.otherVenues * scene.otherVenueApprovedGigs, sql`case when (n / ${scene.otherVenues}::int) % 2 = 0 then ${past} else ${upcoming} end`, sql`select ${otherVenue}, null::text as promoter_id, ${otherBand} as band_id, true as is_approved`);
  await gigRows(scene.otherVenues * scene.otherVenueOpenGigs, upcoming, sql`select ${otherVenue}, null::text as promoter_id, null::text as band_id, false as is_approved`);

  // Applications: the band and others on every open gig at the venue, two others on each elsewhere;
  // the band's own won applications on the venue's gigs it plays; the promoter's gigs booked the
  // band directly ('Band already Chosen', D34).
  await run(sql`insert into gig_applications (gig_id, band_id, created_at) select g.id, ${B}, now() - interval '2 days' from gigs g where not g.is_approved and g.venue_id = ${V}`);
  await run(sql`insert into gig_applications (gig_id, band_id, created_at)
    select g.id, 'bench-band-' || n, now() - interval '1 day' + n * interval '1 minute' from gigs g cross join generate_series(1, ${scene.applicantsPerGig - 1}::int) n
    where not g.is_approved and (g.venue_id = ${V} or n <= 2)`);
  await run(sql`insert into gig_applications (gig_id, band_id, status) select g.id, ${B}, 'accepted' from gigs g where g.band_id = ${B} and g.promoter_id is null`);
  await run(sql`insert into band_bookings (gig_id, band_id, decline_token_hash) select g.id, ${B}, md5(g.id::text) from gigs g where g.promoter_id = ${P} and g.is_approved`);

  // Tickets on every approved gig: paid orders (split 1000 / 500 / 800 cents), used at past gigs,
  // the band's share transferred, the organiser's held (D11).
  await run(sql`with o as (
      insert into orders (gig_id, buyer_email, quantity, face_cents, fee_cents, total_cents, status, provider, band_share_cents, organiser_share_cents, platform_share_cents, paid_at)
      select g.id, 'fan-' || n || '@bench.test', 1, 2000, 300, 2300, 'paid', 'sandbox', 1000, 500, 800, now()
      from gigs g cross join generate_series(1, ${scene.ticketsPerGig}::int) n where g.is_ticketed
      returning id, gig_id, buyer_email)
    insert into tickets (id, order_id, gig_id, holder_email, status, used_at, used_by)
    select 'bench-' || md5(o.id::text), o.id, o.gig_id, o.buyer_email,
           (case when g.local_date < current_date then 'used' else 'valid' end)::ticket_status, case when g.local_date < current_date then now() end,
           case when g.local_date < current_date then g.venue_id end
    from o join gigs g on g.id = o.gig_id`);
  await run(sql`insert into transfers (order_id, payee_user_id, kind, amount_cents, status)
    select o.id, g.band_id, 'band_share', o.band_share_cents, 'paid' from orders o join gigs g on g.id = o.gig_id`);
  await run(sql`insert into held_payments (gig_id, payee_user_id, amount_cents, ticket_count)
    select o.gig_id, coalesce(g.promoter_id, g.venue_id), sum(o.organiser_share_cents), count(*) from orders o join gigs g on g.id = o.gig_id group by o.gig_id, g.promoter_id, g.venue_id`);
  await run(sql`update gigs set tickets_sold = (select count(*) from tickets where tickets.gig_id = gigs.id) where is_ticketed`);

  // Open jam: the venue's sessions, each with its songs and four slots taken (some by the musician)
  await run(sql`insert into jam_sessions (region_slug, venue_id, local_date, location, time_start, time_end, time_zone, house_band, created_by)
    select 'chicagoland', ${V}, current_date + 1 + n, 'The bench stage', '19:00', '23:00', 'America/Chicago', array['The House Band'], ${V} from generate_series(1, ${scene.jamSessions}::int) n`);
  await run(sql`insert into jam_songs (session_id, song, created_by, song_order)
    select s.id, 'Song ' || n, case when n % 4 = 0 then ${M} end, n from jam_sessions s cross join generate_series(1, ${scene.songsPerSession}::int) n`);
  await run(sql`insert into jam_song_slots (song_id, slot, name, user_id)
    select js.id, slot::jam_slot, 'Player ' || js.song_order, case when slot = 'drums' and js.song_order % 3 = 0 then ${M} end
    from jam_songs js cross join unnest(array['artist', 'drums', 'bass', 'guitar1']) slot`);

  // Gear swap: listings from sellers in three regions (every seventh sold), two of the musician's own
  await run(sql`insert into gear_listings (user_id, title, description, price, email, phone, image_urls, is_sold, created_at)
    select 'bench-seller-' || (1 + n % ${scene.sellers}::int), 'Guitar amp ' || n, 'A 40 W combo amp, number ' || n || ', lightly used.', '$' || (100 + n),
           'bench-seller-' || (1 + n % ${scene.sellers}::int) || '@bench.test', '312-555-0100', array['/uploads/gear-' || n || '.jpg'], n % 7 = 0, now() - n * interval '1 hour'
    from generate_series(1, ${scene.gearListings}::int) n
    union all select ${M}, 'My pedalboard ' || n, 'Six pedals on a board.', '$250', null, null, '{}', false, now() - n * interval '1 minute' from generate_series(1, 2) n`);

  // Outreach: a venue directory in three regions, and the band's campaigns with their e-mails
  await run(sql`insert into venue_directory (name, region_slug, city, state, email)
    select 'Directory Venue ' || n, (array['chicagoland', 'chicagoland', 'cleveland', 'cortland'])[1 + n % 4], 'Chicago', 'IL', 'directory-' || n || '@venues.test'
    from generate_series(1, ${scene.directoryVenues}::int) n`);
  await run(sql`insert into outreach_campaigns (band_id, package_id, region_slug, status, venues_targeted, venues_reached, created_at)
    select ${B}, 'opener-premium', 'chicagoland', 'completed', ${scene.emailsPerCampaign}::int, ${scene.emailsPerCampaign}::int, now() - n * interval '1 day'
    from generate_series(1, ${scene.campaigns}::int) n`);
  await run(sql`insert into outreach_emails (campaign_id, venue_directory_id, to_email, response_token, created_at)
    select c.id, v.id, v.email, md5(c.id::text || v.id::text), c.created_at
    from outreach_campaigns c cross join lateral (select id, email from venue_directory where region_slug = 'chicagoland' order by name limit ${scene.emailsPerCampaign}::int) v`);
  await run(sql`insert into outbox (id, to_address, from_address, subject, text_body, kind, status, sent_at, created_at)
    select e.id, e.to_email, 'outreach@marquee.test', 'Booking enquiry', 'Hello', 'venue_outreach', 'sent', e.created_at, e.created_at from outreach_emails e`);
  await run(sql`update outreach_emails set outbox_id = id`);

  await run(sql`analyze`);
  return { venue, promoter, band, musician };
}

// ---------- the screens and the requests each makes when it opens ----------
// The parts of each answer the benchmark looks at.
type MeJson = { me: { user: { id: string; role: string }; profile: { name?: string } | null } | null };
type DashboardJson = { role: string; tab: 'pending' | 'approved' | 'past'; counts: Record<string, number>; gigs: { applications: unknown[] }[]; promoterGigs: { total: number; gigs: unknown[] } };
type SalesReportJson = { year: number; gigs: unknown[]; totals: { ticketsSold: number } };
type JamSheetsJson = { sessions: { songs: { cells: Record<string, unknown> }[] }[] };

/** A request a screen makes, and what its answer holds in a few words (it throws when the scene's data is missing). */
type Request = { name: string; url: string; describe: (json: unknown) => string };
const request = <T>(name: string, url: string, describe: (json: T) => string): Request => ({ name, url, describe: (json) => describe(json as T) });
type Screen = { name: string; route: string; viewer: keyof Accounts; requests: Request[]; note?: string };

const need = (condition: boolean, what: string) => {
  if (!condition) throw new Error(`missing: ${what}`);
};
const sessionAndProfile = request<MeJson>('session and profile', '/api/me', ({ me }) => {
  need(Boolean(me?.user.id), 'the signed-in account');
  return `${me!.user.role}${me!.profile?.name ? ', with profile' : ''}`;
});
const organiserGigs = request<DashboardJson>('gigs', '/api/booking/dashboard?page=1', (json) => {
  const cards = json.gigs.reduce((sum, g) => sum + g.applications.length, 0);
  need(json.gigs.length > 0 && cards > 0, 'gigs with applicants');
  const promoterGigs = json.role === 'venue' ? `, ${json.promoterGigs.gigs.length} of ${json.promoterGigs.total} promoter gigs` : '';
  return `${json.tab} tab: ${json.gigs.length} of ${json.counts[json.tab]} gigs, ${cards} applicant cards${promoterGigs}`;
});
const paymentSetup = request<{ status: string }>('payment setup', '/api/payments/account', ({ status }) => (need(status === 'complete', 'a complete payment account'), status));
const salesReport = request<SalesReportJson>('sales report', '/api/payments/report', (json) => {
  need(json.gigs.length > 0 && json.totals.ticketsSold > 0, 'gigs with tickets sold');
  return `${json.year}: ${json.gigs.length} gigs, ${json.totals.ticketsSold} tickets`;
});
// Decision 46: open refund requests from ticket pages (the scene has none: the statements are what counts).
const refundRequests = request<{ requests: unknown[] }>('refund requests', '/api/refund-requests', ({ requests }) => `${requests.length} open`);
const count = <K extends string>(key: K, what: string) => (json: Record<K, unknown[]>) => (need(json[key].length > 0, what), `${json[key].length} ${what}`);

const SCREENS: Screen[] = [
  {
    name: 'venue dashboard',
    route: '/dashboard (venue)',
    viewer: 'venue',
    requests: [
      sessionAndProfile,
      organiserGigs,
      refundRequests,
      paymentSetup,
      request('promoter requests', '/api/venue/promoters', count('requests', 'promoters')),
      salesReport,
      request<{ sessions: { songCount: number }[] }>('jam sessions', '/api/jam/manage', ({ sessions }) => {
        const songs = sessions.reduce((sum, s) => sum + s.songCount, 0);
        need(sessions.length > 0 && songs > 0, 'jam sessions with songs');
        return `${sessions.length} sessions, ${songs} songs`;
      }),
    ],
  },
  {
    name: 'promoter dashboard',
    route: '/promoter-dashboard',
    viewer: 'promoter',
    requests: [sessionAndProfile, organiserGigs, refundRequests, paymentSetup, salesReport],
  },
  {
    name: 'band dashboard',
    route: '/dashboard (band)',
    viewer: 'band',
    requests: [
      sessionAndProfile,
      request<{ shows: { isBookedForYou: boolean }[] }>('shows', '/api/booking/my-shows', ({ shows }) => {
        need(shows.some((s) => s.isBookedForYou) && shows.some((s) => !s.isBookedForYou), 'shows won and shows booked directly');
        return `${shows.length} shows`;
      }),
      request('applications', '/api/booking/my-applications', count('applications', 'applications')),
      request<{ total: number; gigs: { applications: unknown[] }[] }>('open gigs', '/api/booking/open-gigs', ({ total, gigs }) => {
        const applied = gigs.filter((g) => g.applications.length > 0).length;
        need(gigs.length > 0 && applied > 0, 'open gigs, some applied to');
        return `${gigs.length} of ${total} gigs, ${applied} applied to`;
      }),
      salesReport,
      paymentSetup,
      request<{ locations: { venuesWithEmail: number }[] }>('outreach options', '/api/outreach/options', ({ locations }) => {
        const reachable = locations.reduce((sum, l) => sum + l.venuesWithEmail, 0);
        need(reachable > 0, 'venues to reach');
        return `${locations.length} locations, ${reachable} venues to reach`;
      }),
      request('outreach campaigns', '/api/outreach/dashboard', count('campaigns', 'campaigns')),
    ],
  },
  {
    name: 'open jam',
    route: '/open-jam',
    viewer: 'musician',
    note: 'and a live stream (/api/live), not measured',
    requests: [
      sessionAndProfile,
      request<JamSheetsJson>('sheets', '/api/jam/sessions', ({ sessions }) => {
        const songs = sessions.flatMap((s) => s.songs);
        const taken = songs.reduce((sum, song) => sum + Object.values(song.cells).filter(Boolean).length, 0);
        need(songs.length > 0 && taken > 0, 'sheets with songs and slots taken');
        return `${sessions.length} sessions, ${songs.length} songs, ${taken} slots taken`;
      }),
    ],
  },
  {
    name: 'gear swap',
    route: '/gear-swap',
    viewer: 'musician',
    note: 'and a live stream (/api/live), not measured',
    requests: [
      sessionAndProfile,
      request<{ listings: unknown[]; total: number; isContactHidden: boolean }>('listings', '/api/gear?page=1', ({ listings, total, isContactHidden }) => {
        need(listings.length > 0 && !isContactHidden, 'listings with contacts');
        return `${listings.length} of ${total} listings`;
      }),
    ],
  },
];

// ---------- measuring ----------
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
type Measured = { statements: number; statementsSeen: number[]; p50Ms: number; p99Ms: number; responseKB: number; shows: string };

/** One warm-up, then REQUESTS sequential requests; the statements of each are counted. */
async function measure(client: TestClient, request: Request): Promise<Measured> {
  const first = await client.get(request.url);
  if (first.status !== 200) throw new Error(`${request.url} answered ${first.status}: ${first.text.slice(0, 300)}`);
  const shows = request.describe(first.json);
  const times: number[] = [];
  const seen = new Set<number>();
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const before = statements;
    const start = performance.now();
    const res = await client.get(request.url);
    times.push(performance.now() - start);
    seen.add(statements - before);
    if (res.status !== 200) throw new Error(`${request.url} answered ${res.status}: ${res.text.slice(0, 300)}`);
    bytes = Buffer.byteLength(res.text);
  }
  times.sort((a, b) => a - b);
  const statementsSeen = [...seen].sort((a, b) => a - b);
  return { statements: statementsSeen.at(-1)!, statementsSeen, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), responseKB: bytes / 1024, shows };
}

// ---------- query plans (large scene) ----------
/** Tables that grow with the scene: reading one of them whole is a concern. */
const LARGE_TABLES = ['gigs', 'gig_applications', 'tickets', 'orders', 'transfers', 'held_payments', 'jam_songs', 'jam_song_slots', 'gear_listings', 'outreach_emails', 'outbox'];
const SLOW_MS = 20;
/** A statement's plan; the whole plan is kept only for the statements listed as a concern. */
type PlanReport = { sql: string; executionMs: number | null; scans: string[]; concern: string | null; plan: string | null };

/** EXPLAIN (ANALYZE, BUFFERS) of every statement one request sent. */
async function explainRequest(database: Database, client: TestClient, url: string): Promise<PlanReport[]> {
  captured = [];
  await client.get(url);
  const statementsSent = captured;
  captured = null;
  const query = (text: string, params: unknown[]) =>
    (database.pglite ? database.pglite.query(text, params) : database.pool!.query(text, params)) as Promise<{ rows: Record<string, unknown>[] }>;
  const reports: PlanReport[] = [];
  for (const { text, params } of statementsSent) {
    const { rows } = await query(`explain (analyze, buffers) ${text}`, params);
    const plan = rows.map((row) => String(Object.values(row)[0])).join('\n');
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
    const scans = [...new Set([...plan.matchAll(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)? (?:using (\S+) )?on (\S+)/g)].map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`))];
    const wholeTables = scans.filter((scan) => scan.startsWith('Seq Scan on ') && LARGE_TABLES.includes(scan.slice('Seq Scan on '.length)));
    const concerns = [...wholeTables.map((scan) => `sequential scan of ${scan.slice('Seq Scan on '.length)}`), executionMs > SLOW_MS && `execution ${executionMs} ms > ${SLOW_MS} ms`].filter(Boolean);
    const concern = concerns.length ? concerns.join('; ') : null;
    reports.push({ sql: text, executionMs: Number.isFinite(executionMs) ? executionMs : null, scans, concern, plan: concern ? plan : null });
  }
  return reports;
}

type RowCounts = Record<string, number>;
async function countRows(t: TestApp): Promise<RowCounts> {
  const result = (await t.db.execute(sql`select
      (select count(*) from gigs)::int as gigs, (select count(*) from gig_applications)::int as applications, (select count(*) from tickets)::int as tickets,
      (select count(*) from jam_songs)::int as jam_songs, (select count(*) from jam_song_slots)::int as jam_slots, (select count(*) from gear_listings)::int as gear_listings,
      (select count(*) from outreach_emails)::int as outreach_emails, (select count(*) from promoter_venues)::int as promoter_requests`)) as unknown as { rows?: RowCounts[] } & RowCounts[];
  return (result.rows ?? result)[0]!;
}

const results: Record<Size, { scale: number; seedSeconds: number; rows: RowCounts; measured: Measured[][] }> = {} as never;
let plans: PlanReport[][][] = [];
let engine = '';
for (const [size, scale] of [['small', 1], ['large', SCALE]] as const) {
  const t = await createTestApp({ poolSize: POOL_SIZE });
  countStatements(t.services.database);
  engine = t.services.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server';
  if (size === 'small') console.log(`Signed-in pages benchmark on ${engine}: a small scene and one ${SCALE} times larger, ${REQUESTS} sequential requests each`);
  const seedStart = performance.now();
  const accounts = await seedScene(t, sceneOf(scale));
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const rows = await countRows(t);
  console.log(`${size} scene (x${scale}) seeded in ${seedSeconds.toFixed(1)} s: ${Object.entries(rows).map(([k, v]) => `${v} ${k.replace(/_/g, ' ')}`).join(', ')}`);
  const measured: Measured[][] = [];
  for (const screen of SCREENS) {
    const client = accounts[screen.viewer].client;
    const perRequest: Measured[] = [];
    for (const request of screen.requests) perRequest.push(await measure(client, request));
    measured.push(perRequest);
  }
  results[size] = { scale, seedSeconds, rows, measured };
  if (size === 'large') {
    plans = [];
    for (const screen of SCREENS) {
      const perRequest: PlanReport[][] = [];
      for (const request of screen.requests) perRequest.push(await explainRequest(t.services.database, accounts[screen.viewer].client, request.url));
      plans.push(perRequest);
    }
  }
  await t.close();
}

// ---------- report ----------
const kb = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const ms = (n: number) => n.toFixed(1);
const failures: string[] = [];
const screens = SCREENS.map((screen, s) => ({
  screen: screen.name,
  route: screen.route,
  note: screen.note ?? null,
  requests: screen.requests.map((request, r) => {
    const small = results.small.measured[s]![r]!;
    const large = results.large.measured[s]![r]!;
    const isSame = small.statementsSeen.length === 1 && large.statementsSeen.length === 1 && small.statements === large.statements;
    if (!isSame) failures.push(`${screen.name}: ${request.url} ran ${small.statementsSeen.join('/')} statements on the small scene and ${large.statementsSeen.join('/')} on the large one`);
    return { name: request.name, url: request.url, isStatementCountFixed: isSame, small, large, largeScenePlans: plans[s]![r]! };
  }),
}));

const table = [
  `| screen | request | statements small / large | p50 / p99 ms, small | p50 / p99 ms, large | KB small / large | large scene's response |`,
  `|---|---|---:|---:|---:|---:|---|`,
  ...screens.flatMap((screen) =>
    screen.requests.map((r, i) => {
      const count = r.isStatementCountFixed ? `${r.small.statements} / ${r.large.statements}` : `**${r.small.statementsSeen.join('/')} / ${r.large.statementsSeen.join('/')}**`;
      return `| ${i === 0 ? `${screen.screen} \`${screen.route}\`` : ''} | ${r.name} \`${r.url}\` | ${count} | ${ms(r.small.p50Ms)} / ${ms(r.small.p99Ms)} | ${ms(r.large.p50Ms)} / ${ms(r.large.p99Ms)} | ${kb(r.small.responseKB)} / ${kb(r.large.responseKB)} | ${r.large.shows} |`;
    }),
  ),
];
const totals = screens.map((screen) => {
  const sum = (size: Size) => screen.requests.reduce((n, r) => n + r[size].statements, 0);
  return `| ${screen.screen} | ${screen.requests.length} | ${sum('small')} / ${sum('large')} |`;
});
const concerns = screens.flatMap((screen) =>
  screen.requests.flatMap((r) =>
    r.largeScenePlans.filter((p) => p.concern).map((p) => `| ${screen.screen}: ${r.name} | ${p.concern} | ${p.scans.join(', ')} | \`${p.sql.replace(/\s+/g, ' ').slice(0, 120)}…\` |`),
  ),
);
const rowLine = (size: Size) => Object.entries(results[size].rows).map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replace(/_/g, ' ')}`).join(', ');
const date = new Date().toISOString().slice(0, 10);
const markdown = `# Signed-in pages: statements, latency and size per request

${date}, ${engine}, ${os.availableParallelism()} cores (load average ${loadAtStart.join(', ')} at the start).
Each request ${REQUESTS} times in a row through \`app.fetch\`, after one warm-up; statements counted at the database driver, the session read included.

- small scene: ${rowLine('small')}
- large scene (x${SCALE}): ${rowLine('large')}

${table.join('\n')}

| screen | requests when it opens | statements in all, small / large |
|---|---:|---:|
${totals.join('\n')}

Query plans on the large scene (\`EXPLAIN (ANALYZE, BUFFERS)\` of every statement; the plans of those listed are in the JSON file): ${
  concerns.length
    ? `${concerns.length} statements to look at (a sequential scan of a table that grows, or over ${SLOW_MS} ms):\n\n| request | concern | scans | statement |\n|---|---|---|---|\n${concerns.join('\n')}`
    : `no sequential scan of a table that grows, none over ${SLOW_MS} ms.`
}

${failures.length ? `**The budget is broken:**\n\n${failures.map((f) => `- ${f}`).join('\n')}` : 'Every request ran the same number of statements at both sizes.'}
`;
console.log(`\n${markdown}`);

// A run with other settings does not replace the figures the READMEs quote.
const isDefaultRun = !process.env.BENCH_SCALE && !process.env.BENCH_REQUESTS;
const name = `signed-in-pages${engine.startsWith('PGlite') ? '' : '-postgres'}${isDefaultRun ? '' : '-partial'}`;
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
const json = {
  date,
  engine,
  machine: { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model.trim() ?? 'unknown', loadAverageAtStart: loadAtStart },
  settings: { scale: SCALE, requests: REQUESTS, poolSize: engine.startsWith('PGlite') ? null : POOL_SIZE },
  scenes: { small: { ...sceneOf(1), rows: results.small.rows, seedSeconds: results.small.seedSeconds }, large: { ...sceneOf(SCALE), rows: results.large.rows, seedSeconds: results.large.seedSeconds } },
  isBudgetKept: failures.length === 0,
  failures,
  screens,
};
await fs.writeFile(path.join(HERE, 'results', `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
await fs.writeFile(path.join(HERE, 'results', `${name}.md`), markdown);
console.log(`written: bench/results/${name}.json and .md`);
if (failures.length) process.exit(1);
