// Issue 34, items 2 and 3: a refund request reaches the organiser by e-mail with a link to it; the
// organiser sees what approving gives back and to whom before any money moves, from the same
// function the refund uses; declining needs a short reason the fan gets; and every refund sends one
// e-mail, to the ticket's holder, naming the show, the amount and where the money goes. A ticket
// passed on was paid for by its original buyer, so its holder is never told "back to your card".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { gigs, orders, outbox, refunds, tickets } from '../../db/schema.ts';
import { placeTicketOrder } from './place-ticket-order.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { admitTicket } from './admit-ticket.ts';
import { ticketPageToken } from './ticket-links.ts';
import { findTicketOfOrder, refundTicket } from '../payouts/refund-ticket.ts';
import { processPendingRefunds } from '../payouts/process-pending-refunds.ts';
import type { SessionUser } from '../../http/session.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';

const ZONE = 'America/Chicago';
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
let venue: { client: TestClient; id: string; email: string };
let admin: { client: TestClient; id: string };
let bandName: string;
let bandId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env, startJobs: true });
  venue = await signUpAs(t, 'venue', { address: '1354 W Wabansia Ave, Chicago' });
  admin = await signUpAs(t, 'admin');
  bandName = `Money Trail ${Date.now()}`;
  bandId = (await createBand(t.db, { name: bandName })).id;
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** $18.00 face and a $2.70 fee: $20.70 a ticket, as in the issue. */
const ticketedGig = (over: Partial<typeof gigs.$inferInsert> = {}) =>
  createGig(t.db, { venueId: venue.id, bandId, localDate: dayIn(ZONE, 12), startTime: '21:00', endTime: '23:30', isTicketed: true, ticketPriceCents: 1800, ticketQuantity: 50, ...over });

async function buyTicket(gigId: string, email: string) {
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox' });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  expect(await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() })).toBe('issued');
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.orderId, placed.id));
  return { ticketId: ticket!.id, orderId: placed.id, token: ticketPageToken(t.services, ticket!.id) };
}

/** The buyer passes the ticket on from its page; the friend's new ticket and its page token. */
async function passOn(token: string, toEmail: string) {
  expect((await t.client().post(`/api/ticket-page/${token}/transfer`, { toEmail })).status).toBe(200);
  const [friend] = await t.db.select().from(tickets).where(and(eq(tickets.holderEmail, toEmail), eq(tickets.status, 'valid')));
  return { ticketId: friend!.id, token: ticketPageToken(t.services, friend!.id) };
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@refund-money.test`;
const listed = async (client: TestClient, holderEmail: string) => (await client.get('/api/refund-requests')).json.requests.find((r: { holderEmail: string }) => r.holderEmail === holderEmail);
/** Every e-mail a refund could send (the request's answer and the refund job's), to one address. */
const refundMails = (email: string) => t.db.select().from(outbox).where(and(eq(outbox.toAddress, email), inArray(outbox.kind, ['refund', 'refund_request_outcome'])));
/** A message as the SMTP server received it, with quoted-printable soft breaks undone. */
const deliveredTo = (email: string) =>
  smtp.received
    .filter((m) => m.to.includes(email))
    .map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
const refundDone = (orderId: string) =>
  vi.waitFor(
    async () => {
      const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      expect(refund?.status).toBe('refunded');
    },
    { timeout: 20_000, interval: 200 },
  );
const door = (id: string): SessionUser => ({ id, role: 'admin', email: 'admin@door.test', emailVerified: true, name: 'admin', location: 'chicagoland', createdAt: new Date() });

describe('the organiser hears of a request', () => {
  it('by e-mail, delivered over SMTP, to the gig\'s organiser (its promoter when it has one), with the reason and a link that opens the request', async () => {
    const promoter = await signUpAs(t, 'promoter');
    const promoterEmail = promoter.email;
    const fan = unique('asks');
    const { token } = await buyTicket(await ticketedGig({ promoterId: promoter.id }), fan);
    expect((await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'My flight home was cancelled.' })).status).toBe(201);
    const request = await listed(promoter.client, fan);

    const requestMails = () => deliveredTo(promoterEmail).filter((raw) => raw.includes('Subject: Refund request: '));
    await vi.waitFor(() => expect(requestMails()).toHaveLength(1), { timeout: 20_000, interval: 200 });
    const raw = requestMails()[0]!;
    expect(raw).toContain(`Subject: Refund request: ${bandName}`);
    expect(raw).toContain(`${fan} asks for a refund of their ticket for ${bandName}`);
    expect(raw).toContain('My flight home was cancelled.');
    expect(raw).toContain('$20.70 back to the card of the buyer, who asked');
    expect(raw).toContain(`${t.services.env.PUBLIC_URL}/dashboard#refund-request-${request.id}`);
    // The venue hosts the promoter's gig but does not answer for it, so it is not e-mailed.
    expect(await t.db.select().from(outbox).where(and(eq(outbox.toAddress, venue.email), eq(outbox.kind, 'refund_request_received')))).toHaveLength(0);
  });
});

