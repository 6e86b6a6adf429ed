// Issue 9, money after the sale (D10, D11): each paid ticket's band share transferred (or
// forfeited), the organiser's share held until an admin completes the gig, refunds that take
// back what was paid out, and payment-account setup through the sandbox's onboarding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { gigs, heldPayments, orders, outbox, paymentAccounts, refunds, tickets, transfers } from '../../db/schema.ts';
import { placeTicketOrder } from '../tickets/place-ticket-order.ts';
import { applyPaymentEvent } from '../tickets/apply-payment-event.ts';
import { admitTicket } from '../tickets/admit-ticket.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import type { SessionUser } from '../../http/session.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { givePaymentAccount } from '../../../../tests/helpers/payments.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { NO_ACCOUNT_REASON } from './record-ticket-shares.ts';
import { sendPendingTransfers } from './send-pending-transfers.ts';
import { ALREADY_COMPLETED, completeGig, NO_ORGANISER_ACCOUNT } from './complete-gig.ts';
import { findTicketOfOrder, refundTicket } from './refund-ticket.ts';
import { listGigTickets, listHeldPayments } from './list-held-payments.ts';
import { USED_TICKET_REFUND_MESSAGE } from '../../../core/schemas/payouts.ts';
import { formatLocalDate } from '../../../core/time.ts';
import { processPendingRefunds } from './process-pending-refunds.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signUpAs(t, 'admin')).id;
});
afterAll(() => t.close());

/** A ticketed gig at $18.50 split band 60 / organiser 15, with its payees' accounts as asked. */
async function setUpGig({ bandAccount = true, venueAccount = true, quantity = 50 } = {}) {
  const venueId = (await createVenue(t.db)).id;
  const bandId = (await createBand(t.db)).id;
  if (bandAccount) await givePaymentAccount(t.db, bandId);
  if (venueAccount) await givePaymentAccount(t.db, venueId);
  const gigId = await createGig(t.db, { venueId, bandId, localDate: dayIn(ZONE, 10), isTicketed: true, ticketPriceCents: 1850, ticketQuantity: quantity, bandPercent: 60, organiserPercent: 15 });
  return { venueId, bandId, gigId };
}

/** A buyer checks out and pays with the sandbox; returns the order and its paid event. */
async function buy(gigId: string, email = 'buyer@payouts.test') {
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox' });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  const event = { id: sandbox.newEventId(), type: 'checkout.paid' as const, orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() };
  const outcome = await applyPaymentEvent(t.services, 'sandbox', event);
  return { order: placed, event, outcome };
}

const transfersOf = (orderId: string) => t.db.select().from(transfers).where(eq(transfers.orderId, orderId));
const heldOf = async (gigId: string) => (await t.db.select().from(heldPayments).where(eq(heldPayments.gigId, gigId)))[0];
const ticketOf = async (orderId: string) => (await t.db.select().from(tickets).where(eq(tickets.orderId, orderId)))[0]!;
/** The show has begun: its start instant is an hour ago (tickets were bought while it was ahead). */
const startShow = (gigId: string) => t.db.update(gigs).set({ startsAt: new Date(Date.now() - 3_600_000) }).where(eq(gigs.id, gigId));
const admin = (): SessionUser => ({ id: adminId, role: 'admin', email: 'admin@payouts.test', emailVerified: true, name: 'Admin', location: 'chicagoland', createdAt: new Date() });

