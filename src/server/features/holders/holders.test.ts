// Decision 49 (issue 23 item 6): an organiser (or an admin) writes to every ticket holder of a gig,
// holders are reminded the day before, and a cancelled gig refunds every ticket once and tells
// every holder, each under simultaneous runs, with a control that shows the race without the guard.
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditLog, gigCancellations, gigs, holderMessages, orders, outbox, refunds, tickets, transfers } from '../../db/schema.ts';
import { placeTicketOrder } from '../tickets/place-ticket-order.ts';
import { applyPaymentEvent } from '../tickets/apply-payment-event.ts';
import { processPendingRefunds } from '../payouts/process-pending-refunds.ts';
import { sendPendingTransfers } from '../payouts/send-pending-transfers.ts';
import { listUpcomingPublicGigs } from '../discovery/public-gigs.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { GIG_CANCELLED_REFUSAL, HOLDER_MESSAGE_LIMIT_MESSAGE, NO_HOLDERS_MESSAGE } from '../../../core/schemas/holders.ts';
import { toInstant } from '../../../core/time.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { givePaymentAccount } from '../../../../tests/helpers/payments.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { sendHolderMessages } from './message-ticket-holders.ts';
import { REMINDER_LOCAL_TIME, sendShowReminders } from './send-show-reminders.ts';
import { CANCELLED_REFUND_ACTION, settleGigCancellations } from './settle-gig-cancellations.ts';
import { cancelGig } from './cancel-gig.ts';
import { mapLink } from '../../mail/emails/holder-emails.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let venue: Awaited<ReturnType<typeof signUpAs>>;
let admin: Awaited<ReturnType<typeof signUpAs>>;
let bandId: string;

beforeAll(async () => {
  t = await createTestApp();
  venue = await signUpAs(t, 'venue');
  admin = await signUpAs(t, 'admin');
  bandId = (await createBand(t.db)).id;
  await givePaymentAccount(t.db, bandId);
  await givePaymentAccount(t.db, venue.id);
});
afterAll(() => t.close());

const ticketedGig = (over: Partial<typeof gigs.$inferInsert> = {}) =>
  createGig(t.db, { venueId: venue.id, bandId, localDate: dayIn(ZONE, 10), isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 100, ...over });

/** A buyer opens a sandbox checkout for `quantity` tickets; `pay()` applies its paid event. */
async function checkout(gigId: string, email: string, quantity = 1) {
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox', quantity });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Tickets', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  const pay = () => applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() });
  return { ...placed, pay };
}

/** A buyer pays for `quantity` tickets on the sandbox, as the paid event does. */
async function buy(gigId: string, email: string, quantity = 1) {
  const placed = await checkout(gigId, email, quantity);
  expect(await placed.pay()).toBe('issued');
  return placed;
}

/** A ticket passed on (issue 23): the old row is superseded by a new one for the new holder. */
async function passOn(orderId: string, to: string) {
  const [old] = await t.db.update(tickets).set({ status: 'transferred' }).where(eq(tickets.orderId, orderId)).returning();
  await t.db.insert(tickets).values({ ...old!, id: randomBytes(16).toString('base64url'), holderEmail: to, status: 'valid', createdAt: new Date() });
}

const mailsOf = (kind: string) => t.db.select().from(outbox).where(eq(outbox.kind, kind)).orderBy(asc(outbox.toAddress));
const ticketsOf = (gigId: string) => t.db.select().from(tickets).where(eq(tickets.gigId, gigId)).orderBy(asc(tickets.createdAt), asc(tickets.position));
const uid = () => crypto.randomUUID();
const runs = <T>(n: number, run: () => Promise<T>) => Promise.all(Array.from({ length: n }, run));

