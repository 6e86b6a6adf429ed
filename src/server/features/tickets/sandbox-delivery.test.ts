// The sandbox retries a webhook that failed, as a real provider does (D13): the buyer's payment is
// not lost when Marquee cannot apply its event at the first attempt.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders, sandboxCheckouts, tickets } from '../../db/schema.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { settleExpiredOrders } from './settle-expired-orders.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
});
afterAll(() => t.close());

it('a paid event that fails once is delivered again from the job queue, and the ticket is issued once', async () => {
  const venueId = (await createVenue(t.db)).id;
  const bandId = (await createBand(t.db)).id;
  const gigId = await createGig(t.db, { venueId, bandId, localDate: dayIn('America/Chicago', 5), isTicketed: true, ticketPriceCents: 1000, ticketQuantity: 5 });
  const res = await t.client().post('/api/tickets/checkout', { gigId, email: 'retry@tickets.test' });
  const path = new URL(res.json.url as string).pathname;
  const sessionId = path.split('/').pop()!;

  // The first attempt dies half-way (its transaction rolls back); the retry finds a working mailer.
  const mailer = t.services.mailer;
  const send = mailer.send.bind(mailer);
  let failures = 0;
  mailer.send = (...args) => (failures++ === 0 ? Promise.reject(new Error('the database went away')) : send(...args));
  const paid = await t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }) });
  mailer.send = send;
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toContain(`/success?session_id=${sessionId}`);

  await vi.waitFor(
    async () => {
      const result = await t.client().get(`/api/tickets/checkout/${sessionId}`);
      expect(result.json.ticket).not.toBeNull();
    },
    { timeout: 20_000, interval: 250 },
  );
  const issued = await t.db.select().from(tickets).where(eq(tickets.gigId, gigId));
  expect(issued).toHaveLength(1);
}, 30_000);

/** A checkout opened through the app: its order, its sandbox session. */
async function openCheckout(email: string) {
  const venueId = (await createVenue(t.db)).id;
  const bandId = (await createBand(t.db)).id;
  const gigId = await createGig(t.db, { venueId, bandId, localDate: dayIn('America/Chicago', 5), isTicketed: true, ticketPriceCents: 1000, ticketQuantity: 5 });
  const res = await t.client().post('/api/tickets/checkout', { gigId, email });
  return { gigId, orderId: res.json.orderId as string, sessionId: new URL(res.json.url as string).pathname.split('/').pop()! };
}

it('a charge the process died before applying (paid, its event recorded, not delivered) is delivered by the sweep, once', async () => {
  const { gigId, sessionId } = await openCheckout('crash@tickets.test');
  // What the pay route's one statement leaves if the process dies right after it.
  await t.db.update(sandboxCheckouts).set({ status: 'paid', paymentId: t.services.sandbox!.newPaymentId(), eventId: t.services.sandbox!.newEventId() }).where(eq(sandboxCheckouts.id, sessionId));
  const schedules = await t.db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${QUEUES.deliverSandboxEvents}`);
  expect(schedules.rows.map((r) => r.cron)).toEqual(['* * * * *']);
  await t.services.jobs!.send(QUEUES.deliverSandboxEvents);
  await t.services.jobs!.send(QUEUES.deliverSandboxEvents);
  await vi.waitFor(async () => expect((await t.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId)))[0]!.eventDeliveredAt).not.toBeNull(), { timeout: 20_000, interval: 250 });
  expect(await t.db.select().from(tickets).where(eq(tickets.gigId, gigId))).toHaveLength(1);
}, 30_000);

it('reconciliation: an order still pending after its time whose sandbox checkout was paid gets its ticket, once', async () => {
  const { gigId, orderId, sessionId } = await openCheckout('reconcile@tickets.test');
  // Paid with no event at all (as an older version's crash left it), and its time is up.
  await t.db.update(sandboxCheckouts).set({ status: 'paid', paymentId: 'sbx_pay_reconciled_0000000000' }).where(eq(sandboxCheckouts.id, sessionId));
  await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, orderId));
  const first = await settleExpiredOrders(t.services);
  expect(first.reconciled).toBe(1);
  await settleExpiredOrders(t.services);
  expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('paid');
  expect(await t.db.select().from(tickets).where(eq(tickets.gigId, gigId))).toHaveLength(1);
});