describe('a paid ticket pays its band and holds its organiser share (D10, D11)', () => {
  it('records the band transfer and the held share; the transfer job sends it once', async () => {
    const { gigId, bandId } = await setUpGig();
    const { order, outcome } = await buy(gigId);
    expect(outcome).toBe('issued');
    // $18.50 face: band 60% = 1110, organiser 15% = 277 (rounded down), platform the rest + fee.
    expect(order).toMatchObject({ faceCents: 1850, feeCents: 278, totalCents: 2128, bandShareCents: 1110, organiserShareCents: 277, platformShareCents: 741 });
    const [band] = await transfersOf(order.id);
    expect(band).toMatchObject({ kind: 'band_share', payeeUserId: bandId, amountCents: 1110, status: 'pending' });
    expect(await heldOf(gigId)).toMatchObject({ status: 'holding', amountCents: 277, ticketCount: 1 });

    // Two workers at once: the provider is asked twice with one idempotency key, so one transfer.
    const sent = await Promise.all([sendPendingTransfers(t.services), sendPendingTransfers(t.services)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const [after] = await transfersOf(order.id);
    expect(after).toMatchObject({ status: 'paid', providerTransferId: expect.stringMatching(/^sbx_tr_/) });
    expect(await sendPendingTransfers(t.services)).toBe(0);
  });

  it('the same paid event ten times at once: one ticket, one transfer, one held share', async () => {
    const { gigId } = await setUpGig();
    const sandbox = t.services.sandbox!;
    const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: 'ten@payouts.test', provider: 'sandbox' });
    const sessionId = (await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: 'ten@payouts.test', successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: 'g' })).sessionId;
    await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
    const event = { id: sandbox.newEventId(), type: 'checkout.paid' as const, orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() };
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => applyPaymentEvent(t.services, 'sandbox', event)));
    expect(outcomes.filter((o) => o === 'issued')).toHaveLength(1);
    expect(await transfersOf(placed.id)).toHaveLength(1);
    expect(await heldOf(gigId)).toMatchObject({ amountCents: 277, ticketCount: 1 });
  });

  it('forfeits an organiser share whose payee has no complete payment account; holds the band’s until setup (issue 34)', async () => {
    const { gigId, bandId, venueId } = await setUpGig({ bandAccount: false, venueAccount: false });
    await givePaymentAccount(t.db, bandId, 'pending');
    const { order } = await buy(gigId);
    const recorded = await transfersOf(order.id);
    expect(recorded.map((r) => ({ kind: r.kind, status: r.status, amountCents: r.amountCents, reason: r.reason }))).toEqual(
      expect.arrayContaining([
        { kind: 'band_share', status: 'held', amountCents: 1110, reason: null },
        { kind: 'organiser_share', status: 'forfeited', amountCents: 277, reason: NO_ACCOUNT_REASON },
      ]),
    );
    expect(await heldOf(gigId)).toMatchObject({ amountCents: 0, ticketCount: 1, payeeUserId: venueId });
    await sendPendingTransfers(t.services);
    expect((await transfersOf(order.id)).every((r) => r.status !== 'paid' && !r.providerTransferId)).toBe(true);
  });

  it('every share adds up: band + organiser + platform = what 30 buyers paid, to the cent', async () => {
    const { gigId } = await setUpGig();
    const bought = await Promise.all(Array.from({ length: 30 }, (_, i) => buy(gigId, `sum${i}@payouts.test`)));
    const paid = bought.reduce((sum, b) => sum + b.order.totalCents, 0);
    const [shares] = await t.db
      .select({ band: sql<number>`sum(${transfers.amountCents})::int` })
      .from(transfers)
      .innerJoin(orders, eq(orders.id, transfers.orderId))
      .where(and(eq(orders.gigId, gigId), eq(transfers.kind, 'band_share')));
    const held = (await heldOf(gigId))!;
    const platform = bought.reduce((sum, b) => sum + b.order.platformShareCents, 0);
    expect(held).toMatchObject({ ticketCount: 30, amountCents: 30 * 277 });
    expect(shares!.band + held.amountCents + platform).toBe(paid);
  });
});