describe('messages to ticket holders', () => {
  it('the organiser writes once and every holder address gets one e-mail: valid or used tickets only, addresses told apart by letter case once', async () => {
    const gigId = await ticketedGig();
    await buy(gigId, 'ana@holders.test', 2);
    await buy(gigId, 'ANA@holders.test');
    await buy(gigId, 'ben@holders.test');
    const refunded = await buy(gigId, 'cat@holders.test');
    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.orderId, refunded.id));
    const passed = await buy(gigId, 'dan@holders.test');
    await passOn(passed.id, 'eve@holders.test');
    const used = await buy(gigId, 'fay@holders.test');
    await t.db.update(tickets).set({ status: 'used', usedAt: new Date() }).where(eq(tickets.orderId, used.id));

    const requestId = uid();
    const sent = await venue.client.post(`/api/booking/gigs/${gigId}/holder-messages`, { requestId, subject: 'Doors at 8', message: 'Doors open at 8pm.\n\nThe support act is The Lamps.' });
    expect(sent.status).toBe(202);
    expect(sent.json.message).toBe('Your message is on its way to 4 ticket holders.');
    // A double click (the same request) records it once.
    expect((await venue.client.post(`/api/booking/gigs/${gigId}/holder-messages`, { requestId, subject: 'Doors at 8', message: 'Doors open at 8pm.' })).status).toBe(202);

    await runs(3, () => sendHolderMessages(t.services));
    const mails = (await mailsOf('holder_message')).filter((m) => m.subject.startsWith('Doors at 8'));
    expect(mails.map((m) => m.toAddress)).toEqual(['ana@holders.test', 'ben@holders.test', 'eve@holders.test', 'fay@holders.test']);
    expect(mails[0]!.textBody).toContain('Doors open at 8pm.\n\nThe support act is The Lamps.');
    expect(mails[0]!.textBody).toContain('You get this because you hold 3 tickets for this show');
    expect(mails[0]!.replyTo).toBe(venue.email);

    const [logged] = await t.db.select().from(holderMessages).where(eq(holderMessages.id, requestId));
    expect(logged).toMatchObject({ gigId, authorId: venue.id, subject: 'Doors at 8', recipientCount: 4, isFromAdmin: false });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'gig.holders_messaged'), eq(auditLog.targetId, gigId)))).toHaveLength(1);
    const overview = await venue.client.get(`/api/booking/gigs/${gigId}/holders`);
    expect(overview.json).toMatchObject({ holderCount: 4, ticketCount: 6, messagesLeftToday: 2, cancellation: null, closedReason: null });
    expect(overview.json.messages[0]).toMatchObject({ subject: 'Doors at 8', recipientCount: 4, authorName: expect.any(String) });
  });

  it("only the gig's organiser or an admin writes; a message needs holders, a subject and a body within their lengths", async () => {
    const gigId = await ticketedGig();
    const otherVenue = await signUpAs(t, 'venue');
    const message = () => ({ requestId: uid(), subject: 'Set times', message: 'On at nine.' });
    expect((await otherVenue.client.post(`/api/booking/gigs/${gigId}/holder-messages`, message())).status).toBe(404);
    expect((await venue.client.post(`/api/booking/gigs/${gigId}/holder-messages`, message())).json.error.message).toBe(NO_HOLDERS_MESSAGE);
    await buy(gigId, 'gus@holders.test');
    const fields = await venue.client.post(`/api/booking/gigs/${gigId}/holder-messages`, { requestId: uid(), subject: ' ', message: 'x'.repeat(3001) });
    expect(fields.status).toBe(422);
    expect(fields.json.error.fields).toMatchObject({ subject: 'Please write a subject.', message: 'Please keep this under 3000 characters.' });
    const byAdmin = await admin.client.post(`/api/admin/gigs/${gigId}/holder-messages`, message());
    expect(byAdmin.status).toBe(202);
    await sendHolderMessages(t.services);
    const [mail] = (await mailsOf('holder_message')).filter((m) => m.toAddress === 'gus@holders.test');
    expect(mail!.textBody).toMatch(/^Set times\n\nA message from Marquee about /);
  });

  it("a gig's holders get at most 3 messages a day, even from two authors at once", async () => {
    const gigId = await ticketedGig();
    await buy(gigId, 'hal@holders.test');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? admin.client.post(`/api/admin/gigs/${gigId}/holder-messages`, { requestId: uid(), subject: `News ${i}`, message: 'More news.' }) : venue.client.post(`/api/booking/gigs/${gigId}/holder-messages`, { requestId: uid(), subject: `News ${i}`, message: 'More news.' }))),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429).map((a) => a.json.error.message)).toEqual(Array(3).fill(HOLDER_MESSAGE_LIMIT_MESSAGE));
    expect((await venue.client.get(`/api/booking/gigs/${gigId}/holders`)).json.messagesLeftToday).toBe(0);
  });
});

