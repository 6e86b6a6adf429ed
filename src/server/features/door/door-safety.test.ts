// Issue 34, "the door sees what the organiser sees": door search by name, by a whole or partial
// e-mail address (matched on the server's copy; the door still sees it masked) and by order number;
// capacity as a safety number (seats held by open online checkouts count, a door sale past it or for
// a cancelled gig is refused, also when it was sold offline and synced late); a door sale undone
// within minutes (a void, kept in the door report); the door's prices.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { gigs, guestListEntries, orders, ticketTypes, tickets, user } from '../../db/schema.ts';
import type { DoorAdmissionList, DoorReport, DoorSearchResult, DoorSyncResult } from '../../../core/schemas/door.ts';
import { ticketRef } from '../../../core/door-codes.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createDoorGig, doorClient, issueTickets, organiserDevice } from '../../../../tests/helpers/door.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { placeTicketOrder } from '../tickets/place-ticket-order.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

/** A device clock `minutesAgo` before now (the server reads every time against the batch's sentAt). */
const at = (minutesAgo = 0, clock = Date.now()) => new Date(clock - minutesAgo * 60_000).toISOString();
const sale = (quantity: number, { minutesAgo = 0, amountCents = 1500 * quantity, method = 'cash' }: { minutesAgo?: number; amountCents?: number; method?: 'cash' | 'card' } = {}) => ({ id: randomUUID(), quantity, amountCents, method, soldAt: at(minutesAgo) });

async function doorFor(gig: { venueId: string }, label = 'Front door') {
  return doorClient(t.client(), await organiserDevice(t.db, gig.venueId, label));
}
const search = (door: ReturnType<typeof doorClient>, gigId: string, q: string) => door.search(gigId, q);
const doorSeats = async (gigId: string) => (await t.db.select({ n: gigs.doorSeats }).from(gigs).where(eq(gigs.id, gigId)))[0]!.n;