describe('completing a gig (admin)', () => {
  it('releases the held share to the organiser’s own account, once', async () => {
    const { gigId, venueId } = await setUpGig();
    await buy(gigId);
    await buy(gigId, 'second@payouts.test');
    await startShow(gigId);
    const result = await completeGig(t.db, adminId, { gigId, action: 'release', venueStripeAccountId: 'acct_someone_else' });
    expect(result).toEqual({ success: true, amountReleased: 554, amountForfeited: 0 });
    const held = (await heldOf(gigId))!;
    expect(held.status).toBe('released');
    const [release] = await t.db.select().from(transfers).where(eq(transfers.heldPaymentId, held.id));
    const [venueAccount] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, venueId));
    expect(release).toMatchObject({ kind: 'organiser_share', amountCents: 554, status: 'pending', destinationAccountId: venueAccount!.providerAccountId });
    await sendPendingTransfers(t.services);
    expect((await heldOf(gigId))!.transferId).toMatch(/^sbx_tr_/);
    await expect(completeGig(t.db, adminId, { gigId, action: 'forfeit', reason: 'Late' })).rejects.toThrow(ALREADY_COMPLETED);
  });

  it('forfeits with the admin’s reason; refuses a release with nowhere to pay and a forfeit without a reason', async () => {
    const { gigId, venueId } = await setUpGig();
    await buy(gigId);
    await t.db.update(paymentAccounts).set({ status: 'pending' }).where(eq(paymentAccounts.userId, venueId));
    await startShow(gigId);
    await expect(completeGig(t.db, adminId, { gigId, action: 'release' })).rejects.toThrow(NO_ORGANISER_ACCOUNT);
    await expect(completeGig(t.db, adminId, { gigId, action: 'forfeit', reason: '  ' })).rejects.toThrow('Please give a reason for forfeiting.');
    expect(await completeGig(t.db, adminId, { gigId, action: 'forfeit', reason: 'The venue cancelled the show.' })).toEqual({ success: true, amountReleased: 0, amountForfeited: 277 });
    expect(await heldOf(gigId)).toMatchObject({ status: 'forfeited', forfeitReason: 'The venue cancelled the show.' });
  });

  it('release against forfeit, 10 of each at once: exactly one completes the gig', async () => {
    const { gigId } = await setUpGig();
    await buy(gigId);
    await startShow(gigId);
    const attempts = Array.from({ length: 20 }, (_, i) =>
      completeGig(t.db, adminId, i % 2 ? { gigId, action: 'release' } : { gigId, action: 'forfeit', reason: 'Race' }).then(
        (r) => r,
        (e: Error) => e.message,
      ),
    );
    const results = await Promise.all(attempts);
    const wins = results.filter((r) => typeof r !== 'string');
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => r === ALREADY_COMPLETED)).toHaveLength(19);
    const held = (await heldOf(gigId))!;
    const releases = await t.db.select().from(transfers).where(eq(transfers.heldPaymentId, held.id));
    expect(releases).toHaveLength(held.status === 'released' ? 1 : 0);
  });

  it('before the show, completing is refused unless confirmed, and the refusal names the date (issue 21)', async () => {
    const { gigId } = await setUpGig();
    await buy(gigId);
    const [gig] = await t.db.select({ localDate: gigs.localDate }).from(gigs).where(eq(gigs.id, gigId));
    await expect(completeGig(t.db, adminId, { gigId, action: 'release' })).rejects.toThrow(`This gig is on ${formatLocalDate(gig!.localDate)} and has not happened yet.`);
    expect(await heldOf(gigId)).toMatchObject({ status: 'holding' });
    expect(await completeGig(t.db, adminId, { gigId, action: 'release', isBeforeShowConfirmed: true })).toMatchObject({ success: true, amountReleased: 277 });
    const { held } = await listHeldPayments(t.db, { page: 1 }).then((r) => ({ held: r.heldPayments.find((h) => h.gigId === gigId) }));
    expect(held).toMatchObject({ status: 'released', hasStarted: false });
  });

  it('control: reading the status and then writing it lets both a release and a forfeit through', async () => {
    const { gigId } = await setUpGig();
    await buy(gigId);
    // The unguarded version: check first, then update without the "still holding" condition.
    const unguarded = async (status: 'released' | 'forfeited') => {
      const [held] = await t.db.select().from(heldPayments).where(eq(heldPayments.gigId, gigId));
      if (held!.status !== 'holding') return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await t.db.update(heldPayments).set({ status }).where(eq(heldPayments.id, held!.id));
      return true;
    };
    const results = await Promise.all([unguarded('released'), unguarded('forfeited')]);
    expect(results).toEqual([true, true]); // both believed they completed the gig: the race is real
  });
});