describe('the reminder the day before', () => {
  it("goes out once per holder from 10:00 the day before, in the gig's zone, with every ticket as a QR code, the address and a map link, even when two instances run it at once", async () => {
    const localDate = dayIn(ZONE, 1);
    const gigId = await ticketedGig({ localDate, startTime: '20:00' });
    await buy(gigId, 'ivy@holders.test', 2);
    await buy(gigId, 'IVY@holders.test');
    await buy(gigId, 'jon@holders.test');
    const refunded = await buy(gigId, 'kim@holders.test');
    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.orderId, refunded.id));
    const due = toInstant(dayIn(ZONE, 0), REMINDER_LOCAL_TIME, ZONE);
    // Bought before the reminder was due; one more bought after it came with its own e-mail just now.
    await t.db.update(tickets).set({ createdAt: new Date(due.getTime() - 3_600_000) }).where(eq(tickets.gigId, gigId));
    const late = await buy(gigId, 'lea@holders.test');
    await t.db.update(tickets).set({ createdAt: new Date(due.getTime() + 60_000) }).where(eq(tickets.orderId, late.id));

    expect(await sendShowReminders(t.services, { now: new Date(due.getTime() - 60_000) })).toBe(0);
    const now = new Date(due.getTime() + 5 * 60_000);
    const sent = await runs(2, () => sendShowReminders(t.services, { now }));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await sendShowReminders(t.services, { now: new Date(now.getTime() + 15 * 60_000) })).toBe(0);

    const mails = (await mailsOf('show_reminder')).filter((m) => m.textBody.includes(gigId) || m.toAddress.endsWith('@holders.test'));
    expect(mails.map((m) => m.toAddress)).toEqual(['ivy@holders.test', 'jon@holders.test']);
    const ivy = mails[0]!;
    const ivyTickets = (await ticketsOf(gigId)).filter((row) => row.holderEmail.toLowerCase() === 'ivy@holders.test').map((row) => row.id);
    expect(ivy.subject).toMatch(/^Tomorrow: /);
    expect(Object.entries(ivy.secrets ?? {}).filter(([key]) => !key.startsWith('ticketQr')).map(([, reference]) => reference).sort()).toEqual((await Promise.all(ivyTickets.map(ticketDisplayRefOf))).sort());
    // Decision 51: each QR code carries the ticket's signed code, for a door with no signal.
    expect(ivy.attachments?.map((a) => ('qrOfSecret' in a ? a.qrOfSecret : null))).toEqual(['ticketQr', 'ticketQr2', 'ticketQr3']);
    expect(ivy.secrets?.ticketQr).toMatch(new RegExp(`^MQ1\\.k\\d+\\.[A-Za-z0-9_-]+\\.${gigId}\\.`));
    expect(ivy.textBody).toContain('Where: ');
    expect(ivy.textBody).toContain('1 Main St, Chicago');
    expect(ivy.textBody).toContain(mapLink('', '1 Main St, Chicago'));
    // The codes are secrets: the stored body names them, it never holds them.
    for (const id of ivyTickets) expect(ivy.textBody).not.toContain(id);
  });

  it('no reminder once the show has started, for a cancelled gig, or for a gig two days away', async () => {
    const started = await ticketedGig({ localDate: dayIn(ZONE, 0), startTime: '00:10' });
    const cancelled = await ticketedGig({ localDate: dayIn(ZONE, 1) });
    const later = await ticketedGig({ localDate: dayIn(ZONE, 2) });
    for (const gigId of [started, cancelled, later]) await buy(gigId, `early-${gigId}@holders.test`);
    await t.db.update(tickets).set({ createdAt: new Date(Date.now() - 3 * 86_400_000) }).where(inArray(tickets.gigId, [started, cancelled, later]));
    await t.db.update(gigs).set({ cancelledAt: new Date() }).where(eq(gigs.id, cancelled));
    const now = new Date(Math.max(Date.now(), toInstant(dayIn(ZONE, 0), '00:20', ZONE).getTime()));
    await sendShowReminders(t.services, { now });
    const reminded = (await mailsOf('show_reminder')).map((m) => m.toAddress);
    expect(reminded.filter((to) => [started, cancelled, later].some((id) => to.includes(id)))).toEqual([]);
  });
});

