// Issue 34, item 4 (and item 3's page side, items 6 and 16's ticket page): one 'Can't go?' panel per
// ticket, on its page and on the fan dashboard. The server says which ways out exist now, each with
// its money outcome in one line from the ticket's own amounts, and why the others do not; a ticket
// passed on never promises its holder "your card"; the ticket type is part of the ticket; a refunded
// ticket offers no calendar entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gigs, orders, tickets, ticketTypes, waitlistEntries } from '../../db/schema.ts';
import { placeTicketOrder } from './place-ticket-order.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { admitTicket } from './admit-ticket.ts';
import { ticketPageToken } from './ticket-links.ts';
import { requestRefund } from './request-refund.ts';
import { transferTicket } from './transfer-ticket.ts';
import { keepTicket, returnTicket } from '../waitlist/return-ticket.ts';
import { refundTicket } from '../payouts/refund-ticket.ts';
import type { SessionUser } from '../../http/session.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { markEmailVerified, signUpAs } from '../../../../tests/helpers/accounts.ts';
import { CANT_GO_REASONS, type CantGo } from '../../../core/cant-go.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let venue: { client: TestClient; id: string };
let admin: { id: string };
let bandId: string;

beforeAll(async () => {
  t = await createTestApp();
  venue = await signUpAs(t, 'venue', { address: '1354 W Wabansia Ave, Chicago' });
  admin = await signUpAs(t, 'admin');
  bandId = (await createBand(t.db, { name: `Cant Go ${Date.now()}` })).id;
}, 60_000);
afterAll(() => t.close());

const ticketedGig = (over: Partial<typeof gigs.$inferInsert> = {}) =>
  createGig(t.db, { venueId: venue.id, bandId, localDate: dayIn(ZONE, 10), startTime: '21:00', endTime: '23:30', isTicketed: true, ticketPriceCents: 1800, ticketQuantity: 50, ...over });

/** A fan buys a ticket through the sandbox and the payment event issues it. */
async function buy(gigId: string, email = 'fan@cant-go.test', ticketTypeId?: string) {
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox', ticketTypeId });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  expect(await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() })).toBe('issued');
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.orderId, placed.id));
  return { ticketId: ticket!.id, token: ticketPageToken(t.services, ticket!.id), faceCents: ticket!.faceCents, feeCents: ticket!.feeCents };
}

const page = async (token: string) => (await t.client().get(`/api/ticket-page/${token}`)).json;
const panel = async (token: string): Promise<CantGo> => (await page(token)).cantGo;
/** Each way out as the panel reads it: "Title: outcome". */
const lines = (cantGo: CantGo) => cantGo.options.map((option) => `${option.title}: ${option.outcome}`);
const reasons = (cantGo: CantGo) => Object.fromEntries(cantGo.unavailable.map((u) => [u.kind, u.reason]));
const joinWaitlist = (gigId: string, email: string, isConfirmed = true) =>
  t.db.insert(waitlistEntries).values({ gigId, email, tokenHash: `hash-${Math.random()}`, confirmedAt: isConfirmed ? new Date() : null });
const door: SessionUser = { id: '', role: 'venue', email: 'venue@door.test', emailVerified: true, name: 'venue', location: 'chicagoland', createdAt: new Date() };

