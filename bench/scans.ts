// Door scans alone (issue 34, item 14): a quick, repeatable look at online admission without
// bench:tickets' paid phase, for comparing two versions of the code run by turns on a busy machine.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx node bench/scans.ts
//
// A venue signs in through the API; one ticket of a ticketed gig is bought through the checkout
// and the sandbox's signed paid event; BENCH_SCANS + 200 copies of its row are inserted under new
// ids (one statement), then 200 are scanned one at a time (warm-up) and BENCH_SCANS with
// BENCH_CONCURRENCY at a time through POST /api/tickets/admit as the venue. Prints scans per
// second, node CPU per scan (this process: the app and the test client) and what the database's
// backends were waiting for (pg_stat_activity sampled every 2 ms; PostgreSQL only).
// BENCH_PROFILE (a file name): a V8 CPU profile of the scans, for summarise-cpu-profile.ts.
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { tickets } from '../src/server/db/schema.ts';
import { createTestApp, TEST_ORIGIN } from '../tests/helpers/test-app.ts';
import { signUpAs } from '../tests/helpers/accounts.ts';
import { createBand, createGig, dayIn } from '../tests/helpers/factories.ts';
import type { PaymentEvent } from '../src/server/payments/payment-provider.ts';

const SCANS = Number(process.env.BENCH_SCANS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const WARM = 200;
const loadAtStart = os.loadavg()[0]!;

const t = await createTestApp({ poolSize: 10 });
const venue = await signUpAs(t, 'venue');
const band = await createBand(t.db);
const gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 10), isTicketed: true, ticketPriceCents: 2500, ticketQuantity: SCANS + WARM + 1, bandPercent: 60, organiserPercent: 15 });
const sandbox = t.services.sandbox!;
const checkout = await t.client().post('/api/tickets/checkout', { gigId, email: 'fan@bench.test', quantity: 1 });
const { orderId, url } = checkout.json as { orderId: string; url: string };
const event: PaymentEvent = { id: sandbox.newEventId(), type: 'checkout.paid', orderId, sessionId: new URL(url).pathname.split('/').pop()!, paymentId: sandbox.newPaymentId() };
const { body, signature } = sandbox.signEvent(event);
await t.app.request(`${TEST_ORIGIN}/api/payments/events/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', 'marquee-signature': signature }, body });
const [bought] = await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.gigId, gigId));
if (!bought) throw new Error('the ticket was not issued');
const idOf = (i: number) => `benchscan${String(i).padStart(13, '0')}`;
const columns = (await t.db.execute<{ list: string }>(sql`select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as list from information_schema.columns where table_schema = 'public' and table_name = 'tickets' and column_name <> 'id'`)).rows[0]!.list;
await t.db.execute(sql`insert into tickets (id, ${sql.raw(columns)}) select 'benchscan' || lpad(g::text, 13, '0'), ${sql.raw(columns)} from tickets, generate_series(1, ${SCANS + WARM}) g where id = ${bought.id}`);
await t.db.execute(sql`analyze tickets`);

const admit = async (code: string) => {
  const res = await venue.client.post('/api/tickets/admit', { code });
  if (res.status !== 200 || !(res.json as { isValid: boolean }).isValid) throw new Error(`ticket ${code}: ${res.status} ${res.text}`);
};
for (let i = 1; i <= WARM; i++) await admit(idOf(i));

const databaseUrl = (t.services.database as { url?: string }).url;
const sampler = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
await sampler?.connect();
const waits = new Map<string, number>();
let sampling = true;
const sampled = (async () => {
  while (sampler && sampling) {
    const { rows } = await sampler.query<{ w: string }>(`select coalesce(wait_event_type || ':' || wait_event, state) as w from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`);
    for (const { w } of rows) waits.set(w, (waits.get(w) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
})();
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await profiler.post('Profiler.start');
}
let next = WARM + 1;
const cpu = process.cpuUsage();
const start = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
  while (next <= WARM + SCANS) await admit(idOf(next++));
}));
const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  await fs.writeFile(process.env.BENCH_PROFILE!, JSON.stringify(profile));
}
sampling = false;
await sampled;
await sampler?.end();
await t.close();
console.log(`${SCANS} scans, ${CONCURRENCY} at a time, load average ${loadAtStart.toFixed(2)}: ${(SCANS / (wallMs / 1000)).toFixed(0)} scans/s, node CPU ${((used.user + used.system) / 1000 / SCANS).toFixed(2)} ms a scan`);
if (sampler) console.log(`database backends (samples): ${[...waits].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`);
