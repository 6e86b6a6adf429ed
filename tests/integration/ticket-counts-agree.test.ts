// Issue 34 item 8: 'Sold', 'Checked in', 'Guests', 'Door sales', 'Refunded' and 'No-shows' come
// from one server function each (countGigTickets) and read the same on the organiser's gig card,
// the door app's list, the door report, the band's 'Your shows' and the public API; 'No-shows' only
// after the show.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { doorSales, guestListEntries, tickets } from '../../src/server/db/schema.ts';
import { refundTicket } from '../../src/server/features/payouts/refund-ticket.ts';
import { countGigTicketsOf } from '../../src/server/features/tickets/gig-ticket-counts.ts';
import { markEmailVerified, signUpAs } from '../helpers/accounts.ts';
import { createGig, dayIn } from '../helpers/factories.ts';
import { doorClient, issueTickets, organiserDevice } from '../helpers/door.ts';
import { givePaymentAccount } from '../helpers/payments.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createDoorDevice } from '../../src/server/features/door/door-devices.ts';

const ZONE = 'America/Chicago';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** A night: 6 sold, one refunded, one passed on, two scanned in, a party of three on the guest list (two in), two walk-ins. */
async function night() {
  const venue = await signUpAs(t, 'venue');
  const band = await signUpAs(t, 'band');
  await Promise.all([givePaymentAccount(t.db, venue.id), givePaymentAccount(t.db, band.id), markEmailVerified(t, venue.id)]);
  const localDate = dayIn(ZONE, 0);
  const gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate, startTime: '19:00', isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 40 });
  const ids = await issueTickets(t.db, gigId, 6);
  await refundTicket(t.db, { ticketId: ids[0]!, reason: 'Asked for it back.', actorId: venue.id });
  // A ticket passed on: the old one stands for nothing, its replacement for one.
  const [passed] = await t.db.select().from(tickets).where(eq(tickets.id, ids[1]!));
  await t.db.update(tickets).set({ status: 'transferred' }).where(eq(tickets.id, ids[1]!));
  await t.db.insert(tickets).values({ ...passed!, id: randomUUID().replaceAll('-', ''), holderEmail: 'friend@counts.test', status: 'valid', position: 9 });
  const device = await createDoorDevice(t.db, { userId: venue.id }, 'Front door');
  await t.db.update(tickets).set({ status: 'used', usedAt: new Date(), usedByDeviceId: device.deviceId }).where(inArray(tickets.id, [ids[2]!, ids[3]!]));
  const party = await venue.client.post(`/api/door/gigs/${gigId}/guests`, { name: 'Maya', plusCount: 2 });
  expect(party.status).toBe(201);
  await t.db.update(guestListEntries).set({ admittedCount: 2 }).where(eq(guestListEntries.id, party.json.id));
  await t.db.insert(doorSales).values({ id: randomUUID(), gigId, deviceId: device.deviceId, quantity: 2, amountCents: 3000, method: 'cash', soldAt: new Date() });
  return { venue, band, gigId, localDate };
}

/** What each screen says, under the issue's words. */
async function everyScreen(n: Awaited<ReturnType<typeof night>>) {
  const dashboard = await n.venue.client.get(`/api/booking/dashboard?gigId=${n.gigId}`);
  expect(dashboard.status).toBe(200);
  const card = dashboard.json.gigs.find((g: { id: string }) => g.id === n.gigId);
  const report = await n.venue.client.get(`/api/door/gigs/${n.gigId}/report`);
  expect(report.status).toBe(200);
  const door = doorClient(t.client(), await organiserDevice(t.db, n.venue.id, 'Side door'));
  const list = await door.list(n.gigId);
  expect(list.status).toBe(200);
  const key = await n.venue.client.post('/api/api-keys', { name: 'Counts', scopes: [] });
  expect(key.status).toBe(201);
  const api = await t.client().get(`/api/v1/me/gigs/${n.gigId}/sales`, { authorization: `Bearer ${key.json.key}` });
  expect(api.status).toBe(200);
  const shows = await n.band.client.get('/api/booking/my-shows');
  expect(shows.status).toBe(200);
  const show = (shows.json.shows ?? shows.json).find((s: { gigId?: string; id?: string }) => (s.gigId ?? s.id) === n.gigId);
  return { card: card.ticketCounts, report: report.json.ticketCounts, door: list.json.counts.ticketCounts, show: show.ticketCounts, api: api.json };
}

it('reads the same counts on the gig card, the door, the door report, the band\'s shows and the public API', async () => {
  const n = await night();
  const counts = await countGigTicketsOf(t.db, n.gigId);
  // 6 sold, 1 refunded: 5 stand (the passed-on ticket counts once, as its replacement).
  expect(counts).toEqual({ sold: 5, checkedIn: 2 + 2 + 2, guests: 3, doorSales: 2, refunded: 1, noShows: null });
  const screens = await everyScreen(n);
  expect(screens.card).toEqual(counts);
  expect(screens.report).toEqual(counts);
  expect(screens.door).toEqual(counts);
  expect(screens.show).toEqual(counts);
  expect(screens.api).toMatchObject({ ticketsSold: 5, ticketsRefunded: 1, ticketsCheckedIn: 6, guests: 3, doorSales: 2, noShows: null });
});

it("shows 'No-shows' only once the show has ended, and the same number everywhere", async () => {
  const n = await night();
  // 22:00 is the show's end; a minute later the tickets and guest places nobody used are no-shows.
  vi.useFakeTimers({ toFake: ['Date'], now: DateTime.fromISO(`${n.localDate}T22:01`, { zone: ZONE }).toJSDate() });
  const counts = await countGigTicketsOf(t.db, n.gigId);
  // 5 standing tickets, 2 scanned: 3; 3 guest places, 2 in: 1.
  expect(counts.noShows).toBe(4);
  const screens = await everyScreen(n);
  for (const screen of [screens.card, screens.report, screens.door, screens.show]) expect(screen).toEqual(counts);
  expect(screens.api.noShows).toBe(4);
});
