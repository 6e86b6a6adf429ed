// Issue 20, findings 4, 6 and 8: holds nobody can hoard (limits per e-mail and per address, a rate
// limit, expired holds swept every minute, 'Sold out' counting live holds only, the organiser's
// guards counting money only), no free tickets without a chosen provider, and bounded gig dates.
// Each test sends the probe's request.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { gigs, orders, outbox, sandboxCheckouts, tickets } from '../../src/server/db/schema.ts';
import { TEST_MODE_NOTICE, TICKET_SALES_OFF_MESSAGE } from '../../src/core/payments-mode.ts';
import { GIG_DATE_TOO_FAR_MESSAGE } from '../../src/core/schemas/gigs.ts';
import { TOO_MANY_HOLDS_MESSAGE } from '../../src/server/features/tickets/place-ticket-order.ts';
import { CHECKOUT_RATE_LIMITED_MESSAGE } from '../../src/server/features/tickets/ticket-sales.ts';
import { QUEUES } from '../../src/server/jobs/job-queue.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signUpAs } from '../helpers/accounts.ts';
import { createBand, createGig, dayIn } from '../helpers/factories.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let venue: { client: TestClient; id: string };
let bandId: string;

beforeAll(async () => {
  // Behind a proxy, so each test client can have an address of its own; limits on, as in production.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' }, isRateLimitEnabled: true, startJobs: true });
  venue = await signUpAs(t, 'venue');
  bandId = (await createBand(t.db)).id;
});
afterAll(() => t.close());

const ticketedGig = (quantity = 100, localDate = dayIn(ZONE, 10)) =>
  createGig(t.db, { venueId: venue.id, bandId, localDate, isTicketed: true, ticketPriceCents: 1500, ticketQuantity: quantity, bandPercent: 60, organiserPercent: 15 });
let nextAddress = 1;
const clientAt = (address = `203.0.113.${nextAddress++}`) => {
  const client = t.client();
  return { post: (path: string, body: unknown) => client.post(path, body, { 'x-forwarded-for': address }) };
};
const payOnSandbox = (url: string) =>
  t.app.request(new URL(url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }),
  });
/** Moves a gig's checkouts past their time, Marquee's orders and the sandbox's checkouts alike (they end together). */
const expireOrdersOf = async (gigId: string) => {
  const past = new Date(Date.now() - 10 * 60_000);
  const expired = await t.db.update(orders).set({ expiresAt: past }).where(eq(orders.gigId, gigId)).returning({ id: orders.id });
  if (expired.length) await t.db.update(sandboxCheckouts).set({ expiresAt: past }).where(inArray(sandboxCheckouts.referenceId, expired.map((o) => o.id)));
};
/** The public card of a gig (on a date of its own, so it is on the list's first page). */
const publicGig = async (gigId: string, date: string) => {
  const res = await t.client().get(`/api/gigs?from=${date}&to=${date}`);
  return (res.json.gigs as { id: string; isSoldOut: boolean }[]).find((g) => g.id === gigId)!;
};
const gigForm = (over: Record<string, unknown> = {}) => ({
  localDate: dayIn(ZONE, 14),
  startTime: '19:00',
  endTime: '22:00',
  description: 'Friday night rock',
  loadInSoundCheck: '5pm load in',
  compensation: '$200 guarantee',
  ...over,
});

describe('open checkouts are limited', () => {
  it('40 checkouts of 4 tickets in a row from one client: a few hold seats, the rest are refused with a clear message', async () => {
    const gigId = await ticketedGig(100);
    const client = clientAt();
    const answers = [];
    // Issue 23: the limits count tickets, not orders.
    for (let i = 0; i < 40; i++) answers.push(await client.post('/api/tickets/checkout', { gigId, email: `hoarder${i}@holds.test`, quantity: 4 }));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(t.services.env.CHECKOUT_HOLDS_PER_ADDRESS / 4);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 429)).toBe(true);
    expect(refused.map((r) => r.json.error.message)).toContain(TOO_MANY_HOLDS_MESSAGE);
    // Past the per-address limit, the route's own rate limit answers too.
    expect(refused.map((r) => r.json.error.message)).toContain(CHECKOUT_RATE_LIMITED_MESSAGE);
    const [held] = await t.db.select({ held: gigs.ticketsHeld }).from(gigs).where(eq(gigs.id, gigId));
    expect(held!.held).toBe(t.services.env.CHECKOUT_HOLDS_PER_ADDRESS);
  });

  it('one e-mail from many addresses holds at most a few orders\' tickets per gig; another gig is its own count', async () => {
    const gigId = await ticketedGig(100);
    const answers = [];
    // 10 tickets per e-mail: 4 + 4 fit, a third order of 4 does not, 2 more still do.
    for (const quantity of [4, 4, 4, 4]) answers.push(await clientAt().post('/api/tickets/checkout', { gigId, email: 'Same@Holds.test', quantity }));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 429, 429]);
    expect(answers[2]!.json.error.message).toBe(TOO_MANY_HOLDS_MESSAGE);
    expect((await clientAt().post('/api/tickets/checkout', { gigId, email: 'same@holds.test', quantity: 2 })).status).toBe(201);
    expect((await clientAt().post('/api/tickets/checkout', { gigId, email: 'same@holds.test', quantity: 1 })).status).toBe(429);
    expect((await clientAt().post('/api/tickets/checkout', { gigId: await ticketedGig(5), email: 'same@holds.test' })).status).toBe(201);
  });

  it('an expired hold no longer counts: the buyer can start again', async () => {
    const gigId = await ticketedGig(100);
    for (let i = 0; i < 2; i++) expect((await clientAt().post('/api/tickets/checkout', { gigId, email: 'again@holds.test', quantity: 5 })).status).toBe(201);
    expect((await clientAt().post('/api/tickets/checkout', { gigId, email: 'again@holds.test' })).status).toBe(429);
    await expireOrdersOf(gigId);
    expect((await clientAt().post('/api/tickets/checkout', { gigId, email: 'again@holds.test' })).status).toBe(201);
  });
});

