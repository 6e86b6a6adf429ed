// Issue 20, finding 7, tested the way it was found: buyers pay on the sandbox while the server process
// (`node src/server/main.ts`) is killed with SIGKILL, then it is started again. Every charge must
// become a ticket (or a refund), and nothing may be doubled. Before decision 35 the sandbox marked its
// checkout paid and then applied the event in the same process: a kill in between lost the payment.
//
// Runs on PostgreSQL (DATABASE_URL, as CI's `npm run test:db` sets it): it uses the several-instances
// harness, which starts real server processes on one PostgreSQL database. Taking over the embedded
// database's folder after such a kill is tested in src/server/db/client.test.ts (finding 15).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders, refunds, sandboxCheckouts, tickets, transfers } from '../../src/server/db/schema.ts';
import { createBand, createGig, createVenue, dayIn } from '../helpers/factories.ts';
import { givePaymentAccount } from '../helpers/payments.ts';
import { TEST_ORIGIN } from '../helpers/test-app.ts';
import { startCluster, waitFor, type Cluster, type Instance } from '../cluster/cluster.ts';

const BUYERS = 40;
const hasPostgres = Boolean(process.env.DATABASE_URL);

/** The sandbox's hosted checkout, paid with its test card on one instance; null when the connection died. */
const pay = (instance: Instance, checkoutUrl: string) =>
  fetch(`${instance.url}${new URL(checkoutUrl).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
    body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }),
    redirect: 'manual',
  }).then(
    (res) => res.status,
    () => null,
  );

describe.skipIf(!hasPostgres)('a crash while buyers pay on the sandbox (PostgreSQL only: real server processes share one database)', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ count: 1 });
  }, 90_000);
  afterAll(() => cluster?.close());

  it('every charge becomes one ticket (or a refund) and one band transfer, none doubled, after SIGKILL and a restart', async () => {
    const { db } = cluster;
    const venue = await createVenue(db);
    const band = await createBand(db);
    await givePaymentAccount(db, venue.id);
    await givePaymentAccount(db, band.id);
    const gigId = await createGig(db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 10), isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 100, bandPercent: 60, organiserPercent: 15 });

    const checkouts = await Promise.all(Array.from({ length: BUYERS }, (_, i) => cluster.client().post('/api/tickets/checkout', { gigId, email: `crash${i}@payments.test` })));
    expect(checkouts.map((c) => c.status)).toEqual(Array(BUYERS).fill(201));
    const urls = checkouts.map((c) => c.json.url as string);

    // The buyers pay a few milliseconds apart; once a handful are charged the process is killed,
    // with more payments on their way in.
    const first = cluster.instances[0]!;
    const firstTries = urls.map((url, i) => new Promise((r) => setTimeout(r, i * 10)).then(() => pay(first, url)));
    await waitFor('the first charges', async () => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sandboxCheckouts).where(eq(sandboxCheckouts.status, 'paid'));
      return (row?.n ?? 0) >= 5;
    }, 20_000);
    first.process.kill('SIGKILL');
    await first.exited;
    const answers = await Promise.all(firstTries);
    const [atKill] = (await db.execute<{ n: number; unapplied: number }>(sql`
      select count(*)::int as n, count(*) filter (where o.status <> 'paid')::int as unapplied
      from ${sandboxCheckouts} c join ${orders} o on o.id = c.reference_id where c.status = 'paid'`)).rows;
    // Charged but not yet a ticket when the process died: what the old in-process apply lost.
    console.info(`at the kill: ${atKill!.n} charged, ${atKill!.unapplied} of them not yet applied`);

    // Restarted: the buyers whose page never answered try again (a charged checkout is closed now).
    const restarted = await cluster.startInstance('restarted');
    await Promise.all(urls.filter((_, i) => answers[i] !== 303).map((url) => pay(restarted, url)));

    const charged = async () =>
      (await db.execute<{ order_id: string; status: string; tickets: number; band_transfers: number; refunds: number }>(sql`
        select o.id as order_id, o.status,
          (select count(*)::int from ${tickets} t where t.order_id = o.id) as tickets,
          (select count(*)::int from ${transfers} tr where tr.order_id = o.id and tr.kind = 'band_share') as band_transfers,
          (select count(*)::int from ${refunds} r where r.order_id = o.id) as refunds
        from ${sandboxCheckouts} c join ${orders} o on o.id = c.reference_id
        where c.status = 'paid'`)).rows;
    // Every charge applied: paid with its ticket, or refunded (a seat gone after its hold expired).
    const settled = await waitFor(
      'every charge to be a ticket or a refund',
      async () => {
        const rows = await charged();
        return rows.length > 0 && rows.every((r) => (r.status === 'paid' && r.tickets === 1) || r.refunds === 1) ? rows : undefined;
      },
      30_000,
    );
    expect(settled.length).toBeGreaterThanOrEqual(atKill!.n);
    expect(settled.length).toBe(BUYERS);
    for (const row of settled) {
      expect(row.tickets).toBeLessThanOrEqual(1);
      expect(row.band_transfers).toBe(row.status === 'paid' ? 1 : 0);
    }
    // Nothing was doubled or made up: a ticket only for a charge, one per paid order.
    const [totals] = (await db.execute<{ tickets: number; paid_orders: number }>(sql`
      select (select count(*)::int from ${tickets} where gig_id = ${gigId}) as tickets,
             (select count(*)::int from ${orders} where gig_id = ${gigId} and status = 'paid') as paid_orders`)).rows;
    expect(totals).toEqual({ tickets: settled.filter((r) => r.status === 'paid').length, paid_orders: settled.filter((r) => r.status === 'paid').length });
  }, 90_000);
});
