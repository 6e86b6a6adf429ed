// The sandbox retries a webhook that failed, as a real provider does (D13): the buyer's payment is
// not lost when Marquee cannot apply its event at the first attempt.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema.ts';
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