describe('door search finds anyone on the list', () => {
  it('by a whole or partial e-mail address (answered masked), a name, an order number and a guest\'s name or address; used and passed-on tickets come with their state', async () => {
    const venue = await signUpAs(t, 'venue');
    const gig = await createDoorGig(t.db, { venueId: venue.id });
    const [jon] = await issueTickets(t.db, gig.gigId, 1, { email: 'jonathan.smith@example.com' });
    const [sam] = await issueTickets(t.db, gig.gigId, 1, { email: 'sam.holder@example.com' });
    await t.db.insert(user).values({ id: randomUUID(), name: 'Sam Holder', email: 'sam.holder@example.com', role: 'fan', location: 'chicagoland', emailVerified: true });
    const [used, passed] = await issueTickets(t.db, gig.gigId, 2, { email: 'pat.orders@example.net' });
    await t.db.update(tickets).set({ status: 'used', usedAt: new Date() }).where(eq(tickets.id, used!));
    await t.db.update(tickets).set({ status: 'transferred' }).where(eq(tickets.id, passed!));
    const [patOrder] = await t.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, used!));
    await t.db.update(orders).set({ providerSessionId: 'cs_test_a1b2c3d4e5f6GH12JK34' }).where(eq(orders.id, patOrder!.orderId));
    await t.db.insert(guestListEntries).values({ gigId: gig.gigId, name: 'Robin Banks', plusCount: 1, email: 'robin.b@guests.test', code: randomUUID() });
    // Another gig's holder with the same address is not on this door's list.
    const other = await createDoorGig(t.db, { venueId: venue.id });
    await issueTickets(t.db, other.gigId, 1, { email: 'jonathan.smith@example.com' });
    const door = await doorFor(gig);

    // The door's own list has masked addresses only: "jonathan.sm" is found by the server.
    const list = (await door.list(gig.gigId)).json as DoorAdmissionList;
    expect(list.tickets.some((x) => x.holderLabel.includes('jonathan'))).toBe(false);
    const byPart = await search(door, gig.gigId, 'Jonathan.Sm');
    expect(byPart.status).toBe(200);
    expect(byPart.headers.get('cache-control')).toBe('no-store');
    expect((byPart.json as DoorSearchResult).tickets).toEqual([expect.objectContaining({ ref: await ticketRef(jon!), status: 'valid', typeName: 'General', holderLabel: 'j…h@e…e.com' })]);
    expect(byPart.text).not.toContain('jonathan.smith@example.com');
    expect((await search(door, gig.gigId, 'jonathan.smith@example.com')).json.tickets).toHaveLength(1);

    expect((await search(door, gig.gigId, 'sam hol')).json.tickets).toEqual([expect.objectContaining({ ref: await ticketRef(sam!), holderLabel: 'Sam Holder' })]);
    // The order number the buyer was shown (its last 8 characters, upper-case), with or without '#'.
    const byOrder = (await search(door, gig.gigId, '#gh12jk34')).json as DoorSearchResult;
    expect(byOrder.tickets.map((x) => [x.ref, x.status, x.orderRef])).toEqual([
      [await ticketRef(used!), 'used', 'GH12JK34'],
      [await ticketRef(passed!), 'transferred', 'GH12JK34'],
    ]);
    const guests = (await search(door, gig.gigId, 'robin.b@')).json as DoorSearchResult;
    expect(guests.guests).toEqual([expect.objectContaining({ name: 'Robin Banks', plusCount: 1 })]);
    expect(JSON.stringify(guests)).not.toContain('guests.test');
    expect((await search(door, gig.gigId, 'nobody-here')).json).toEqual({ tickets: [], guests: [] });
    expect((await search(door, gig.gigId, 'j')).status).toBe(422);
  });

  it('is limited to 30 searches a minute a door, and answers only a door on the gig', async () => {
    const limited = await createTestApp({ isRateLimitEnabled: true });
    try {
      const gig = await createDoorGig(limited.db);
      const door = doorClient(limited.client(), await organiserDevice(limited.db, gig.venueId));
      for (let i = 0; i < 30; i += 1) expect((await door.post(`/api/door/gigs/${gig.gigId}/search`, { q: `name${i}` })).status).toBe(200);
      const refused = await door.post(`/api/door/gigs/${gig.gigId}/search`, { q: 'one more' });
      expect(refused.status).toBe(429);
      expect(refused.json.error.message).toBe('Too many searches from this door. Please wait a minute.');
      const stranger = doorClient(limited.client(), await organiserDevice(limited.db, (await createDoorGig(limited.db)).venueId));
      expect((await stranger.post(`/api/door/gigs/${gig.gigId}/search`, { q: 'anyone' })).status).toBe(403);
    } finally {
      await limited.close();
    }
  }, 180_000);
});

