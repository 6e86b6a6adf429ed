// Ticketing benchmark (issue 9, issue 23): the speed targets, on PostgreSQL, are
//   - at least 100 paid orders per second for ONE gig, each of 1-4 tickets (issue 23), and at
//     least 250 paid tickets per second,
//   - at least 1,000 ticket validations (door scans) per second.
// After the run the books are checked: nothing oversold or doubled, and every order's and every
// ticket's shares sum to what was paid.
// Every ticket is bought through the whole server path: POST /api/tickets/checkout holds a seat,
// then the sandbox provider's signed `checkout.paid` event is POSTed to the real webhook
// (/api/payments/events/sandbox: signature check, event recorded, ticket issued, band and organiser
// shares recorded, ticket e-mail queued). The door is POST /api/tickets/admit as the gig's venue.
//
//   npx node bench/tickets.ts            (npm run bench:tickets)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/tickets.ts
//
// Settings (environment): BENCH_ORDERS (800; 1, 2, 3, 4 tickets in turn), BENCH_CONCURRENCY (64), BENCH_ROUNDS (3), BENCH_BURST (200),
// BENCH_TRACE=1 (print the statements of the orders counted alone), BENCH_PROFILE_DIR (a V8 CPU profile of the paid orders' rounds).
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, sql } from 'drizzle-orm';
import { gigs, heldPayments, orders, outbox, paymentEvents, tickets, transfers } from '../src/server/db/schema.ts';
import type { PaymentEvent } from '../src/server/payments/payment-provider.ts';
import { createTestApp, TEST_ORIGIN } from '../tests/helpers/test-app.ts';
import { signUpAs } from '../tests/helpers/accounts.ts';
import { createBand, createGig, dayIn } from '../tests/helpers/factories.ts';
import { givePaymentAccount } from '../tests/helpers/payments.ts';
import { countStatements } from '../tests/helpers/count-statements.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
};
const ORDERS = int('BENCH_ORDERS', 800);
/** Issue 23: orders of 1, 2, 3 and 4 tickets in turn. */
const sizeOf = (i: number) => (i % 4) + 1;
const TICKETS = Array.from({ length: ORDERS }, (_, i) => sizeOf(i)).reduce((a, b) => a + b, 0);
const CONCURRENCY = int('BENCH_CONCURRENCY', 64); // the issue's 64 buyers at once
const ROUNDS = int('BENCH_ROUNDS', 3);
const BURST = int('BENCH_BURST', 200);
const TARGET_ORDERS_PER_SECOND = 100;
const TARGET_PAID_PER_SECOND = 250;
const TARGET_ADMITS_PER_SECOND = 1000;
const POOL_SIZE = 10; // what main.ts opens on a PostgreSQL server
if (ORDERS < ROUNDS + 1) throw new Error('BENCH_ORDERS must be larger than BENCH_ROUNDS');

const loadAtStart = os.loadavg();
const t = await createTestApp({ poolSize: POOL_SIZE });
const database = t.services.database;
const engine = database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server';
const sandbox = t.services.sandbox!;

// ---------- counting the statements the database is sent ----------
// tests/helpers/count-statements.ts: on PostgreSQL every pg.Client query (transactions included);
// on PGlite every query and exec, in and out of transactions (BEGIN and COMMIT counted as the two
// statements they are), and every statement prepareStatement executes by name.
/** BENCH_TRACE=1: the statements of the two orders counted alone are printed (their text's start). */
let trace: string[] | null = null;
const counter = countStatements(database, { onStatement: (text) => trace?.push(text.replace(/\s+/g, ' ').slice(0, 160)) });

// ---------- helpers ----------
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const latency = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
};

/** Runs `work` on every item with `concurrency` workers; returns the wall time in ms. */
async function runConcurrently<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
  return performance.now() - start;
}

/** Splits 0..n-1 into `rounds` nearly equal slices. */
const slices = <T>(items: T[], rounds: number) => Array.from({ length: rounds }, (_, r) => items.slice(Math.floor((r * items.length) / rounds), Math.floor(((r + 1) * items.length) / rounds)));

