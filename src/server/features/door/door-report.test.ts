// Decision 51: the organiser's door report after a night: sold online, walk-ins sold at the door
// and their takings, comps, who is in, no-shows and the tickets admitted on two doors, as JSON and
// as a CSV a spreadsheet opens without running anything in it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { doorSales, doorScans, guestListEntries, orders, tickets } from '../../db/schema.ts';
import { ticketRef } from '../../../core/door-codes.ts';
import { placeTicketOrder } from '../tickets/place-ticket-order.ts';
import { applyPaymentEvent } from '../tickets/apply-payment-event.ts';
import { refundTicket } from '../payouts/refund-ticket.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { givePaymentAccount } from '../../../../tests/helpers/payments.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { createDoorDevice } from './door-devices.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let venue: Awaited<ReturnType<typeof signUpAs>>;
let otherVenue: Awaited<ReturnType<typeof signUpAs>>;
let fan: Awaited<ReturnType<typeof signUpAs>>;

beforeAll(async () => {
  t = await createTestApp();
  [venue, otherVenue, fan] = await Promise.all([signUpAs(t, 'venue'), signUpAs(t, 'venue'), signUpAs(t, 'fan')]);
  await givePaymentAccount(t.db, venue.id);
}, 60_000);
afterAll(() => t.close());

/** A buyer pays for `quantity` tickets on the sandbox; returns their ticket ids. */
async function buy(gigId: string, email: string, quantity = 1) {
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox', quantity });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Tickets', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  expect(await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() })).toBe('issued');
  return (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, placed.id))).map((r) => r.id);
}

/** A night at the door: what the door core's sync would have recorded. */
async function doorNight(bandName: string, deviceLabels: [string, string]) {
  const band = await createBand(t.db, { name: bandName });
  await givePaymentAccount(t.db, band.id);
  const gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 4), isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 20 });
  const front = await createDoorDevice(t.db, { userId: venue.id }, deviceLabels[0]);
  const side = await createDoorDevice(t.db, { userId: venue.id }, deviceLabels[1]);
  const [ana1, ana2] = await buy(gigId, 'ana@report.test', 2);
  await buy(gigId, 'ben@report.test');
  const [cat] = await buy(gigId, 'cat@report.test');
  await refundTicket(t.db, { ticketId: cat!, reason: 'Cannot come.', actorId: venue.id });
  const admittedAt = new Date(Date.now() - 60_000);
  await t.db.update(tickets).set({ status: 'used', usedAt: admittedAt, usedByDeviceId: front.deviceId }).where(inArray(tickets.id, [ana1!, ana2!]));
  // The side door let Ana's first ticket in too, while both were offline: a conflict.
  await t.db.insert(doorScans).values({ id: randomUUID(), gigId, deviceId: side.deviceId, ticketId: ana1!, scannedAt: new Date(admittedAt.getTime() + 30_000), deviceScannedAt: new Date(), wasAdmitted: true, result: 'conflict' });
  await t.db.insert(doorSales).values([
    { id: randomUUID(), gigId, deviceId: front.deviceId, quantity: 2, amountCents: 2000, method: 'cash', soldAt: new Date() },
    { id: randomUUID(), gigId, deviceId: side.deviceId, quantity: 1, amountCents: 1250, method: 'card', soldAt: new Date() },
  ]);
  const maya = (await venue.client.post(`/api/door/gigs/${gigId}/guests`, { name: 'Maya', plusCount: 2 })).json;
  await venue.client.post(`/api/door/gigs/${gigId}/guests`, { name: 'Joe' });
  await t.db.update(guestListEntries).set({ admittedCount: 2 }).where(eq(guestListEntries.id, maya.id));
  return { gigId, ana1: ana1! };
}

it('adds up the night: sold online and at the door, takings by cash and card, comps, in, no-shows and conflicts', async () => {
  const { gigId, ana1 } = await doorNight('The Counted', ['Front door', 'Side door']);
  const res = await venue.client.get(`/api/door/gigs/${gigId}/report`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.json).toMatchObject({
    gig: { id: gigId, title: 'The Counted', capacity: 20, isCancelled: false },
    capacity: 20,
    soldOnline: 3, // Ana's two and Ben's; Cat's was refunded
    soldAtDoor: 3,
    doorTakingsCents: { cash: 2000, card: 1250 },
    comps: 4, // Maya +2 and Joe
    checkedIn: 8, // Ana's two tickets, the second person let in on Ana's first (the conflict), two of Maya's party, three walk-ins
    noShows: null, // issue 34 item 8: only after the show (in four days)
    ticketCounts: { sold: 3, checkedIn: 8, guests: 4, doorSales: 3, refunded: 1, noShows: null },
  });
  expect(res.json.conflicts).toEqual([
    { ticketRef: await ticketRef(ana1), holderLabel: 'a…a@r…t.test', admittedAt: expect.any(String), deviceLabel: 'Front door', otherAt: expect.any(String), otherDeviceLabel: 'Side door' },
  ]);
  expect(new Date(res.json.conflicts[0].admittedAt) < new Date(res.json.conflicts[0].otherAt)).toBe(true);
});

it('downloads as a CSV whose cells never run as formulas, for the organiser only', async () => {
  const { gigId } = await doorNight('=HYPERLINK("http://evil.test","Click")', ['@SUM(A1:A9)', '+Side']);
  const res = await venue.client.get(`/api/door/gigs/${gigId}/report.csv`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="door-report-\d{4}-\d{2}-\d{2}-hyperlink-http-evil-test-click.csv"$/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const lines = res.text.split('\r\n');
  expect(lines).toContain(`Gig,"'=HYPERLINK(""http://evil.test"",""Click"")"`);
  expect(lines).toContain('Sold,3');
  expect(lines).toContain('Refunded,1');
  expect(lines.some((l) => l.startsWith('No-shows'))).toBe(false);
  expect(lines).toContain('"Door takings, cash",20.00');
  expect(lines).toContain('"Door takings, card",12.50');
  expect(lines).toContain('Checked in,8');
  expect(lines.some((l) => l.includes(",'@SUM(A1:A9),") && l.endsWith(",'+Side"))).toBe(true);
  // No cell starts with a formula character.
  for (const line of lines) for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);

  expect((await otherVenue.client.get(`/api/door/gigs/${gigId}/report.csv`)).status).toBe(404);
  expect((await fan.client.get(`/api/door/gigs/${gigId}/report`)).status).toBe(403);
  expect((await t.client().get(`/api/door/gigs/${gigId}/report`)).status).toBe(401);
});
