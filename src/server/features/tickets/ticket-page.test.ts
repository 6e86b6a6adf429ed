// Issue 23 item 7 (decision 46): after buying, a fan manages the ticket from its own page, reached
// by a signed link with no account: the show, the ticket's state and (only while it admits) its QR
// code, the calendar entry, the ticket e-mail again (rate-limited), and a refund request the gig's
// organiser (or an admin) answers with the admin's refund path.
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, gigs, orders, outbox, refundRequests, refunds, tickets } from '../../db/schema.ts';
import { placeTicketOrder } from './place-ticket-order.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { admitTicket } from './admit-ticket.ts';
import { readTicketPageToken, ticketPageToken, ticketPageUrl } from './ticket-links.ts';
import { resendTicketEmail } from './resend-ticket-email.ts';
import { requestRefund } from './request-refund.ts';
import { startCheckout } from './start-checkout.ts';
import { findTicketOfOrder, refundTicket } from '../payouts/refund-ticket.ts';
import type { CheckoutRequest, PaymentProvider } from '../../payments/payment-provider.ts';
import type { SessionUser } from '../../http/session.ts';
import { fillSecrets } from '../../mail/secrets.ts';
import {
  REFUND_REQUEST_ALREADY_ANSWERED,
  REFUND_REQUEST_ALREADY_OPEN,
  REFUND_REQUEST_NOT_VALID_TICKET,
  TICKET_EMAIL_LIMITED_FOR_ADDRESS,
  TICKET_EMAIL_LIMITED_FOR_TICKET,
  TICKET_LINK_NOT_FOUND,
} from '../../../core/ticket-page.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let venue: { client: TestClient; id: string };
let admin: { client: TestClient; id: string };
let bandId: string;

beforeAll(async () => {
  t = await createTestApp();
  venue = await signUpAs(t, 'venue', { address: '1354 W Wabansia Ave, Chicago' });
  admin = await signUpAs(t, 'admin');
  bandId = (await createBand(t.db, { name: `Page Turners ${Date.now()}` })).id;
}, 60_000);
afterAll(() => t.close());

const ticketedGig = (over: Partial<typeof gigs.$inferInsert> = {}) =>
  createGig(t.db, { venueId: venue.id, bandId, localDate: dayIn(ZONE, 12), startTime: '21:00', endTime: '23:30', isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 50, ...over });

/** A fan buys a ticket through the sandbox and the payment event issues it (with its e-mail). */
async function buyTicket(gigId: string, email = 'holder@ticket-page.test') {
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox' });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  expect(await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() })).toBe('issued');
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.orderId, placed.id));
  return { ticketId: ticket!.id, orderId: placed.id, token: ticketPageToken(t.services, ticket!.id), sessionId };
}

const page = (token: string) => t.client().get(`/api/ticket-page/${token}`);
const door = (role: SessionUser['role'], id: string): SessionUser => ({ id, role, email: `${role}@door.test`, emailVerified: true, name: role, location: 'chicagoland', createdAt: new Date() });
const mailsTo = (email: string, kind: string) => t.db.select().from(outbox).where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)));

describe('the signed link', () => {
  it('names one ticket, and only a link this server signed opens it: not the bare ticket id the door sees, nor a changed one', async () => {
    const { ticketId, token } = await buyTicket(await ticketedGig());
    expect(ticketPageUrl(t.services, ticketId)).toBe(`${TEST_ORIGIN}/ticket/${token}`);
    expect(readTicketPageToken(t.services, token)).toBe(ticketId);

    const [, mac] = token.split('.') as [string, string];
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const otherKey = { ticketLinkKey: Buffer.alloc(32, 7) };
    for (const forged of [ticketId, `${ticketId}.${flipped}`, `${ticketId.slice(0, -1)}${ticketId.endsWith('A') ? 'B' : 'A'}.${mac}`, ticketPageToken(otherKey, ticketId), `${token}x`, '', '.']) {
      expect(readTicketPageToken(t.services, forged), forged).toBeNull();
    }
    const refused = await page(ticketId);
    expect(refused.status).toBe(404);
    expect(refused.json.error.message).toBe(TICKET_LINK_NOT_FOUND);
  });
});