describe('refunds', () => {
  it('refunds a ticket: the door refuses it, the seat is back, the band share is taken back, the buyer is told', async () => {
    const { gigId } = await setUpGig({ quantity: 2 });
    const { order } = await buy(gigId, 'refund-me@payouts.test');
    await sendPendingTransfers(t.services);
    const ticket = await ticketOf(order.id);

    const refund = await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, order.id), reason: 'Show moved; fan cannot come.', actorId: adminId });
    expect(refund.amountCents).toBe(2128);
    expect(await admitTicket(t.db, admin(), ticket.id)).toEqual({ isValid: false, reason: 'refunded' });
    expect((await t.db.select({ sold: gigs.ticketsSold }).from(gigs).where(eq(gigs.id, gigId)))[0]!.sold).toBe(0);
    expect(await heldOf(gigId)).toMatchObject({ amountCents: 0, ticketCount: 0 });
    await expect(refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, order.id), reason: 'Again', actorId: adminId })).rejects.toThrow('This ticket was already refunded.');

    expect(await processPendingRefunds(t.services)).toBe(1);
    const [done] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(done).toMatchObject({ status: 'refunded', providerRefundId: expect.stringMatching(/^sbx_re_/) });
    expect(done!.steps).toEqual({ refund: expect.any(String), reverse_band_share: expect.any(String) });
    const [band] = await transfersOf(order.id);
    expect(band!.reversedCents).toBe(band!.amountCents);
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.kind, 'refund'), eq(outbox.toAddress, 'refund-me@payouts.test')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Refunded: .+ \(\$21\.28\)$/);
  });

  it('a ticket checked in at the door is refunded only when confirmed; both times stay on the list (issue 21)', async () => {
    const { gigId } = await setUpGig();
    const { order } = await buy(gigId, 'came-anyway@payouts.test');
    expect(await admitTicket(t.db, admin(), (await ticketOf(order.id)).id)).toMatchObject({ isValid: true });
    await expect(refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, order.id), reason: 'Complained after the show', actorId: adminId })).rejects.toThrow(USED_TICKET_REFUND_MESSAGE);
    expect(await ticketOf(order.id)).toMatchObject({ status: 'used' });
    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, order.id), reason: 'Complained after the show', actorId: adminId, isCheckedInConfirmed: true });
    const [listed] = await listGigTickets(t.db, gigId);
    expect(listed).toMatchObject({ status: 'refunded', usedAt: expect.any(Date), refundedAt: expect.any(Date) });
    expect(listed!.refundedAt!.getTime()).toBeGreaterThanOrEqual(listed!.usedAt!.getTime());
  });

  it('two refunds of one ticket at once: one refund', async () => {
    const { gigId } = await setUpGig();
    const { order } = await buy(gigId);
    const ticketId = await findTicketOfOrder(t.db, order.id);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => refundTicket(t.db, { ticketId, reason: 'Twice', actorId: adminId })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });

  it('after the gig’s payment was released, a refund takes the organiser share back from the release', async () => {
    const { gigId } = await setUpGig();
    const { order } = await buy(gigId);
    await buy(gigId, 'stays@payouts.test');
    await startShow(gigId);
    await completeGig(t.db, adminId, { gigId, action: 'release' });
    await sendPendingTransfers(t.services);
    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, order.id), reason: 'Refund after the show', actorId: adminId });
    await processPendingRefunds(t.services);
    const [done] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(Object.keys(done!.steps).sort()).toEqual(['refund', 'reverse_band_share', 'reverse_release']);
    const held = (await heldOf(gigId))!;
    const [release] = await t.db.select().from(transfers).where(eq(transfers.heldPaymentId, held.id));
    expect(release).toMatchObject({ amountCents: 554, reversedCents: 277 });
  });

  it('a crash after the provider refunded: the retry finishes without refunding twice', async () => {
    const { gigId } = await setUpGig();
    const { order } = await buy(gigId, 'crash-refund@payouts.test');
    await sendPendingTransfers(t.services);
    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, order.id), reason: 'Crash test', actorId: adminId });
    const calls: string[] = [];
    let failReversal = true;
    const flaky: PaymentProvider = {
      ...t.services.payments,
      refund: (request) => (calls.push(`refund:${request.idempotencyKey}`), t.services.payments.refund(request)),
      reverseTransfer: (request) => {
        calls.push(`reverse:${request.idempotencyKey}`);
        if (failReversal) return Promise.reject(new Error('the process died here'));
        return t.services.payments.reverseTransfer(request);
      },
    };
    expect(await processPendingRefunds({ ...t.services, payments: flaky })).toBe(0);
    const [half] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(half).toMatchObject({ status: 'pending', attempts: 1, steps: { refund: expect.any(String) } });
    failReversal = false;
    expect(await processPendingRefunds({ ...t.services, payments: flaky })).toBe(1);
    expect(calls.filter((c) => c.startsWith('refund:'))).toHaveLength(1);
    expect(await t.db.select().from(outbox).where(and(eq(outbox.kind, 'refund'), eq(outbox.toAddress, 'crash-refund@payouts.test')))).toHaveLength(1);
  });

  it('a payment that arrives after its seat was sold to someone else is refunded in full', async () => {
    const { gigId } = await setUpGig({ quantity: 1 });
    const sandbox = t.services.sandbox!;
    const late = await placeTicketOrder(t.db, { gigId, buyerEmail: 'late@payouts.test', provider: 'sandbox' });
    const sessionId = (await sandbox.createCheckout({ orderId: late.id, totalCents: late.totalCents, description: 'Ticket', buyerEmail: 'late@payouts.test', successUrl: '', cancelUrl: '', expiresAt: late.expiresAt, transferGroup: 'g' })).sessionId;
    await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, late.id));
    // Its hold runs out, and another buyer takes the one seat.
    await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.expired', orderId: late.id, sessionId, paymentId: null });
    expect((await buy(gigId, 'onTime@payouts.test')).outcome).toBe('issued');
    const outcome = await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: late.id, sessionId, paymentId: sandbox.newPaymentId() });
    expect(outcome).toBe('sold_out_after_expiry');
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, late.id))).toHaveLength(0);
    await processPendingRefunds(t.services);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, late.id));
    expect(refund).toMatchObject({ status: 'refunded', amountCents: late.totalCents, reason: 'The show sold out before your payment arrived.' });
    expect((await t.db.select().from(orders).where(eq(orders.id, late.id)))[0]!.status).toBe('refunded');
  });
});