// ---------- the scene: a venue (signed in, for the door), a registered band, both able to be paid ----------
console.log(`Ticketing benchmark on ${engine}${database.kind === 'postgres' ? ` (pool of ${POOL_SIZE})` : ''}: one gig, ${ORDERS} orders of 1-4 tickets (${TICKETS} tickets), ${CONCURRENCY} concurrent buyers / scanners, ${ROUNDS} rounds`);
const venue = await signUpAs(t, 'venue');
const band = await createBand(t.db);
await givePaymentAccount(t.db, venue.id);
await givePaymentAccount(t.db, band.id);
const ticketedGig = (quantity: number) =>
  createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 10), isTicketed: true, ticketPriceCents: 2500, ticketQuantity: quantity, bandPercent: 60, organiserPercent: 15 });

type Purchase = { checkoutMs: number; eventMs: number; totalMs: number; checkoutStatements: number; eventStatements: number };

/** One buyer: a guest checkout of `quantity` tickets through the API, then the provider's signed paid event at the webhook. */
async function buyTicket(gigId: string, email: string, quantity = 1, { traceAs }: { traceAs?: string } = {}): Promise<Purchase> {
  if (traceAs && process.env.BENCH_TRACE === '1') trace = [];
  const before = counter.count;
  const start = performance.now();
  const res = await t.client().post('/api/tickets/checkout', { gigId, email, quantity });
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${res.text}`);
  const checkedOut = performance.now();
  const afterCheckout = counter.count;
  const { orderId, url } = res.json as { orderId: string; url: string };
  const sessionId = new URL(url).pathname.split('/').pop()!;
  const event: PaymentEvent = { id: sandbox.newEventId(), type: 'checkout.paid', orderId, sessionId, paymentId: sandbox.newPaymentId() };
  const { body, signature } = sandbox.signEvent(event);
  const hook = await t.app.request(`${TEST_ORIGIN}/api/payments/events/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', 'marquee-signature': signature }, body });
  const answer = (await hook.json()) as { outcome?: string };
  if (hook.status !== 200 || answer.outcome !== 'issued') throw new Error(`payment event answered ${hook.status}: ${JSON.stringify(answer)}`);
  const end = performance.now();
  if (trace) {
    const checkoutCount = afterCheckout - before;
    console.log(`${traceAs}:\n${trace.map((text, i) => `  ${i < checkoutCount ? 'checkout' : 'event   '} ${String(i + 1).padStart(2)}. ${text}`).join('\n')}`);
    trace = null;
  }
  return { checkoutMs: checkedOut - start, eventMs: end - checkedOut, totalMs: end - start, checkoutStatements: afterCheckout - before, eventStatements: counter.count - afterCheckout };
}

type Admission = { isValid: boolean; reason?: string };
const admit = async (code: string) => {
  const res = await venue.client.post('/api/tickets/admit', { code });
  if (res.status !== 200) throw new Error(`admit answered ${res.status}: ${res.text}`);
  return res.json as Admission;
};

// ---------- warm-up (its own small gig): JIT, pool connections, prepared paths; one request of each kind counted alone ----------
const warmGig = await ticketedGig(CONCURRENCY * 2 + 1 + 4 + 4 * CONCURRENCY);
const single = await buyTicket(warmGig, 'warm0@bench.test', 1, { traceAs: 'one order alone, one ticket' });
// Statements do not grow with the order's size: counted for an order of four too.
const four = await buyTicket(warmGig, 'warm-four@bench.test', 4, { traceAs: 'one order alone, four tickets' });
await runConcurrently(
  Array.from({ length: CONCURRENCY * 2 }, (_, i) => i + 1),
  CONCURRENCY,
  async (i) => void (await buyTicket(warmGig, `warm${i}@bench.test`)),
);
const warmTickets = (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.gigId, warmGig))).map((r) => r.id);
let statementsPerAdmit = 0;
for (const [i, id] of warmTickets.entries()) {
  if (i === 0 && process.env.BENCH_TRACE === '1') trace = [];
  const before = counter.count;
  if (!(await admit(id)).isValid) throw new Error('warm-up ticket not admitted');
  if (i === 0) statementsPerAdmit = counter.count - before;
  if (trace) {
    console.log(`one scan alone:\n${trace.map((text, n) => `  ${String(n + 1).padStart(2)}. ${text}`).join('\n')}`);
    trace = null;
  }
}
const beforeRefusal = counter.count;
if ((await admit(warmTickets[0]!)).reason !== 'already_used') throw new Error('a used ticket was not refused');
const statementsPerRefusal = counter.count - beforeRefusal;