describe('approving', () => {
  it('shows the organiser the amount and whose card before any money moves, refunds exactly that, and sends the holder one e-mail', async () => {
    const fan = unique('own');
    const { token, orderId } = await buyTicket(await ticketedGig(), fan);
    await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'Ill.' });

    const request = await listed(venue.client, fan);
    expect(request.refund).toEqual({ amountCents: 2070, goesTo: 'holder', buyerEmail: null, text: '$20.70 back to the card of the buyer, who asked' });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0); // nothing moved yet

    const approved = await venue.client.post(`/api/refund-requests/${request.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.json.refund).toMatchObject({ amountCents: 2070, goesTo: 'holder' });
    await refundDone(orderId);
    expect((await t.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0]!.amountCents).toBe(request.refund.amountCents);
    await processPendingRefunds(t.services);

    const mails = await refundMails(fan);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Refund approved: ${bandName} at .+ \\(\\$20\\.70\\)$`));
    expect(mails[0]!.textBody).toContain(`your refund request for ${bandName} at `);
    expect(mails[0]!.textBody).toContain('$20.70 goes back to the card you paid with.');
    expect(mails[0]!.textBody).toContain('Your ticket no longer admits anyone');
  });

  it('a ticket passed on: the organiser sees the money goes to the original buyer; the holder\'s one e-mail says so and that the ticket stops admitting, never "your card"', async () => {
    const buyer = unique('buyer');
    const friend = unique('friend');
    const bought = await buyTicket(await ticketedGig(), buyer);
    const passed = await passOn(bought.token, friend);
    await t.client().post(`/api/ticket-page/${passed.token}/refund-request`, { reason: 'I cannot go after all.' });

    const request = await listed(venue.client, friend);
    expect(request.refund).toEqual({ amountCents: 2070, goesTo: 'original_buyer', buyerEmail: buyer, text: '$20.70 back to the card of the original buyer' });
    const organiserMail = (await t.db.select().from(outbox).where(and(eq(outbox.toAddress, venue.email), eq(outbox.kind, 'refund_request_received')))).find((m) => m.textBody.includes(friend));
    expect(organiserMail!.textBody).toContain('$20.70 back to the card of the original buyer');

    expect((await venue.client.post(`/api/refund-requests/${request.id}/approve`)).status).toBe(200);
    await refundDone(bought.orderId);
    await processPendingRefunds(t.services);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, bought.orderId));
    expect(refund).toMatchObject({ ticketId: passed.ticketId, amountCents: 2070, status: 'refunded' }); // the order's payment, the buyer's card

    const mails = await refundMails(friend);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('$20.70 goes back to the card of the original buyer, who paid for this ticket. It was passed on to you, so nothing is paid to you.');
    expect(mails[0]!.textBody).toContain('Your ticket no longer admits anyone');
    expect(mails[0]!.textBody).not.toMatch(/your card|card you paid/i);
    expect(mails[0]!.htmlBody).not.toMatch(/your card|card you paid/i);
    expect(await refundMails(buyer)).toHaveLength(0);
  });
});