describe('cancelling a gig', () => {
  it('stops sales and releases open checkouts at once, takes the gig off the public pages and shows links to it as cancelled', async () => {
    const gigId = await ticketedGig();
    await buy(gigId, 'max@holders.test');
    const open = await placeTicketOrder(t.db, { gigId, buyerEmail: 'nia@holders.test', provider: 'sandbox', quantity: 2 });
    expect((await listUpcomingPublicGigs(t.db, 'venue', venue.id, 50)).map((g) => g.id)).toContain(gigId);

    const answer = await venue.client.post(`/api/booking/gigs/${gigId}/cancel`, { reason: 'The band is ill.', isConfirmed: true });
    expect(answer.status).toBe(200);
    expect(answer.json.message).toBe('The gig is cancelled. Its ticket is being refunded, and every ticket holder is being told.');
    const [gig] = await t.db.select().from(gigs).where(eq(gigs.id, gigId));
    expect(gig).toMatchObject({ cancelledAt: expect.any(Date), ticketsHeld: 0, ticketsSold: 1 });
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, open.id)))[0]!.status).toBe('expired');
    await expect(placeTicketOrder(t.db, { gigId, buyerEmail: 'ola@holders.test', provider: 'sandbox' })).rejects.toThrow(GIG_CANCELLED_REFUSAL);
    expect((await listUpcomingPublicGigs(t.db, 'venue', venue.id, 50)).map((g) => g.id)).not.toContain(gigId);
    const link = await t.client().get(`/api/gigs/${gigId}/ticket-offer`);
    expect(link.status).toBe(200);
    expect(link.json).toEqual({ cancelled: { id: gigId, venueName: expect.any(String), showName: expect.any(String), localDate: expect.any(String), startTime: '19:00', endTime: '22:00', timeZone: ZONE } });
    expect((await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'gig.cancelled'), eq(auditLog.targetId, gigId))))[0]!.details).toMatchObject({ reason: 'The band is ill.', ticketsSold: 1, checkoutsReleased: 2 });

    // Once only; and no longer edited or messaged.
    expect((await venue.client.post(`/api/booking/gigs/${gigId}/cancel`, { reason: 'Again', isConfirmed: true })).json.error.message).toBe('This gig was already cancelled.');
    expect((await venue.client.post(`/api/booking/gigs/${gigId}/holder-messages`, { requestId: uid(), subject: 'Hi', message: 'Hello' })).status).toBe(409);
  });

  it('needs a reason and a confirmation, a booked upcoming gig, and its organiser or an admin', async () => {
    const gigId = await ticketedGig();
    const otherVenue = await signUpAs(t, 'venue');
    expect((await venue.client.post(`/api/booking/gigs/${gigId}/cancel`, { reason: '' })).json.error.fields).toMatchObject({ reason: expect.any(String), isConfirmed: expect.any(String) });
    expect((await otherVenue.client.post(`/api/booking/gigs/${gigId}/cancel`, { reason: 'Mine now', isConfirmed: true })).status).toBe(404);
    const open = await createGig(t.db, { venueId: venue.id, localDate: dayIn(ZONE, 5), isApproved: false });
    expect((await venue.client.post(`/api/booking/gigs/${open}/cancel`, { reason: 'No', isConfirmed: true })).json.error.message).toMatch(/^Only a booked gig can be cancelled/);
    const past = await ticketedGig({ localDate: dayIn(ZONE, -1) });
    expect((await venue.client.post(`/api/booking/gigs/${past}/cancel`, { reason: 'Late', isConfirmed: true })).json.error.message).toBe('This gig has already happened.');
    expect((await admin.client.post(`/api/admin/gigs/${gigId}/cancel`, { reason: 'Venue closed by the city.', isConfirmed: true })).status).toBe(200);
  });

  it('every holder is refunded once, shares reversed, and told once, while the refund job runs twice at once with the cancellation', async () => {
    const gigId = await ticketedGig();
    const bought = [await buy(gigId, 'pam@holders.test', 3), await buy(gigId, 'quinn@holders.test'), await buy(gigId, 'PAM@holders.test')];
    const used = await buy(gigId, 'rae@holders.test');
    await t.db.update(tickets).set({ status: 'used', usedAt: new Date() }).where(eq(tickets.orderId, used.id));
    const passed = await buy(gigId, 'sid@holders.test');
    await passOn(passed.id, 'tia@holders.test');
    await sendPendingTransfers(t.services); // the band's shares are paid out, so refunds must take them back
    const held = (await ticketsOf(gigId)).filter((row) => row.status === 'valid' || row.status === 'used');
    expect(held).toHaveLength(7);

    const [cancelled] = await Promise.all([
      cancelGig(t.services, venueUser(), gigId, { reason: 'Flooded venue.', isConfirmed: true }),
      settleGigCancellations(t.services),
      settleGigCancellations(t.services),
    ]);
    expect(cancelled.message).toContain('7 tickets are being refunded');
    await Promise.all([settleGigCancellations(t.services), settleGigCancellations(t.services)]);

    const refundRows = await t.db.select().from(refunds).where(inArray(refunds.ticketId, held.map((row) => row.id)));
    expect(refundRows.map((r) => r.ticketId).sort()).toEqual(held.map((row) => row.id).sort());
    expect(refundRows.every((r) => r.amountCents === 2000 + 300 && r.reason === 'The show was cancelled. Flooded venue.')).toBe(true);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, CANCELLED_REFUND_ACTION), inArray(auditLog.targetId, [...bought, used, passed].map((o) => o.id))))).toHaveLength(7);
    expect((await ticketsOf(gigId)).filter((row) => row.status === 'valid' || row.status === 'used')).toEqual([]);
    expect((await t.db.select().from(gigCancellations).where(eq(gigCancellations.gigId, gigId)))[0]!.settledAt).toBeInstanceOf(Date);

    const told = (await mailsOf('gig_cancelled')).filter((m) => m.subject.includes('Cancelled:') && ['pam', 'quinn', 'rae', 'sid', 'tia'].some((n) => m.toAddress === `${n}@holders.test`));
    expect(told.map((m) => m.toAddress)).toEqual(['pam@holders.test', 'quinn@holders.test', 'rae@holders.test', 'tia@holders.test']);
    expect(told[0]!.textBody).toContain('Why: Flooded venue.');
    expect(told[0]!.textBody).toContain('Your 4 tickets no longer work');

    // The provider is asked twice at once by two refund workers: one refund per ticket (one key each), every band share taken back.
    const asked = spyOnPayments();
    await Promise.all([processPendingRefunds(asked.services), processPendingRefunds(asked.services)]);
    // (The runs also carry out earlier stories' refunds: this gig's are those of its refund rows.)
    const ours = (key: string) => refundRows.some((r) => key.startsWith(`refund:${r.id}`) || key.startsWith(`reversal:${r.id}:`));
    const keys = new Set(asked.refunds.map((r) => r.idempotencyKey).filter(ours));
    expect(keys).toEqual(new Set(refundRows.map((r) => `refund:${r.id}`)));
    expect((await t.db.select({ status: refunds.status }).from(refunds).where(inArray(refunds.ticketId, held.map((row) => row.id)))).every((r) => r.status === 'refunded')).toBe(true);
    // Every band share taken back, each once at the provider (one amount per key) and once in the books.
    const bandTransfers = await t.db.select().from(transfers).where(and(inArray(transfers.orderId, [...bought, used, passed].map((o) => o.id)), eq(transfers.kind, 'band_share')));
    const reversedOnce = new Map(asked.reversals.filter((r) => ours(r.idempotencyKey)).map((r) => [r.idempotencyKey, r.amountCents]));
    const bandShares = held.reduce((sum, row) => sum + row.bandShareCents, 0);
    expect([...reversedOnce.values()].reduce((a, b) => a + b, 0)).toBe(bandShares);
    expect(bandTransfers.reduce((sum, tr) => sum + tr.reversedCents, 0)).toBe(bandShares);
    expect(bandTransfers.every((tr) => tr.reversedCents === tr.amountCents)).toBe(true);
    const [gig] = await t.db.select({ sold: gigs.ticketsSold }).from(gigs).where(eq(gigs.id, gigId));
    expect(gig!.sold).toBe(0);
  });

  it('control: reading the held tickets and then refunding each through the provider refunds tickets twice when two runs overlap', async () => {
    const gigId = await ticketedGig();
    for (const email of ['uma@holders.test', 'vic@holders.test', 'wes@holders.test']) await buy(gigId, email);
    const asked = spyOnPayments();
    const naiveRun = async (run: number) => {
      const heldNow = await t.db.select().from(tickets).where(and(eq(tickets.gigId, gigId), inArray(tickets.status, ['valid', 'used'])));
      for (const ticket of heldNow) {
        await asked.services.payments.refund({ paymentId: 'pay', amountCents: ticket.faceCents + ticket.feeCents, idempotencyKey: `naive:${run}:${ticket.id}` });
        await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, ticket.id));
      }
    };
    await Promise.all([naiveRun(1), naiveRun(2)]);
    expect(asked.refunds.length).toBeGreaterThan(3);
  });

  it("cancelling closes the gig's open checkouts at the provider too (issue 33, finding 12): the buyer's page says why, and it can no longer be paid", async () => {
    const gigId = await ticketedGig();
    await buy(gigId, 'ada@holders.test');
    const open = await checkout(gigId, 'bea@holders.test', 2);
    const [{ sessionId }] = (await t.db.select({ sessionId: orders.providerSessionId }).from(orders).where(eq(orders.id, open.id))) as [{ sessionId: string }];
    const asked: string[] = [];
    const real = t.services.payments;
    const payments: PaymentProvider = { ...real, expireCheckout: (id) => (asked.push(id), real.expireCheckout(id)) };
    await cancelGig({ ...t.services, payments }, venueUser(), gigId, { reason: 'Power cut.', isConfirmed: true });
    expect(asked).toEqual([sessionId]);
    const page = await t.app.request(`/sandbox/checkout/${sessionId}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This checkout was closed because the show is no longer on sale. Nothing was charged.');
    const paying = await t.app.request(`/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }),
    });
    expect(paying.status).toBe(303);
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, open.id))).toEqual([]);
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, open.id)))[0]!.status).toBe('expired');
    // /success says the checkout was closed because the show is off sale, and that nothing was charged.
    const result = await t.client().get(`/api/tickets/checkout/${sessionId}`);
    expect(result.json.closedReason).toBe('show_off_sale');
  });

  it('a payment that lands after the cancellation finds no seat and is refunded whole; one applied at the very moment is refunded by the next run', async () => {
    const gigId = await ticketedGig();
    await buy(gigId, 'xia@holders.test');
    const slow = await checkout(gigId, 'yan@holders.test', 2);
    const racing = await checkout(gigId, 'zed@holders.test');

    // The racing order's payment is being applied as the cancellation runs: its row is locked, so the
    // cancellation cannot release it (seen here as not pending), and its tickets are issued just after.
    await t.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, racing.id));
    await cancelGig(t.services, venueUser(), gigId, { reason: 'Storm.', isConfirmed: true });
    await t.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, racing.id));
    await settleGigCancellations(t.services);
    const settledAt = async () => (await t.db.select().from(gigCancellations).where(eq(gigCancellations.gigId, gigId)))[0]!.settledAt;
    expect(await settledAt()).toBeNull();
    expect(await racing.pay()).toBe('issued');
    await settleGigCancellations(t.services);
    expect(await settledAt()).toBeInstanceOf(Date);
    expect((await ticketsOf(gigId)).every((row) => row.status === 'refunded')).toBe(true);
    expect((await mailsOf('gig_cancelled')).filter((m) => m.toAddress === 'zed@holders.test')).toHaveLength(1);

    // The released checkout is paid after all: no ticket, and the whole payment goes back.
    expect(await slow.pay()).toBe('sold_out_after_expiry');
    const [whole] = await t.db.select().from(refunds).where(eq(refunds.orderId, slow.id));
    expect(whole).toMatchObject({ ticketId: null, amountCents: slow.totalCents, reason: 'The show was cancelled before your payment arrived.' });
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, slow.id))).toEqual([]);
    expect((await t.db.select({ sold: gigs.ticketsSold, held: gigs.ticketsHeld }).from(gigs).where(eq(gigs.id, gigId)))[0]).toEqual({ sold: 0, held: 0 });
  });
});

/** The venue's session user, for calling the domain functions directly. */
const venueUser = () => ({ id: venue.id, role: 'venue' as const, email: venue.email, emailVerified: true, name: 'Venue', location: 'chicagoland', createdAt: new Date() });

/** The services with a payment provider that records every refund and reversal it is asked for. */
function spyOnPayments() {
  const refundsAsked: { idempotencyKey: string; amountCents: number }[] = [];
  const reversalsAsked: { idempotencyKey: string; amountCents: number }[] = [];
  const real = t.services.payments;
  const payments: PaymentProvider = {
    ...real,
    async refund(request) {
      refundsAsked.push(request);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return real.refund(request);
    },
    async reverseTransfer(request) {
      reversalsAsked.push(request);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return real.reverseTransfer(request);
    },
  };
  return { refunds: refundsAsked, reversals: reversalsAsked, services: { ...t.services, payments } };
}