// ---------- 1. paid tickets per second for one gig ----------
// Room for every order plus what the concurrent checkouts hold, so the on-sale check (more held
// than free) never asks these buyers for a proof of work; the quantity is brought down to what
// was sold afterwards, to check 'Sold out'.
const gigId = await ticketedGig(TICKETS + 4 * CONCURRENCY * 2);
const buyers = Array.from({ length: ORDERS }, (_, i) => ({ email: `buyer${i}@bench.test`, quantity: sizeOf(i) }));
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
/**
 * CPU time so far of the PostgreSQL backends serving the scratch database, when the server runs on
 * this machine (read from /proc: user + system, in clock ticks of 10 ms); null otherwise.
 */
const databaseName = database.url ? new URL(database.url).pathname.slice(1) : null;
async function serverCpuMs(): Promise<number | null> {
  if (!databaseName || process.platform !== 'linux') return null;
  let total = 0;
  let found = false;
  for (const pid of await fs.readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres:') || !cmdline.includes(` ${databaseName} `)) continue;
      const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14, 15)
      found = true;
    } catch {
      // the process ended
    }
  }
  return found ? total : null;
}
const perItem = (total: number | null, items: number) => (total === null ? null : total / items);
const serverCpuSince = async (before: number | null) => {
  const after = await serverCpuMs();
  return before === null || after === null ? null : after - before;
};
const paidRounds: { orders: number; tickets: number; wallMs: number; ordersPerSecond: number; perSecond: number; nodeCpuMsEach: number; serverCpuMsEach: number | null; checkout: ReturnType<typeof latency>; event: ReturnType<typeof latency>; purchase: ReturnType<typeof latency> }[] = [];
// BENCH_PROFILE_DIR: the paid rounds under V8's sampling profiler (this process: the app, and PGlite
// when embedded), written to <dir>/tickets-paid.cpuprofile for summarise-cpu-profile.ts.
const profiler = process.env.BENCH_PROFILE_DIR ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await profiler.post('Profiler.start');
}
for (const round of slices(buyers, ROUNDS)) {
  const purchases: Purchase[] = [];
  const serverCpu = await serverCpuMs();
  const cpu = process.cpuUsage();
  const wallMs = await runConcurrently(round, CONCURRENCY, async (buyer) => void purchases.push(await buyTicket(gigId, buyer.email, buyer.quantity)));
  const roundTickets = round.reduce((sum, buyer) => sum + buyer.quantity, 0);
  paidRounds.push({
    orders: round.length,
    tickets: roundTickets,
    wallMs,
    ordersPerSecond: round.length / (wallMs / 1000),
    perSecond: roundTickets / (wallMs / 1000),
    nodeCpuMsEach: cpuMs(cpu) / roundTickets,
    serverCpuMsEach: perItem(await serverCpuSince(serverCpu), roundTickets),
    checkout: latency(purchases.map((p) => p.checkoutMs)),
    event: latency(purchases.map((p) => p.eventMs)),
    purchase: latency(purchases.map((p) => p.totalMs)),
  });
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  await fs.mkdir(process.env.BENCH_PROFILE_DIR!, { recursive: true });
  await fs.writeFile(path.join(process.env.BENCH_PROFILE_DIR!, 'tickets-paid.cpuprofile'), JSON.stringify(profile));
}
await t.db.update(gigs).set({ ticketQuantity: sql`${gigs.ticketsSold}` }).where(eq(gigs.id, gigId));
const soldOut = await t.client().post('/api/tickets/checkout', { gigId, email: 'one-too-many@bench.test' });