describe("the 'Can't go?' panel of a ticket", () => {
  it('on sale, transfers on: pass it on or ask for a refund, each with its money outcome; no waitlist to sell it to, and why', async () => {
    const { token } = await buy(await ticketedGig());
    const cantGo = await panel(token);
    expect(cantGo).toMatchObject({ moneyGoesTo: 'holder', closedReason: null, pending: null });
    expect(lines(cantGo)).toEqual([
      'Pass it to a friend: free; your code stops working',
      // $18.00 face and its part of the fee: what a refund pays back.
      'Ask the organiser for a refund: if they approve, $20.70 back to your card, and your code stops working',
    ]);
    expect(reasons(cantGo)).toEqual({ return: 'Tickets for this show are still on sale, so nobody is waiting to buy yours.' });
  });

  it('transfers off: no pass, and the panel says transfers are off for this show', async () => {
    const { token } = await buy(await ticketedGig({ isTransferAllowed: false }));
    const cantGo = await panel(token);
    expect(cantGo.options.map((o) => o.kind)).toEqual(['refund']);
    expect(reasons(cantGo).pass).toBe('Transfers are off for this show.');
  });

  it('sold out with someone confirmed on the waitlist: sell it back at face value, for the face value; nobody waiting (or only unconfirmed): not offered, and why', async () => {
    const gigId = await ticketedGig({ ticketQuantity: 1 });
    const { token } = await buy(gigId);
    expect(reasons(await panel(token)).return).toBe('Nobody is on the waitlist for this show right now.');
    await joinWaitlist(gigId, 'unconfirmed@cant-go.test', false);
    // The holder on their own show's waitlist is not someone to sell to.
    await joinWaitlist(gigId, 'fan@cant-go.test');
    expect(reasons(await panel(token)).return).toBe('Nobody is on the waitlist for this show right now.');

    await joinWaitlist(gigId, 'waiting@cant-go.test');
    const cantGo = await panel(token);
    expect(lines(cantGo)).toContain('Sell it back at face value to the waitlist: you get $18.00 when someone buys it');
    expect(cantGo.options.map((o) => o.kind)).toEqual(['pass', 'return', 'refund']);
    expect(cantGo.unavailable).toEqual([]);
  });

  it('a sold-out ticket type counts as sold out when every public type is', async () => {
    const gigId = await ticketedGig({ ticketQuantity: 50 });
    const [vip] = await t.db.insert(ticketTypes).values({ gigId, name: 'VIP', priceCents: 3000, quantity: 1 }).returning();
    const { token } = await buy(gigId, 'vip@cant-go.test', vip!.id);
    await joinWaitlist(gigId, 'waiting@cant-go.test');
    expect(lines(await panel(token))).toContain('Sell it back at face value to the waitlist: you get $30.00 when someone buys it');
  });

  it('offered to the waitlist: shown as under way (with what the holder gets), and neither passed on nor refunded until kept', async () => {
    const gigId = await ticketedGig({ ticketQuantity: 1 });
    const { ticketId, token } = await buy(gigId);
    await joinWaitlist(gigId, 'waiting@cant-go.test');
    await returnTicket(t.db, { ticketId });
    const cantGo = await panel(token);
    expect(cantGo.pending).toEqual({ kind: 'return_listed', outcome: 'Offered to the waitlist: $18.00 back to your card when someone buys it, and then your code stops working. Until then it still works.' });
    expect(cantGo.options).toEqual([]);
    expect(reasons(cantGo)).toEqual({ pass: "It is offered to the waitlist: choose 'Keep my ticket' first.", refund: "It is offered to the waitlist: choose 'Keep my ticket' first." });
  });

  it('a refund already asked for: shown as under way, and the other ways out wait for the answer', async () => {
    const gigId = await ticketedGig({ ticketQuantity: 1 });
    const { token } = await buy(gigId);
    await joinWaitlist(gigId, 'waiting@cant-go.test');
    await requestRefund(t.services, token, { reason: 'I broke my leg.' }, { ipAddress: null });
    const cantGo = await panel(token);
    expect(cantGo.pending).toMatchObject({ kind: 'refund_requested' });
    expect(cantGo.options).toEqual([]);
    expect(reasons(cantGo)).toEqual({ pass: 'You asked the organiser for a refund: wait for their answer first.', return: 'You asked the organiser for a refund: wait for their answer first.' });
  });

  it('after the show, checked in, or refunded: nothing to offer, and the reason; a refunded ticket offers no calendar entry', async () => {
    const past = await buy(await ticketedGig());
    const used = await buy(await ticketedGig());
    const refunded = await buy(await ticketedGig());
    await t.db.update(gigs).set({ localDate: dayIn(ZONE, -1) }).where(eq(gigs.id, (await t.db.select().from(tickets).where(eq(tickets.id, past.ticketId)))[0]!.gigId));
    expect((await admitTicket(t.db, { ...door, id: venue.id }, used.ticketId)).isValid).toBe(true);
    await refundTicket(t.db, { ticketId: refunded.ticketId, reason: 'Test refund', actorId: admin.id });

    for (const [ticket, reason] of [
      [past, 'This show has already happened.'],
      [used, 'This ticket was checked in at the door.'],
      [refunded, 'This ticket was refunded.'],
    ] as const) {
      expect(await panel(ticket.token)).toMatchObject({ closedReason: reason, options: [], unavailable: [], pending: null });
    }
    expect((await page(refunded.token)).calendarPath).toBeNull();
    expect((await t.client().get(`/api/ticket-page/${refunded.token}/calendar.ics`)).status).toBe(409);
    expect((await page(used.token)).calendarPath).toBe(`/api/ticket-page/${used.token}/calendar.ics`);
  });

  it('a ticket passed on: the old one is closed; the new holder paid nothing, so every money line names the original buyer, never "your card"', async () => {
    const gigId = await ticketedGig({ ticketQuantity: 1 });
    const { token } = await buy(gigId, 'buyer@cant-go.test');
    await transferTicket(t.services, { kind: 'link', token }, { toEmail: 'friend@cant-go.test' });
    expect((await panel(token)).closedReason).toBe('This ticket was passed on: its new holder decides what happens to it.');
    expect((await page(token)).calendarPath).toBeNull();

    const [friends] = await t.db.select().from(tickets).where(eq(tickets.holderEmail, 'friend@cant-go.test'));
    await joinWaitlist(gigId, 'waiting@cant-go.test');
    const cantGo = await panel(ticketPageToken(t.services, friends!.id));
    expect(cantGo.moneyGoesTo).toBe('original_buyer');
    expect(lines(cantGo)).toEqual([
      'Pass it to a friend: free; your ticket stops admitting',
      'Sell it back at face value to the waitlist: the original buyer gets $18.00 back when someone buys it, not you; then your ticket stops admitting',
      'Ask the organiser for a refund: if they approve, $20.70 back to the card of the original buyer, not to you, and your ticket stops admitting',
    ]);
    expect(JSON.stringify(cantGo)).not.toMatch(/your card|you get/);
  });
});