describe('capacity is a safety number', () => {
  it('seats held by open online checkouts count; a door sale past capacity is refused, until the organiser raises it', async () => {
    const gig = await createDoorGig(t.db, { quantity: 5 });
    await issueTickets(t.db, gig.gigId, 3);
    // Someone is paying online for one seat right now.
    await placeTicketOrder(t.db, { gigId: gig.gigId, buyerEmail: 'paying@door.test', provider: 'sandbox' });
    const door = await doorFor(gig);
    expect((await door.counts(gig.gigId)).json).toMatchObject({ capacity: 5, soldOnline: 3, heldOnline: 1, seatsLeft: 1 });

    const two = sale(2);
    const refused = (await door.sync(gig.gigId, { sentAt: at(), sales: [two] })).json as DoorSyncResult;
    expect(refused.sales).toEqual([{ id: two.id, status: 'refused_full', isOverCapacity: false }]);
    expect(refused.counts).toMatchObject({ soldAtDoor: 0, checkedIn: 0, seatsLeft: 1 });
    expect(await doorSeats(gig.gigId)).toBe(0);

    const one = sale(1);
    expect(((await door.sync(gig.gigId, { sentAt: at(), sales: [one] })).json as DoorSyncResult).sales).toEqual([{ id: one.id, status: 'recorded', isOverCapacity: false }]);
    expect((await door.counts(gig.gigId)).json).toMatchObject({ soldAtDoor: 1, checkedIn: 1, seatsLeft: 0 });
    // Sent again (the door did not hear the answer): the same answers, nothing taken twice.
    expect(((await door.sync(gig.gigId, { sentAt: at(), sales: [two, one] })).json as DoorSyncResult).sales.map((s) => s.status)).toEqual(['refused_full', 'recorded']);
    expect(await doorSeats(gig.gigId)).toBe(1);

    // The organiser raises the capacity: the door sells again.
    await t.db.update(gigs).set({ ticketQuantity: 8 }).where(eq(gigs.id, gig.gigId));
    const more = sale(2);
    expect(((await door.sync(gig.gigId, { sentAt: at(), sales: [more] })).json as DoorSyncResult).sales[0]!.status).toBe('recorded');
    expect((await door.counts(gig.gigId)).json).toMatchObject({ capacity: 8, soldAtDoor: 3, heldOnline: 1, seatsLeft: 1 });
  });

  it('two doors offline sell the last seats: in the order sold, the first fits and the later one is refused at sync, kept in the report as money to give back', async () => {
    const venue = await signUpAs(t, 'venue');
    const gig = await createDoorGig(t.db, { quantity: 4, venueId: venue.id });
    await issueTickets(t.db, gig.gigId, 2);
    const front = await doorFor(gig, 'Front door');
    const side = await doorFor(gig, 'Side door');
    // Side door sold 2 ten minutes ago, offline; the front door sold 1 five minutes ago, offline, and syncs first.
    const sideSale = sale(2, { minutesAgo: 10, amountCents: 4000 });
    const frontSale = sale(1, { minutesAgo: 5 });
    expect(((await front.sync(gig.gigId, { sentAt: at(), sales: [frontSale] })).json as DoorSyncResult).sales[0]!.status).toBe('recorded');
    expect(((await side.sync(gig.gigId, { sentAt: at(), sales: [sideSale] })).json as DoorSyncResult).sales[0]!.status).toBe('refused_full');
    const report = (await venue.client.get(`/api/door/gigs/${gig.gigId}/report`)).json as DoorReport;
    expect(report).toMatchObject({ soldAtDoor: 1, doorTakingsCents: { cash: 1500, card: 0 }, checkedIn: 1 });
    expect(report.refusedSales).toEqual([expect.objectContaining({ id: sideSale.id, deviceLabel: 'Side door', quantity: 2, amountCents: 4000, status: 'refused_full' })]);
    const csv = (await venue.client.get(`/api/door/gigs/${gig.gigId}/report.csv`)).text;
    expect(csv).toContain('Door sales refused (give the money back),1');
    expect(csv).toContain('Refused: the show was full');
  });

  it('a cancelled gig\'s door sales are refused, however the door sent them', async () => {
    const gig = await createDoorGig(t.db, { quantity: 100 });
    const door = await doorFor(gig);
    await t.db.update(gigs).set({ cancelledAt: new Date() }).where(eq(gigs.id, gig.gigId));
    const walkIn = sale(1);
    expect(((await door.sync(gig.gigId, { sentAt: at(), sales: [walkIn] })).json as DoorSyncResult).sales).toEqual([{ id: walkIn.id, status: 'refused_cancelled', isOverCapacity: false }]);
    expect(await doorSeats(gig.gigId)).toBe(0);
    expect((await door.counts(gig.gigId)).json).toMatchObject({ soldAtDoor: 0, checkedIn: 0 });
  });
});