describe('every other refund sends one e-mail too', () => {
  it('an admin\'s refund: one e-mail to the holder naming the show, the amount and where it goes; a passed-on ticket\'s says the original buyer', async () => {
    const fan = unique('admin-own');
    const own = await buyTicket(await ticketedGig(), fan);
    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, own.orderId), reason: 'Duplicate purchase.', actorId: admin.id });
    await t.services.jobs!.send('process-refunds');
    await refundDone(own.orderId);
    await processPendingRefunds(t.services);
    const [mail, ...more] = await refundMails(fan);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(new RegExp(`^Refunded: ${bandName} at .+ \\(\\$20\\.70\\)$`));
    expect(mail!.textBody).toContain(`Your ticket for ${bandName} at `);
    expect(mail!.textBody).toContain('$20.70 goes back to the card you paid with.');
    expect(mail!.textBody).toContain('Why: Duplicate purchase.');

    const buyer = unique('admin-buyer');
    const friend = unique('admin-friend');
    const bought = await buyTicket(await ticketedGig(), buyer);
    const passed = await passOn(bought.token, friend);
    await refundTicket(t.db, { ticketId: passed.ticketId, reason: 'Duplicate purchase.', actorId: admin.id });
    await t.services.jobs!.send('process-refunds');
    await refundDone(bought.orderId);
    const friendMails = await refundMails(friend);
    expect(friendMails).toHaveLength(1);
    expect(friendMails[0]!.textBody).toContain('goes back to the card of the original buyer');
    expect(friendMails[0]!.textBody).not.toMatch(/your card|card you paid/i);
    expect(await refundMails(buyer)).toHaveLength(0);
  });

  it('a request whose ticket an admin refunded meanwhile closes with no second e-mail', async () => {
    const fan = unique('meanwhile');
    const { token, orderId, ticketId } = await buyTicket(await ticketedGig(), fan);
    await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'Sick.' });
    await refundTicket(t.db, { ticketId, reason: 'Admin refund.', actorId: admin.id });
    const request = await listed(venue.client, fan);
    expect((await venue.client.post(`/api/refund-requests/${request.id}/approve`)).status).toBe(200);
    await processPendingRefunds(t.services);
    await refundDone(orderId);
    expect(await refundMails(fan)).toHaveLength(1);
  });
});

describe('declining', () => {
  it('needs a short reason, with a clear message; the fan\'s e-mail carries it and the ticket keeps admitting', async () => {
    const fan = unique('decline');
    const { token, ticketId } = await buyTicket(await ticketedGig(), fan);
    await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'Changed my mind.' });
    const request = await listed(venue.client, fan);

    const none = await venue.client.post(`/api/refund-requests/${request.id}/decline`, { reason: ' ' });
    expect(none.status).toBe(422);
    expect(none.json.error.fields.reason).toBe('Please tell the ticket holder why the refund is declined.');
    const long = await venue.client.post(`/api/refund-requests/${request.id}/decline`, { reason: 'No. '.repeat(80) });
    expect(long.status).toBe(422);
    expect(long.json.error.fields.reason).toBe('Please keep this under 300 characters.');

    expect((await venue.client.post(`/api/refund-requests/${request.id}/decline`, { reason: 'The show is tomorrow: pass it to a friend instead.' })).status).toBe(200);
    const mails = await refundMails(fan);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Refund declined: /);
    expect(mails[0]!.textBody).toContain('The show is tomorrow: pass it to a friend instead.');
    expect(await admitTicket(t.db, door(admin.id), ticketId)).toMatchObject({ isValid: true });
  });
});