describe('expired holds', () => {
  it('are freed by the settle job pg-boss runs every minute, and then the gig is no longer Sold out', async () => {
    const date = dayIn(ZONE, 20);
    const gigId = await ticketedGig(2, date);
    const first = await clientAt().post('/api/tickets/checkout', { gigId, email: 'one@holds.test' });
    await clientAt().post('/api/tickets/checkout', { gigId, email: 'two@holds.test' });
    expect((await publicGig(gigId, date)).isSoldOut).toBe(true);
    // Past their time: 'Sold out' counts live holds only, even before the sweep.
    await expireOrdersOf(gigId);
    expect((await publicGig(gigId, date)).isSoldOut).toBe(false);

    const schedules = await t.db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${QUEUES.settleExpiredOrders}`);
    expect(schedules.rows.map((r) => r.cron)).toEqual(['* * * * *']);
    await t.services.jobs!.send(QUEUES.settleExpiredOrders);
    await vi.waitFor(async () => expect((await t.db.select({ held: gigs.ticketsHeld }).from(gigs).where(eq(gigs.id, gigId)))[0]!.held).toBe(0), { timeout: 15_000, interval: 200 });
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.gigId, gigId))).map((o) => o.status)).toEqual(['expired', 'expired']);

    // Like Stripe's, the sandbox's checkout past its time cannot be paid, and says so.
    const page = await t.app.request(new URL(first.json.url as string).pathname);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This checkout has expired');
    await payOnSandbox(first.json.url as string);
    expect((await t.db.select({ status: sandboxCheckouts.status }).from(sandboxCheckouts).where(eq(sandboxCheckouts.referenceId, first.json.orderId as string)))[0]!.status).toBe('open');
    expect(await t.db.select().from(tickets).where(eq(tickets.gigId, gigId))).toHaveLength(0);
  }, 30_000);
});

describe("the organiser's guards count paid tickets only", () => {
  const edit = (gigId: string, price: string) =>
    venue.client.put(`/api/booking/gigs/${gigId}`, gigForm({ localDate: dayIn(ZONE, 10), ticketing: { isEnabled: true, priceCents: price, quantity: 100, bandPercent: 60, organiserPercent: 15 } }));

  it('a gig with only expired or cancelled checkouts can be repriced and deleted (it answered 500 on the orders foreign key)', async () => {
    const gigId = await ticketedGig(100);
    const cancelled = await clientAt().post('/api/tickets/checkout', { gigId, email: 'cancel@holds.test' });
    await t.app.request(new URL(cancelled.json.url as string).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'cancel' }) });
    await clientAt().post('/api/tickets/checkout', { gigId, email: 'lapsed@holds.test' });
    await expireOrdersOf(gigId);
    const repriced = await edit(gigId, '20');
    expect(repriced.status, repriced.text).toBe(200);
    const deleted = await venue.client.delete(`/api/booking/gigs/${gigId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await t.db.select().from(gigs).where(eq(gigs.id, gigId))).toHaveLength(0);
    expect(await t.db.select().from(orders).where(eq(orders.gigId, gigId))).toHaveLength(0);
  });

  it('an open checkout keeps its own price while the gig is repriced; deleting the gig closes it (issue 33, finding 12): it can no longer be paid, no ticket, no money', async () => {
    const gigId = await ticketedGig(100);
    const open = await clientAt().post('/api/tickets/checkout', { gigId, email: 'paying@holds.test' });
    expect((await edit(gigId, '25')).status).toBe(200);
    const [order] = await t.db.select({ faceCents: orders.faceCents, sessionId: orders.providerSessionId }).from(orders).where(eq(orders.id, open.json.orderId as string));
    expect(order!.faceCents).toBe(1500);
    const deleted = await venue.client.delete(`/api/booking/gigs/${gigId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await t.db.select().from(gigs).where(eq(gigs.id, gigId))).toHaveLength(0);
    expect(await t.db.select().from(orders).where(eq(orders.gigId, gigId))).toHaveLength(0);
    // The buyer comes back to the sandbox's page and pays: it is closed, and says why.
    const paying = await payOnSandbox(open.json.url as string);
    expect(paying.status).toBe(303);
    const page = await t.app.request(new URL(open.json.url as string).pathname);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This checkout was closed because the show is no longer on sale. Nothing was charged.');
    const [checkout] = await t.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, order!.sessionId!));
    expect(checkout).toMatchObject({ status: 'open', paymentId: null, eventId: null });
    expect(await t.db.select().from(tickets).where(eq(tickets.gigId, gigId))).toHaveLength(0);
    // And /success says what happened rather than a bare 'not found'.
    const result = await t.client().get(`/api/tickets/checkout/${order!.sessionId}`);
    expect(result.status).toBe(404);
    expect(result.json.error.message).toBe('We could not find this order. If the show was taken off sale while you were paying, your checkout was closed and nothing was charged.');
  });

  it('a paid ticket fixes the price and keeps the gig', async () => {
    const gigId = await ticketedGig(100);
    const checkout = await clientAt().post('/api/tickets/checkout', { gigId, email: 'paid@holds.test' });
    expect((await payOnSandbox(checkout.json.url as string)).status).toBe(303);
    expect(await t.db.select().from(tickets).where(eq(tickets.gigId, gigId))).toHaveLength(1);
    expect((await edit(gigId, '30')).status).toBe(409);
    const deleted = await venue.client.delete(`/api/booking/gigs/${gigId}`);
    expect(deleted.status).toBe(409);
    expect(deleted.json.error.message).toBe('This gig has sold tickets, so it cannot be deleted. Its ticket holders expect the show.');
  });
});

describe('gig dates', () => {
  it('9999-12-31 23:00 on POST and PUT /api/booking/gigs is a field error, not a 500', async () => {
    const far = { localDate: '9999-12-31', startTime: '23:00', endTime: '23:30' };
    const posted = await venue.client.post('/api/booking/gigs', gigForm(far));
    expect(posted.status).toBe(422);
    expect(posted.json.error.fields.localDate).toBe(GIG_DATE_TOO_FAR_MESSAGE);
    const gigId = await createGig(t.db, { venueId: venue.id, localDate: dayIn(ZONE, 5), isApproved: false });
    const put = await venue.client.put(`/api/booking/gigs/${gigId}`, gigForm({ ...far, ticketing: { isEnabled: false } }));
    expect(put.status).toBe(422);
    expect(put.json.error.fields.localDate).toBe(GIG_DATE_TOO_FAR_MESSAGE);
    // Two years ahead is still fine.
    expect((await venue.client.post('/api/booking/gigs', gigForm({ localDate: dayIn(ZONE, 700) }))).status).toBe(201);
  });
});

describe('test mode', () => {
  it("the sandbox's checkout page, the ticket e-mail and the config the screens read all say 'Test mode: no real money'", async () => {
    expect((await t.client().get('/api/config')).json.payments).toBe('sandbox');
    const gigId = await ticketedGig(10);
    const checkout = await clientAt().post('/api/tickets/checkout', { gigId, email: 'test-mode@holds.test' });
    expect(await (await t.app.request(new URL(checkout.json.url as string).pathname)).text()).toContain(TEST_MODE_NOTICE);
    await payOnSandbox(checkout.json.url as string);
    const [mail] = await t.db.select({ text: outbox.textBody, html: outbox.htmlBody }).from(outbox).where(eq(outbox.toAddress, 'test-mode@holds.test'));
    expect(mail!.text).toContain(TEST_MODE_NOTICE);
    expect(mail!.html).toContain(TEST_MODE_NOTICE);
  });
});

describe('a start with no payment provider (PAYMENTS=off)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { NODE_ENV: 'production', DEMO_DATA: 'false' } });
  });
  afterAll(() => off?.close());

  it('sells no tickets: the gig form is told why, checkout is refused, and the screens know', async () => {
    expect(off.services.env.PAYMENTS).toBe('off');
    expect((await off.client().get('/api/config')).json.payments).toBe('off');
    const organiser = await signUpAs(off, 'venue');
    const ticketed = await organiser.client.post('/api/booking/gigs', gigForm({ ticketing: { isEnabled: true, priceCents: '15', quantity: 100, bandPercent: 60, organiserPercent: 15 } }));
    expect(ticketed.status).toBe(422);
    expect(ticketed.json.error.fields.ticketing).toBe(TICKET_SALES_OFF_MESSAGE);
    expect((await organiser.client.post('/api/booking/gigs', gigForm())).status).toBe(201);

    const gigId = await createGig(off.db, { venueId: organiser.id, bandId: (await createBand(off.db)).id, localDate: dayIn(ZONE, 10), isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 10 });
    const checkout = await off.client().post('/api/tickets/checkout', { gigId, email: 'free@holds.test' });
    expect(checkout.status).toBe(503);
    expect(checkout.json.error.message).toBe(TICKET_SALES_OFF_MESSAGE);
    expect(await off.db.select().from(orders)).toHaveLength(0);
  });
});