describe('a door sale can be undone for a few minutes', () => {
  it('a void within five minutes gives the seats back and stops counting, and stays in the report; a later one, or another door\'s, is refused', async () => {
    const venue = await signUpAs(t, 'venue');
    const gig = await createDoorGig(t.db, { quantity: 10, venueId: venue.id });
    const door = await doorFor(gig);
    const other = await doorFor(gig, 'Side door');
    const mistake = sale(2, { minutesAgo: 3, amountCents: 3000 });
    const old = sale(1, { minutesAgo: 6, method: 'card' });
    await door.sync(gig.gigId, { sentAt: at(), sales: [mistake, old] });
    expect(await doorSeats(gig.gigId)).toBe(3);

    // Another door cannot undo this door's sale.
    expect(((await other.sync(gig.gigId, { sentAt: at(), voids: [{ saleId: mistake.id, voidedAt: at() }] })).json as DoorSyncResult).voids).toEqual([{ saleId: mistake.id, isVoided: false, reason: 'unknown' }]);
    const undone = (await door.sync(gig.gigId, { sentAt: at(), voids: [{ saleId: mistake.id, voidedAt: at() }, { saleId: old.id, voidedAt: at() }] })).json as DoorSyncResult;
    expect(undone.voids).toEqual([
      { saleId: mistake.id, isVoided: true },
      { saleId: old.id, isVoided: false, reason: 'too_late' },
    ]);
    expect(undone.counts).toMatchObject({ soldAtDoor: 1, checkedIn: 1, seatsLeft: 9 });
    // The same void again changes nothing.
    await door.sync(gig.gigId, { sentAt: at(), voids: [{ saleId: mistake.id, voidedAt: at() }] });
    expect(await doorSeats(gig.gigId)).toBe(1);

    const report = (await venue.client.get(`/api/door/gigs/${gig.gigId}/report`)).json as DoorReport;
    expect(report).toMatchObject({ soldAtDoor: 1, doorTakingsCents: { cash: 0, card: 1500 }, refusedSales: [] });
    expect(report.voidedSales).toEqual([expect.objectContaining({ id: mistake.id, quantity: 2, amountCents: 3000, method: 'cash', status: 'voided', deviceLabel: 'Front door', voidedAt: expect.any(String) })]);
    expect((await venue.client.get(`/api/door/gigs/${gig.gigId}/report.csv`)).text).toContain('Door sales voided,1');
  });

  it('a sale and its void made offline reach the server in one batch: recorded, then voided', async () => {
    const gig = await createDoorGig(t.db, { quantity: 10 });
    const door = await doorFor(gig);
    const s = sale(1, { minutesAgo: 2 });
    const answer = (await door.sync(gig.gigId, { sentAt: at(), sales: [s], voids: [{ saleId: s.id, voidedAt: at(1) }] })).json as DoorSyncResult;
    expect(answer.voids).toEqual([{ saleId: s.id, isVoided: true }]);
    expect(answer.counts).toMatchObject({ soldAtDoor: 0 });
    expect(await doorSeats(gig.gigId)).toBe(0);
  });
});

describe('the door\'s prices', () => {
  it('a door sale is prefilled with the type named for the door, else the gig\'s price; hidden presale types are not sold at the door', async () => {
    const plain = await createDoorGig(t.db);
    const list = (await (await doorFor(plain)).list(plain.gigId)).json as DoorAdmissionList;
    expect(list).toMatchObject({ currency: 'USD', doorPrices: [{ typeName: 'General', priceCents: 1500, isDoorPrice: true }] });

    const typed = await createDoorGig(t.db);
    await t.db.insert(ticketTypes).values([
      { gigId: typed.gigId, name: 'Early bird', priceCents: 1000, quantity: 20, position: 0 },
      { gigId: typed.gigId, name: 'VIP', priceCents: 4000, quantity: 10, position: 1 },
      { gigId: typed.gigId, name: 'Door', priceCents: 1800, quantity: 20, position: 2 },
      { gigId: typed.gigId, name: 'Friends', priceCents: 500, quantity: 5, position: 3, isHidden: true },
    ]);
    const typedList = (await (await doorFor(typed)).list(typed.gigId)).json as DoorAdmissionList;
    expect(typedList.doorPrices).toEqual([
      { typeName: 'Early bird', priceCents: 1000, isDoorPrice: false },
      { typeName: 'VIP', priceCents: 4000, isDoorPrice: false },
      { typeName: 'Door', priceCents: 1800, isDoorPrice: true },
    ]);
    // The order number rides on each ticket of the list, so the door finds an order offline too.
    const [ticketId] = await issueTickets(t.db, typed.gigId, 1);
    const [row] = await t.db.select({ orderId: tickets.orderId }).from(tickets).where(inArray(tickets.id, [ticketId!]));
    await t.db.update(orders).set({ providerSessionId: `cs_${randomUUID().replaceAll('-', '')}` }).where(eq(orders.id, row!.orderId));
    const withOrder = (await (await doorFor(typed)).list(typed.gigId)).json as DoorAdmissionList;
    expect(withOrder.tickets[0]!.orderRef).toMatch(/^[0-9A-F]{8}$/);
  });
});