describe('the ticket type and the panel on the fan dashboard', () => {
  it('the page and the dashboard name the type bought, and the dashboard lists the same panel', async () => {
    const fan = await signUpAs(t, 'fan');
    await markEmailVerified(t, fan.id);
    const gigId = await ticketedGig({ isTransferAllowed: false });
    const [type] = await t.db.insert(ticketTypes).values({ gigId, name: 'Early bird', priceCents: 1200, quantity: 10 }).returning();
    const { ticketId, token } = await buy(gigId, fan.email, type!.id);
    const onPage = await page(token);
    expect(onPage.ticket.typeName).toBe('Early bird');

    const mine = (await fan.client.get('/api/tickets/mine')).json.tickets.find((row: { id: string }) => row.id === ticketId);
    expect(mine.typeName).toBe('Early bird');
    expect(mine.cantGo).toEqual(onPage.cantGo);
    expect(reasons(mine.cantGo).pass).toBe('Transfers are off for this show.');
    expect(lines(mine.cantGo)).toEqual(['Ask the organiser for a refund: if they approve, $13.80 back to your card, and your code stops working']);
  });
});

describe('the actions refuse what the panel does not offer (issue 34, item 4)', () => {
  it('a ticket with a refund asked for is not offered to the waitlist until the organiser answers', async () => {
    const gigId = await ticketedGig({ ticketQuantity: 1 });
    const { ticketId, token } = await buy(gigId);
    await joinWaitlist(gigId, 'waiting@cant-go.test');
    await requestRefund(t.services, token, { reason: 'I broke my leg.' }, { ipAddress: null });
    await expect(returnTicket(t.db, { ticketId })).rejects.toThrow(CANT_GO_REASONS.refundAsked);
    expect((await panel(token)).pending).toMatchObject({ kind: 'refund_requested' });
  });

  it('a ticket offered to the waitlist is not refunded on request until the holder keeps it; kept, it may be asked about', async () => {
    const gigId = await ticketedGig({ ticketQuantity: 1 });
    const { ticketId, token } = await buy(gigId);
    await joinWaitlist(gigId, 'waiting@cant-go.test');
    await returnTicket(t.db, { ticketId });
    await expect(requestRefund(t.services, token, { reason: 'I broke my leg.' }, { ipAddress: null })).rejects.toThrow(CANT_GO_REASONS.returnListed);
    expect((await panel(token)).pending).toMatchObject({ kind: 'return_listed' });
    await keepTicket(t.db, { ticketId });
    expect(await requestRefund(t.services, token, { reason: 'I broke my leg.' }, { ipAddress: null })).toMatchObject({ refundRequest: { status: 'open' } });
  });

  it('after the show, a refund is no longer asked for', async () => {
    const gigId = await ticketedGig();
    const { token } = await buy(gigId);
    await t.db.update(gigs).set({ localDate: dayIn(ZONE, -1) }).where(eq(gigs.id, gigId));
    await expect(requestRefund(t.services, token, { reason: 'I missed it.' }, { ipAddress: null })).rejects.toThrow(CANT_GO_REASONS.past);
    expect((await panel(token)).closedReason).toBe(CANT_GO_REASONS.past);
  });
});