describe('payment setup through the API and the sandbox onboarding', () => {
  it('needs an e-mail and a name, opens one account, and onboarding completes it', async () => {
    const band = await signUpAs(t, 'band');
    expect(await band.client.get('/api/payments/account')).toMatchObject({ status: 200, json: { connected: false, status: 'not_setup' } });
    const noEmail = await band.client.post('/api/payments/account', { email: '', name: 'The Band' });
    expect(noEmail.status).toBe(422);
    expect(noEmail.json.error.message).toBe('Email is required for payment setup');
    const noName = await band.client.post('/api/payments/account', { email: band.email, name: ' ' });
    expect(noName.json.error.message).toBe('Band name is required for payment setup');

    const [first, second] = await Promise.all([
      band.client.post('/api/payments/account', { email: band.email, name: 'The Band' }),
      band.client.post('/api/payments/account', { email: band.email, name: 'The Band' }),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, band.id))).toHaveLength(1);
    const status = await band.client.get('/api/payments/account');
    expect(status.json).toMatchObject({ connected: false, status: 'pending', requirements: { currently_due: expect.arrayContaining(['external_account']) } });

    const link = new URL(first.json.onboardingUrl as string);
    expect(link.pathname).toMatch(/^\/sandbox\/onboarding\/sbx_acct_/);
    const page = await t.app.request(link.pathname + link.search);
    expect(await page.text()).toContain('Set up payouts');
    const tampered = new URLSearchParams(link.search);
    tampered.set('return_url', 'https://evil.example/');
    expect((await t.app.request(`${link.pathname}?${tampered}`)).status).toBe(404);

    const submit = (fields: Record<string, string>) =>
      t.app.request(link.pathname + link.search, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
    const later = await submit({ firstName: 'Ada', lastName: '', bankAccount: '', action: 'later' });
    expect(later.status).toBe(303);
    expect(later.headers.get('location')).toBe('http://localhost:3000/dashboard?connected=true');
    expect((await band.client.get('/api/payments/account')).json).toMatchObject({ status: 'pending', requirements: { currently_due: expect.arrayContaining(['individual.last_name']) } });
    const incomplete = await submit({ firstName: 'Ada', lastName: 'Lovelace', bankAccount: '1', action: 'submit' });
    expect(incomplete.status).toBe(422);
    // Issue 21: what is missing, in words, never as the provider's codes.
    const said = await incomplete.text();
    expect(said).toContain('Please complete every field. Still needed: a bank account for payouts and acceptance of the payment provider&#39;s terms of service.');
    expect(said).not.toMatch(/external_account|tos_acceptance/);
    const done = await submit({ firstName: 'Ada', lastName: 'Lovelace', bankAccount: '000123456789', acceptsTerms: 'yes', action: 'submit' });
    expect(done.status).toBe(303);
    expect((await band.client.get('/api/payments/account')).json).toEqual({ connected: true, status: 'complete', requirements: { currently_due: [] } });
    // The answer is kept for the next ticket sale (D11); asking again when nothing changed writes nothing.
    const [kept] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, band.id));
    expect(kept).toMatchObject({ status: 'complete', requirementsDue: [] });
    await band.client.get('/api/payments/account');
    expect((await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, band.id)))[0]!.updatedAt).toEqual(kept!.updatedAt);

    const again = await band.client.post('/api/payments/account/link', {});
    expect(again.json.onboardingUrl).toMatch(/\/sandbox\/onboarding\/sbx_acct_/);
  });

  it('a fan has no payment account; only admins complete gigs and refund', async () => {
    const fan = await signUpAs(t, 'fan');
    expect((await fan.client.get('/api/payments/account')).status).toBe(403);
    const { gigId } = await setUpGig();
    const { order } = await buy(gigId);
    const venue = await signUpAs(t, 'venue');
    expect((await venue.client.post('/api/admin/gig-management/complete', { gigId, action: 'release' })).status).toBe(403);
    expect((await venue.client.post(`/api/admin/orders/${order.id}/refund`, { reason: 'Mine now' })).status).toBe(403);
    expect((await ticketOf(order.id)).status).toBe('valid');
  });
});