describe('the ticket page', () => {
  it('shows the show, the holder and a valid ticket with its QR code, privately: no-store and noindex, the page itself too', async () => {
    const { ticketId, token } = await buyTicket(await ticketedGig());
    const res = await page(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.json.ticket).toMatchObject({ status: 'valid', holderEmail: 'holder@ticket-page.test', reference: await ticketDisplayRefOf(ticketId) });
    expect(res.json.ticket.qrSvg).toContain('<svg');
    expect(res.json.show).toMatchObject({ venueAddress: '1354 W Wabansia Ave, Chicago', startTime: '21:00', endTime: '23:30', timeZone: ZONE });
    expect(res.json.show.bandName).toMatch(/^Page Turners/);
    expect(res.json.show.mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*1354%20W%20Wabansia%20Ave/);
    expect(res.json).toMatchObject({ isTestMode: true, canRequestRefund: true, refundRequest: null, calendarPath: `/api/ticket-page/${token}/calendar.ics` });
    // No wallet is set up here, so neither button is offered.
    expect(res.json.wallets).toEqual({ applePath: null, googlePath: null });

    const html = await t.app.request(`/ticket/${token}`);
    expect(html.headers.get('cache-control')).toBe('no-store');
    expect(html.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('a ticket checked in at the door, or refunded, says so and shows no QR code or code to type in', async () => {
    const used = await buyTicket(await ticketedGig());
    expect((await admitTicket(t.db, door('venue', venue.id), used.ticketId)).isValid).toBe(true);
    const usedPage = (await page(used.token)).json;
    expect(usedPage.ticket).toMatchObject({ status: 'used', reference: null, qrSvg: null });
    expect(usedPage.ticket.usedAt).toBeTruthy();
    expect(usedPage.canRequestRefund).toBe(false);

    const refunded = await buyTicket(await ticketedGig());
    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, refunded.orderId), reason: 'Test refund', actorId: admin.id });
    const refundedPage = (await page(refunded.token)).json;
    expect(refundedPage.ticket).toMatchObject({ status: 'refunded', reference: null, qrSvg: null });
  });

  it('offers the show as a calendar entry in its own zone', async () => {
    const gigId = await ticketedGig();
    const { token } = await buyTicket(gigId);
    const res = await t.client().get(`/api/ticket-page/${token}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="show.ics"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [gig] = await t.db.select({ localDate: gigs.localDate }).from(gigs).where(eq(gigs.id, gigId));
    expect(res.text).toMatch(/SUMMARY:Page Turners \d+ at Venue/);
    expect(res.text).toContain(`DTSTART;TZID=${ZONE}:${gig!.localDate.replaceAll('-', '')}T210000`);
    expect(res.text).toContain('LOCATION:');
  });
});

describe('the ticket e-mail', () => {
  it('links the ticket page and the calendar entry, both as secrets the outbox does not show', async () => {
    const email = `links-${Date.now()}@ticket-page.test`;
    const { ticketId } = await buyTicket(await ticketedGig(), email);
    const [mail] = await mailsTo(email, 'ticket');
    const pageUrl = ticketPageUrl(t.services, ticketId);
    expect(mail!.secrets).toMatchObject({ ticket: await ticketDisplayRefOf(ticketId), ticketPage: pageUrl, calendar: `${TEST_ORIGIN}/api/ticket-page/${ticketPageToken(t.services, ticketId)}/calendar.ics` });
    expect(mail!.textBody).not.toContain(pageUrl);
    const delivered = fillSecrets(mail!.textBody, mail!.secrets);
    expect(delivered).toContain(`Your ticket page (no account needed): ${pageUrl}`);
    expect(delivered).toMatch(/Add to calendar: http:\/\/localhost:3000\/api\/ticket-page\/.+\/calendar\.ics/);
    expect(fillSecrets(mail!.htmlBody!, mail!.secrets)).toContain('>Add to calendar</a>');
  });

  it('is sent again to the holder\'s address only (the page takes no address), and only for a ticket that still admits', async () => {
    const email = `again-${Date.now()}@ticket-page.test`;
    const { token, orderId } = await buyTicket(await ticketedGig(), email);
    const res = await t.client().post(`/api/ticket-page/${token}/email`, { email: 'attacker@evil.test' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sentTo: email });
    expect(await mailsTo(email, 'ticket')).toHaveLength(2);
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, 'attacker@evil.test'))).toHaveLength(0);

    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, orderId), reason: 'Test refund', actorId: admin.id });
    expect((await t.client().post(`/api/ticket-page/${token}/email`)).status).toBe(409);
    expect(await mailsTo(email, 'ticket')).toHaveLength(2);
  });

  it('is limited per ticket and per client address, with a clear message', async () => {
    const limited = { ...t.services, isRateLimitEnabled: true };
    const first = await buyTicket(await ticketedGig(), `limit-a-${Date.now()}@ticket-page.test`);
    for (let i = 0; i < 3; i++) await resendTicketEmail(limited, first.token, { ipAddress: '203.0.113.7' });
    await expect(resendTicketEmail(limited, first.token, { ipAddress: '203.0.113.8' })).rejects.toMatchObject({ code: 'RATE_LIMITED', message: TICKET_EMAIL_LIMITED_FOR_TICKET });

    // One address asking for many tickets' e-mails is stopped too (10 an hour, 3 already spent above).
    const address = '203.0.113.9';
    for (let i = 0; i < 10; i++) {
      const other = await buyTicket(await ticketedGig(), `limit-${i}-${Date.now()}@ticket-page.test`);
      await resendTicketEmail(limited, other.token, { ipAddress: address });
    }
    const last = await buyTicket(await ticketedGig(), `limit-last-${Date.now()}@ticket-page.test`);
    await expect(resendTicketEmail(limited, last.token, { ipAddress: address })).rejects.toMatchObject({ code: 'RATE_LIMITED', message: TICKET_EMAIL_LIMITED_FOR_ADDRESS });
  }, 60_000);

  it('like every write, is refused from another site or without a JSON body', async () => {
    const { token } = await buyTicket(await ticketedGig());
    const crossSite = await t.client().post(`/api/ticket-page/${token}/email`, {}, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const form = await t.app.request(`/api/ticket-page/${token}/refund-request`, { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body: 'reason=hi' });
    expect(form.status).toBe(415);
  });
});

describe('refund requests', () => {
  it('a holder asks with a reason; a ticket has one open request at a time, and one that no longer admits cannot be asked about', async () => {
    const { token, ticketId } = await buyTicket(await ticketedGig());
    const empty = await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.json.error.fields.reason).toBe('Please tell the organiser why you are asking for a refund.');

    const both = await Promise.all([0, 1].map(() => t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'I am ill and cannot come.' })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.json.error.message).toBe(REFUND_REQUEST_ALREADY_OPEN);
    expect(await t.db.select().from(refundRequests).where(eq(refundRequests.ticketId, ticketId))).toHaveLength(1);
    expect((await page(token)).json).toMatchObject({ canRequestRefund: false, refundRequest: { status: 'open' } });

    const used = await buyTicket(await ticketedGig());
    await admitTicket(t.db, door('admin', admin.id), used.ticketId);
    const refused = await t.client().post(`/api/ticket-page/${used.token}/refund-request`, { reason: 'Too loud.' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(REFUND_REQUEST_NOT_VALID_TICKET);
  });

  it('the venue approves: the admin\'s refund path runs (refunded, refused at the door, the seat back on sale) and the holder is told', async () => {
    const gigId = await ticketedGig();
    const email = `approve-${Date.now()}@ticket-page.test`;
    const { token, ticketId, orderId } = await buyTicket(gigId, email);
    await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'My flight was cancelled.' });

    const listed = await venue.client.get('/api/refund-requests');
    expect(listed.status).toBe(200);
    const request = listed.json.requests.find((r: { holderEmail: string }) => r.holderEmail === email);
    expect(request).toMatchObject({ reason: 'My flight was cancelled.', ticketStatus: 'valid', amountCents: 1725, gigId });
    // The organiser never sees the ticket id (it is the ticket).
    expect(JSON.stringify(listed.json)).not.toContain(ticketId);

    const approvals = await Promise.all([0, 1].map(() => venue.client.post(`/api/refund-requests/${request.id}/approve`)));
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(approvals.find((r) => r.status === 409)!.json.error.message).toBe(REFUND_REQUEST_ALREADY_ANSWERED);

    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.status).toBe('refunded');
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ amountCents: 1725, requestedBy: venue.id, reason: 'Refund requested by the ticket holder: My flight was cancelled.' });
    expect((await t.db.select({ sold: gigs.ticketsSold }).from(gigs).where(eq(gigs.id, gigId)))[0]!.sold).toBe(0);
    expect(await admitTicket(t.db, door('venue', venue.id), ticketId)).toEqual({ isValid: false, reason: 'refunded' });
    const [outcome] = await mailsTo(email, 'refund_request_outcome');
    expect(outcome!.subject).toMatch(/^Refund approved: /);
    expect(fillSecrets(outcome!.textBody, outcome!.secrets)).toContain(ticketPageUrl(t.services, ticketId));
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund_request.approved'), eq(auditLog.targetId, request.id)))).toHaveLength(1);
    expect((await page(token)).json).toMatchObject({ ticket: { status: 'refunded', qrSvg: null }, refundRequest: { status: 'approved' }, canRequestRefund: false });
    expect((await venue.client.get('/api/refund-requests')).json.requests.some((r: { id: string }) => r.id === request.id)).toBe(false);
  });

  it('declining needs a reason the holder is e-mailed; the ticket stays valid and the holder may ask again', async () => {
    const email = `decline-${Date.now()}@ticket-page.test`;
    const { token, ticketId } = await buyTicket(await ticketedGig(), email);
    await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'Changed my mind.' });
    const request = (await venue.client.get('/api/refund-requests')).json.requests.find((r: { holderEmail: string }) => r.holderEmail === email);

    const noReason = await venue.client.post(`/api/refund-requests/${request.id}/decline`, {});
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.fields.reason).toBe('Please tell the ticket holder why the refund is declined.');
    expect((await venue.client.post(`/api/refund-requests/${request.id}/decline`, { reason: 'No refunds for a change of mind.' })).status).toBe(200);

    expect((await t.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId)))[0]!.status).toBe('valid');
    const [outcome] = await mailsTo(email, 'refund_request_outcome');
    expect(outcome!.subject).toMatch(/^Refund declined: /);
    expect(outcome!.textBody).toContain('No refunds for a change of mind.');
    expect((await page(token)).json).toMatchObject({ canRequestRefund: true, refundRequest: { status: 'declined', declineReason: 'No refunds for a change of mind.' } });
    expect((await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'Really, I am ill now.' })).status).toBe(201);
  });

  it('only the gig\'s organiser (its promoter when it has one) or an admin answers; anyone else hears it was not found', async () => {
    const otherVenue = await signUpAs(t, 'venue');
    const promoterAccount = await signUpAs(t, 'promoter');
    const promoterGig = await ticketedGig({ promoterId: promoterAccount.id });
    const email = `promoter-gig-${Date.now()}@ticket-page.test`;
    const { token } = await buyTicket(promoterGig, email);
    await t.client().post(`/api/ticket-page/${token}/refund-request`, { reason: 'Double booked.' });

    const seenBy = async (client: TestClient) => (await client.get('/api/refund-requests')).json.requests.some((r: { holderEmail: string }) => r.holderEmail === email);
    expect(await seenBy(promoterAccount.client)).toBe(true);
    expect(await seenBy(admin.client)).toBe(true);
    expect(await seenBy(venue.client)).toBe(false); // the venue hosts it, the promoter organises it (D10)
    expect(await seenBy(otherVenue.client)).toBe(false);

    const request = (await admin.client.get('/api/refund-requests')).json.requests.find((r: { holderEmail: string }) => r.holderEmail === email);
    for (const client of [venue.client, otherVenue.client]) expect((await client.post(`/api/refund-requests/${request.id}/approve`)).status).toBe(404);
    expect((await admin.client.post(`/api/refund-requests/${request.id}/approve`)).status).toBe(200);
  });

  it('a request whose ticket was checked in since cannot be approved; one an admin refunded meanwhile closes as approved without a second refund', async () => {
    const used = await buyTicket(await ticketedGig(), `checked-in-${Date.now()}@ticket-page.test`);
    await requestRefund(t.services, used.token, { reason: 'Left early.' }, { ipAddress: null });
    await admitTicket(t.db, door('venue', venue.id), used.ticketId);
    const [usedRequest] = await t.db.select().from(refundRequests).where(eq(refundRequests.ticketId, used.ticketId));
    const refused = await venue.client.post(`/api/refund-requests/${usedRequest!.id}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/checked in at the door/);

    const refunded = await buyTicket(await ticketedGig(), `admin-refunded-${Date.now()}@ticket-page.test`);
    await requestRefund(t.services, refunded.token, { reason: 'Sick.' }, { ipAddress: null });
    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, refunded.orderId), reason: 'Admin refund', actorId: admin.id });
    const [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.ticketId, refunded.ticketId));
    expect((await venue.client.post(`/api/refund-requests/${request!.id}/approve`)).status).toBe(200);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, refunded.orderId))).toHaveLength(1);
  });
});

