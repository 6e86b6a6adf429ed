// Weekly digest benchmark (issue 12): a digest for BENCH_FANS fans across the regions, from the
// admin's 'Send Weekly Digest' until every message is in the outbox; then a second run at once, which must
// send nothing (one digest per person per week).
//
//   npx node bench/digest.ts            (npm run bench:digest)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/digest.ts
//
// Settings (environment): BENCH_FANS (20000).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { signUpAs } from '../tests/helpers/accounts.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FANS = Number(process.env.BENCH_FANS ?? 20_000);
if (!Number.isInteger(FANS) || FANS < 1) throw new Error('BENCH_FANS must be a whole number >= 1');

const t = await createTestApp();
const engine = t.services.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server';
console.log(`Weekly digest benchmark on ${engine}: ${FANS} fans and musicians across the regions`);

// The scene: one venue and band per region with a gig on each of the coming days; fans spread over the regions.
const seedStart = performance.now();
const rows = (await t.db.execute(sql`select slug, time_zone from regions order by sort_order`)) as unknown as { rows?: { slug: string }[] } & { slug: string }[];
const slugs = (rows.rows ?? rows).map((r) => r.slug);
await t.db.execute(sql`
  insert into "user" (id, name, email, role, location, email_verified)
  select 'bench-venue-' || slug, 'Bench Venue ' || slug, 'bench-venue-' || slug || '@bench.test', 'venue'::user_role, slug, true from regions
  union all
  select 'bench-band-' || slug, 'Bench Band ' || slug, 'bench-band-' || slug || '@bench.test', 'band'::user_role, slug, true from regions`);
await t.db.execute(sql`insert into venue_profiles (user_id, name, slug, address) select 'bench-venue-' || slug, 'Bench Venue ' || slug, 'benchvenue' || replace(slug, '-', ''), '1 Main St' from regions`);
await t.db.execute(sql`insert into band_profiles (user_id, name, slug, description, genres) select 'bench-band-' || slug, 'Bench Band ' || slug, 'benchband' || replace(slug, '-', ''), 'A band.', array['Rock'] from regions`);
await t.db.execute(sql`
  insert into gigs (region_slug, venue_id, band_id, local_date, start_time, end_time, starts_at, description, is_approved, status)
  select g.region_slug, 'bench-venue-' || g.region_slug, 'bench-band-' || g.region_slug, (now() at time zone g.time_zone)::date + d, '20:00', '23:00',
         (((now() at time zone g.time_zone)::date + d)::timestamp + interval '20 hours') at time zone g.time_zone, 'Bench gig', true, 'confirmed'
  from (select slug as region_slug, time_zone from regions) g cross join generate_series(0, 6) d`);
await t.db.execute(sql`
  insert into "user" (id, name, email, role, location, email_verified)
  select 'bench-fan-' || n, 'Bench Fan ' || n, 'bench-fan-' || n || '@bench.test', (case when n % 4 = 0 then 'musician' else 'fan' end)::user_role,
         r.slug, true
  from generate_series(1, ${FANS}) n
  join (select slug, row_number() over (order by sort_order) - 1 as i from regions) r on r.i = n % ${slugs.length}`);
await t.db.execute(sql`analyze`);
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

// Through the admin's button (POST /api/admin/weekly-digest), as an operator would send it now.
const admin = await signUpAs(t, 'admin');
const sendNow = async () => {
  const res = await admin.client.post('/api/admin/weekly-digest', {});
  if (res.status !== 200) throw new Error(`the digest answered ${res.status}: ${res.text}`);
  return (res.json as { sent: number }).sent;
};
const start = performance.now();
const sent = await sendNow();
const seconds = (performance.now() - start) / 1000;
const againStart = performance.now();
const [again, twice] = await Promise.all([sendNow(), sendNow()]);
const againSeconds = (performance.now() - againStart) / 1000;
const counted = (await t.db.execute(sql`select count(*)::int as n, count(distinct to_address)::int as people from outbox where kind = 'weekly_digest'`)) as unknown as { rows?: { n: number; people: number }[] } & { n: number; people: number }[];
const { n, people } = (counted.rows ?? counted)[0]!;
await t.close();
if (sent !== FANS || n !== FANS || people !== FANS || again !== 0 || twice !== 0) throw new Error(`sent ${sent}, outbox ${n} to ${people} people, again ${again} + ${twice}`);

const result = { date: new Date().toISOString().slice(0, 10), engine, fans: FANS, regions: slugs.length, seconds, perSecond: FANS / seconds, secondRunSeconds: againSeconds };
console.log(`
${FANS} digests queued in the outbox in ${seconds.toFixed(1)} s (${result.perSecond.toFixed(0)} a second), ${slugs.length} regions
two more runs at once: 0 sent (one digest per person per week), ${againSeconds.toFixed(1)} s`);
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
await fs.writeFile(path.join(HERE, 'results', `${t.services.database.kind === 'pglite' ? 'digest' : 'digest-postgres'}.json`), `${JSON.stringify(result, null, 2)}\n`);