// The books must balance: one ticket per payment, the gig's counters, nothing left held.
const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
const paidCheck = {
  ticketsIssued: (await one(t.db.select({ n: count() }).from(tickets).where(eq(tickets.gigId, gigId)))).n,
  ordersPaid: (await one(t.db.select({ n: count() }).from(orders).where(and(eq(orders.gigId, gigId), eq(orders.status, 'paid'), sql`${orders.providerPaymentId} is not null`)))).n,
  paidEvents: (await one(t.db.select({ n: count() }).from(paymentEvents).where(and(eq(paymentEvents.type, 'checkout.paid'), sql`${paymentEvents.payload}->>'orderId' in (select ${orders.id}::text from ${orders} where ${orders.gigId} = ${gigId})`)))).n,
  ordersPending: (await one(t.db.select({ n: count() }).from(orders).where(and(eq(orders.gigId, gigId), eq(orders.status, 'pending'))))).n,
  ...(await one(t.db.select({ ticketsSold: gigs.ticketsSold, ticketsHeld: gigs.ticketsHeld }).from(gigs).where(eq(gigs.id, gigId)))),
  bandTransfers: (await one(t.db.select({ n: count() }).from(transfers).innerJoin(orders, eq(orders.id, transfers.orderId)).where(and(eq(orders.gigId, gigId), eq(transfers.kind, 'band_share'))))).n,
  heldPaymentTickets: (await one(t.db.select({ n: heldPayments.ticketCount }).from(heldPayments).where(eq(heldPayments.gigId, gigId)))).n,
  ticketEmails: (await one(t.db.select({ n: count() }).from(outbox).where(and(eq(outbox.kind, 'ticket'), sql`${outbox.toAddress} like 'buyer%@bench.test'`)))).n,
  // Issue 23: every order's shares sum to what it paid, every ticket's to its part, and an order's tickets to the order.
  ordersNotSumming: (await one(t.db.select({ n: count() }).from(orders).where(and(eq(orders.gigId, gigId), sql`${orders.bandShareCents} + ${orders.organiserShareCents} + ${orders.platformShareCents} <> ${orders.totalCents}`)))).n,
  ordersNotMatchingTickets: Number(
    (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from orders o where o.gig_id = ${gigId} and o.status = 'paid' and (
        o.quantity <> (select count(*) from tickets k where k.order_id = o.id)
        or o.total_cents <> (select sum(k.face_cents + k.fee_cents) from tickets k where k.order_id = o.id)
        or o.band_share_cents <> (select sum(k.band_share_cents) from tickets k where k.order_id = o.id)
        or o.organiser_share_cents <> (select sum(k.organiser_share_cents) from tickets k where k.order_id = o.id))`)
    ).rows[0]?.n ?? -1,
  ),
  soldOutAnswer: `${soldOut.status} ${(soldOut.json as { error?: { message?: string } } | null)?.error?.message ?? ''}`.trim(),
};
const paidOk =
  paidCheck.ticketsIssued === TICKETS &&
  paidCheck.ordersPaid === ORDERS &&
  paidCheck.paidEvents === ORDERS &&
  paidCheck.ordersNotSumming === 0 &&
  paidCheck.ordersNotMatchingTickets === 0 &&
  paidCheck.ordersPending === 0 &&
  paidCheck.ticketsSold === TICKETS &&
  paidCheck.ticketsHeld === 0 &&
  paidCheck.bandTransfers === ORDERS &&
  paidCheck.heldPaymentTickets === TICKETS &&
  paidCheck.ticketEmails === ORDERS &&
  paidCheck.soldOutAnswer === '409 Sold out';

// ---------- 2. validations per second: distinct tickets, then one ticket scanned BURST times at once ----------
const issued = (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.gigId, gigId))).map((r) => r.id);
const burstTicket = issued.pop()!;
const admitRounds: { scans: number; wallMs: number; perSecond: number; nodeCpuMsEach: number; serverCpuMsEach: number | null; scan: ReturnType<typeof latency> }[] = [];
const admitProfiler = process.env.BENCH_PROFILE_DIR ? new Session() : null;
if (admitProfiler) {
  admitProfiler.connect();
  await admitProfiler.post('Profiler.enable');
  await admitProfiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await admitProfiler.post('Profiler.start');
}
for (const round of slices(issued, ROUNDS)) {
  const times: number[] = [];
  const serverCpu = await serverCpuMs();
  const cpu = process.cpuUsage();
  const wallMs = await runConcurrently(round, CONCURRENCY, async (id) => {
    const start = performance.now();
    const result = await admit(id);
    times.push(performance.now() - start);
    if (!result.isValid) throw new Error(`ticket ${id} refused: ${result.reason}`);
  });
  const nodeCpuMsEach = cpuMs(cpu) / round.length;
  admitRounds.push({ scans: round.length, wallMs, perSecond: round.length / (wallMs / 1000), nodeCpuMsEach, serverCpuMsEach: perItem(await serverCpuSince(serverCpu), round.length), scan: latency(times) });
}
if (admitProfiler) {
  const { profile } = await admitProfiler.post('Profiler.stop');
  admitProfiler.disconnect();
  await fs.writeFile(path.join(process.env.BENCH_PROFILE_DIR!, 'tickets-admit.cpuprofile'), JSON.stringify(profile));
}
const burstStart = performance.now();
const burst = await Promise.all(Array.from({ length: BURST }, () => admit(burstTicket)));
const burstMs = performance.now() - burstStart;
const burstCheck = { scans: BURST, admitted: burst.filter((r) => r.isValid).length, alreadyUsed: burst.filter((r) => r.reason === 'already_used').length, wallMs: burstMs };
const usedTickets = (await one(t.db.select({ n: count() }).from(tickets).where(and(eq(tickets.gigId, gigId), eq(tickets.status, 'used'))))).n;
const admitOk = burstCheck.admitted === 1 && burstCheck.alreadyUsed === BURST - 1 && usedTickets === TICKETS;

await t.close();

// ---------- report ----------
const paid = { medianPerSecond: median(paidRounds.map((r) => r.perSecond)), medianOrdersPerSecond: median(paidRounds.map((r) => r.ordersPerSecond)), rounds: paidRounds };
const admits = { medianPerSecond: median(admitRounds.map((r) => r.perSecond)), rounds: admitRounds };
const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
const perS = (v: number) => v.toFixed(0).padStart(6);
const pgMs = (v: number | null) => (v === null ? '-'.padStart(9) : ms(v));
const cpuNote =
  database.kind === 'pglite'
    ? '(CPU each: user + system time per ticket of this process, PGlite included: it runs in the same thread)'
    : '(CPU each: user + system time per ticket of this process (node) and of the PostgreSQL backends serving it (PG, local server only))';
const verdict = (value: number, target: number) => (value >= target ? `meets the ${target}/s target` : `MISSES the ${target}/s target`);
console.log(`
${os.cpus().length} CPUs, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the end

1. paid orders for one gig (${ORDERS} orders of 1-4 tickets, ${TICKETS} tickets, ${CONCURRENCY} concurrent buyers; checkout + signed paid event each)
   round   orders  orders/s  tickets  tickets/s  node CPU each  PG CPU each   purchase p50 / p99      checkout p50 / p99     paid event p50 / p99
${paidRounds.map((r, i) => `   ${String(i + 1).padStart(5)}  ${String(r.orders).padStart(7)}  ${perS(r.ordersPerSecond)}   ${String(r.tickets).padStart(7)}  ${perS(r.perSecond)}     ${ms(r.nodeCpuMsEach)}  ${pgMs(r.serverCpuMsEach)}    ${ms(r.purchase.p50Ms)} / ${ms(r.purchase.p99Ms)}   ${ms(r.checkout.p50Ms)} / ${ms(r.checkout.p99Ms)}   ${ms(r.event.p50Ms)} / ${ms(r.event.p99Ms)}`).join('\n')}
   median ${paid.medianOrdersPerSecond.toFixed(0)} paid orders/s: ${verdict(paid.medianOrdersPerSecond, TARGET_ORDERS_PER_SECOND)}; ${paid.medianPerSecond.toFixed(0)} paid tickets/s: ${verdict(paid.medianPerSecond, TARGET_PAID_PER_SECOND)}${database.kind === 'pglite' ? ' (the targets are for PostgreSQL)' : ''}
   (CPU each: per ticket)
   ${cpuNote}
   one order alone: ${single.checkoutStatements} statements for the checkout + ${single.eventStatements} for the paid event = ${single.checkoutStatements + single.eventStatements} (transaction control included); an order of four: ${four.checkoutStatements} + ${four.eventStatements} = ${four.checkoutStatements + four.eventStatements}
   check: ${paidCheck.ticketsIssued} tickets issued, ${paidCheck.ordersPaid} orders paid, ${paidCheck.paidEvents} paid events recorded, gig sold ${paidCheck.ticketsSold} / held ${paidCheck.ticketsHeld}, ${paidCheck.ordersPending} orders pending,
          ${paidCheck.bandTransfers} band transfers, held payment counts ${paidCheck.heldPaymentTickets} tickets, ${paidCheck.ticketEmails} ticket e-mails; one more checkout: ${paidCheck.soldOutAnswer}
          orders whose shares do not sum: ${paidCheck.ordersNotSumming}; orders whose tickets do not sum to them: ${paidCheck.ordersNotMatchingTickets}
          ${paidOk ? 'OK' : 'FAILED'}

2. door scans as the gig's venue (${TICKETS - 1} distinct tickets, ${CONCURRENCY} concurrent scans)
   round    scans   admits/s  node CPU each  PG CPU each   scan p50 / p99
${admitRounds.map((r, i) => `   ${String(i + 1).padStart(5)}  ${String(r.scans).padStart(7)}  ${perS(r.perSecond)}     ${ms(r.nodeCpuMsEach)}  ${pgMs(r.serverCpuMsEach)}    ${ms(r.scan.p50Ms)} / ${ms(r.scan.p99Ms)}`).join('\n')}
   median ${admits.medianPerSecond.toFixed(0)} admits/s: ${verdict(admits.medianPerSecond, TARGET_ADMITS_PER_SECOND)}${database.kind === 'pglite' ? ' (the target is for PostgreSQL)' : ''}
   one scan alone: ${statementsPerAdmit} statements to admit (session lookup included), ${statementsPerRefusal} to refuse a used ticket
   ${BURST} simultaneous scans of one ticket: ${burstCheck.admitted} admitted, ${burstCheck.alreadyUsed} told it was already used (${burstMs.toFixed(0)} ms); ${usedTickets} of ${TICKETS} tickets used
          ${admitOk ? 'OK' : 'FAILED'}`);

const result = {
  date: new Date().toISOString().slice(0, 10),
  engine,
  machine: { cpus: os.cpus().length, loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))), loadAverageAtEnd: os.loadavg().map((l) => Number(l.toFixed(2))) },
  settings: { orders: ORDERS, tickets: TICKETS, concurrency: CONCURRENCY, rounds: ROUNDS, burst: BURST, poolSize: database.kind === 'postgres' ? POOL_SIZE : null },
  targets: { ordersPerSecond: TARGET_ORDERS_PER_SECOND, paidPerSecond: TARGET_PAID_PER_SECOND, admitsPerSecond: TARGET_ADMITS_PER_SECOND },
  paid: { ...paid, statementsPerCheckout: single.checkoutStatements, statementsPerPaidEvent: single.eventStatements, statementsPerOrderOfFour: four.checkoutStatements + four.eventStatements, check: { ...paidCheck, ok: paidOk } },
  admits: { ...admits, statementsPerAdmit, statementsPerRefusal, burst: { ...burstCheck, ok: burstCheck.admitted === 1 }, usedTickets },
};
const name = database.kind === 'pglite' ? 'tickets' : 'tickets-postgres';
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
await fs.writeFile(path.join(HERE, 'results', `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
if (!paidOk || !admitOk) process.exitCode = 1;
