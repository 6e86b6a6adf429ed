// Booking benchmark (issue 8): a venue with 1,000 gigs and 20 applicants on each.
//   - the venue dashboard's response time (p50 / p99) and how many queries one request makes;
//   - approvals per second when 50 approvals race on 50 different gigs.
//
//   npx node bench/booking.ts            (npm run bench:booking)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/booking.ts
//
// Settings (environment): BENCH_GIGS (1000), BENCH_APPLICANTS (20), BENCH_REQUESTS (50).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { signUpAs } from '../tests/helpers/accounts.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
};
const GIGS = int('BENCH_GIGS', 1000);
const APPLICANTS = int('BENCH_APPLICANTS', 20);
const REQUESTS = int('BENCH_REQUESTS', 50);
const RACE = 50;

const t = await createTestApp();
const database = t.services.database;
const engine = database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server';

// Counts the statements the database driver is asked to run.
let queries = 0;
if (database.pglite) {
  const pglite = database.pglite as unknown as Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['query', 'exec'] as const) {
    const original = pglite[method].bind(pglite);
    pglite[method] = (...args: unknown[]) => ((queries += 1), original(...args));
  }
} else if (database.pool) {
  const pool = database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => ((queries += 1), original(...args));
}

console.log(`Booking benchmark on ${engine}: a venue with ${GIGS} gigs and ${APPLICANTS} applicants on each`);
const venue = await signUpAs(t, 'venue');
const seedStart = performance.now();
await t.db.execute(sql`
  insert into "user" (id, name, email, role, location, email_verified)
  select 'bench-band-' || n, 'Bench Band ' || n, 'bench-band-' || n || '@bench.test', 'band', 'chicagoland', true
  from generate_series(1, ${APPLICANTS}) n`);
await t.db.execute(sql`
  insert into band_profiles (user_id, name, slug, description, genres)
  select 'bench-band-' || n, 'Bench Band ' || n, 'benchband' || n, 'A band.', array['Rock']
  from generate_series(1, ${APPLICANTS}) n`);
await t.db.execute(sql`
  insert into gigs (region_slug, venue_id, local_date, start_time, end_time, starts_at, description, load_in_sound_check, compensation)
  select 'chicagoland', ${venue.id}, (current_date + (n % 120))::date, '19:00', '22:00',
         ((current_date + (n % 120))::timestamp + interval '19 hours') at time zone 'America/Chicago',
         'Bench gig ' || n, '5pm', '$200'
  from generate_series(1, ${GIGS}) n`);
await t.db.execute(sql`
  insert into gig_applications (gig_id, band_id)
  select g.id, 'bench-band-' || n from gigs g cross join generate_series(1, ${APPLICANTS}) n where g.venue_id = ${venue.id}`);
await t.db.execute(sql`analyze`);
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

// ---------- the venue dashboard ----------
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const PAGE_SIZE = 20;
const lastPage = Math.ceil(GIGS / PAGE_SIZE);

/** Sequential requests for one page of the pending tab: the time each took, and what one costs. */
async function measureDashboard(page: number) {
  const url = `/api/booking/dashboard?page=${page}`;
  await venue.client.get(url); // warm-up
  const times: number[] = [];
  let bytes = 0;
  let queriesPerRequest = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const before = queries;
    const start = performance.now();
    const res = await venue.client.get(url);
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`dashboard answered ${res.status}`);
    bytes = res.text.length;
    queriesPerRequest = queries - before;
    const body = res.json as { counts: { pending: number }; gigs: { applications: unknown[] }[] };
    const cards = body.gigs.reduce((sum, g) => sum + g.applications.length, 0);
    if (body.counts.pending !== GIGS || cards !== body.gigs.length * APPLICANTS || body.gigs.length === 0) {
      throw new Error(`dashboard counted ${body.counts.pending} gigs and showed ${body.gigs.length} with ${cards} applicant cards`);
    }
  }
  times.sort((a, b) => a - b);
  return { page, requests: REQUESTS, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), queriesPerRequest, responseKB: bytes / 1024 };
}
const dashboard = await measureDashboard(1);
const dashboardLast = await measureDashboard(lastPage);

// ---------- 50 approvals racing on 50 gigs ----------
const applications = (await t.db.execute(sql`
  select distinct on (a.gig_id) a.id from gig_applications a join gigs g on g.id = a.gig_id
  where g.venue_id = ${venue.id} and not g.is_approved order by a.gig_id, a.id limit ${RACE}`)) as unknown as { rows?: { id: string }[] } & { id: string }[];
const ids = (applications.rows ?? applications).map((r) => r.id);
const raceStart = performance.now();
const answers = await Promise.all(ids.map((id) => venue.client.post(`/api/booking/applications/${id}/approve`)));
const raceMs = performance.now() - raceStart;
if (answers.some((a) => a.status !== 200)) throw new Error(`approvals answered ${answers.map((a) => a.status).join(',')}`);
const approvals = { approvals: ids.length, wallMs: raceMs, perSecond: ids.length / (raceMs / 1000) };

await t.close();

const result = { date: new Date().toISOString().slice(0, 10), engine, gigs: GIGS, applicantsPerGig: APPLICANTS, dashboard, dashboardLast, approvals };
const line = (d: typeof dashboard) =>
  `  page ${String(d.page).padStart(2)}: p50 ${d.p50Ms.toFixed(1)} ms   p99 ${d.p99Ms.toFixed(1)} ms   ${d.queriesPerRequest} database statements   ${d.responseKB.toFixed(0)} KB JSON`;
console.log(`
venue dashboard: ${GIGS} pending gigs with ${APPLICANTS} applicants each, ${PAGE_SIZE} gigs a page, ${REQUESTS} sequential requests per page
${line(dashboard)}
${line(dashboardLast)}
  (statements include the session lookup)
${RACE} approvals racing on ${RACE} different gigs
  ${approvals.wallMs.toFixed(0)} ms in all, ${approvals.perSecond.toFixed(0)} approvals/s, each gig booked once`);

const name = database.kind === 'pglite' ? 'booking' : 'booking-postgres';
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
await fs.writeFile(path.join(HERE, 'results', `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