describe('checkout for a signed-in fan', () => {
  it('names the account to the provider only when the fan buys for their own verified address', async () => {
    const seen: CheckoutRequest[] = [];
    const recording: PaymentProvider = { ...t.services.payments, name: 'sandbox', createCheckout: async (request) => (seen.push(request), { sessionId: `sbx_cs_${seen.length}recorded_checkout`, url: 'http://localhost:3000/x' }) };
    const services = { ...t.services, payments: recording };
    const gigId = await ticketedGig();
    const fan = await signUpAs(t, 'fan');
    const user = (verified: boolean): SessionUser => ({ id: fan.id, role: 'fan', email: fan.email, emailVerified: verified, name: 'Frankie Fan', location: 'chicagoland', createdAt: new Date() });

    await startCheckout(services, user(true), { gigId, email: fan.email.toUpperCase() });
    await startCheckout(services, user(true), { gigId: await ticketedGig(), email: 'a-friend@ticket-page.test' });
    await startCheckout(services, user(false), { gigId: await ticketedGig(), email: fan.email });
    await startCheckout(services, null, { gigId: await ticketedGig(), email: fan.email });
    expect(seen.map((request) => request.buyerAccount ?? null)).toEqual([{ userId: fan.id, name: 'Frankie Fan' }, null, null, null]);
  });
});
