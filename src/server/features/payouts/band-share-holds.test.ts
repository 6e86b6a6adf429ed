// Issue 34, item 1: a band without payout setup is told before its money is at risk. Its share
// is held (not forfeited at once) until it sets up payouts or the deadline passes; 'Your shows'
// says where each show's share is; the band is e-mailed when a share is first held, a week
// before the deadline and when it is forfeited, each once, delivered over SMTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, outbox, tickets, transfers } from '../../db/schema.ts';
import { placeTicketOrder } from '../tickets/place-ticket-order.ts';
import { applyPaymentEvent } from '../tickets/apply-payment-event.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { givePaymentAccount } from '../../../../tests/helpers/payments.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import type { TestClient } from '../../../../tests/helpers/test-app.ts';
import { bandPayoutLine, bandShareDeadline, type BandPayout } from '../../../core/band-payouts.ts';
import { formatLocalDate } from '../../../core/time.ts';
import { sendPendingTransfers } from './send-pending-transfers.ts';
import { ALL_REFUNDED_REASON, releaseHeldBandShares, settleBandShareHolds } from './band-share-holds.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A ticketed gig at $18.50 (band 60%: $11.10 a ticket), ten days ahead; the venue can be paid, the band cannot yet. */
async function setUpGig(days = 10) {
  const venue = await createVenue(t.db, { name: `Venue ${Math.random().toString(36).slice(2, 7)}` });
  await givePaymentAccount(t.db, venue.id);
  // A band signed in, reading 'Your shows' as its dashboard does.
  const band = await signUpAs(t, 'band');
  const localDate = dayIn(ZONE, days);
  const gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate, isTicketed: true, ticketPriceCents: 1850, ticketQuantity: 50, bandPercent: 60, organiserPercent: 15 });
  return { venue, band, bandUser: band, gigId, localDate };
}

async function buy(gigId: string, email = 'fan@holds.test') {
  const sandbox = t.services.sandbox!;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox' });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() });
  return placed;
}

const bandTransferOf = async (orderId: string) => (await t.db.select().from(transfers).where(eq(transfers.orderId, orderId))).find((r) => r.kind === 'band_share')!;
/** The show's payout on 'Your shows' (GET /api/booking/my-shows). */
const payoutOf = async (bandUser: { client: TestClient }, gigId: string) => {
  const res = await bandUser.client.get('/api/booking/my-shows');
  expect(res.status).toBe(200);
  return (res.json as { shows: { gigId: string; payout: BandPayout }[] }).shows.find((s) => s.gigId === gigId)!.payout;
};
const mailsTo = async (to: string) => (await t.db.select().from(outbox).where(eq(outbox.toAddress, to))).filter((m) => m.kind.startsWith('band_share_'));
/** The end of the deadline day in Chicago, as an instant, plus or minus some hours. */
const aroundDeadline = (localDate: string, hours: number) => new Date(new Date(`${bandShareDeadline(localDate)}T23:59:59-06:00`).getTime() + hours * 3_600_000);

describe('a band share without payout setup is held, not forfeited (issue 34)', () => {
  it('holds the share; Your shows says it is held, with the deadline and what happens after it', async () => {
    const { bandUser, gigId, localDate } = await setUpGig();
    const order = await buy(gigId);
    expect(await bandTransferOf(order.id)).toMatchObject({ status: 'held', amountCents: 1110, destinationAccountId: null, reason: null });
    const payout = await payoutOf(bandUser, gigId);
    expect(payout).toEqual({ state: 'held', amountCents: 1110, deadline: bandShareDeadline(localDate) });
    expect(bandPayoutLine(payout)).toBe(`Your share of $11.10 is held until you set up payouts. Set them up by ${formatLocalDate(bandShareDeadline(localDate))}, or it is forfeited to Marquee.`);
    // The transfer job leaves a held share alone.
    await sendPendingTransfers(t.services);
    expect((await bandTransferOf(order.id)).status).toBe('held');
  });

  it('setting up payouts releases what is held (the standing tickets’ part) and the transfer job pays it once', async () => {
    const { band, bandUser, gigId } = await setUpGig();
    const first = await buy(gigId, 'a@holds.test');
    const second = await buy(gigId, 'b@holds.test');
    // The second ticket was refunded while its share was held: nothing of it is to be paid.
    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.orderId, second.id));
    expect(await payoutOf(bandUser, gigId)).toMatchObject({ state: 'held', amountCents: 1110 });

    await givePaymentAccount(t.db, band.id);
    const [a, b] = await Promise.all([releaseHeldBandShares(t.db), releaseHeldBandShares(t.db)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await bandTransferOf(first.id)).toMatchObject({ status: 'pending', destinationAccountId: expect.any(String) });
    expect(await bandTransferOf(second.id)).toMatchObject({ status: 'forfeited' });
    expect(await payoutOf(bandUser, gigId)).toEqual({ state: 'pending', amountCents: 1110 });
    await sendPendingTransfers(t.services);
    expect(await bandTransferOf(first.id)).toMatchObject({ status: 'paid', providerTransferId: expect.stringMatching(/^sbx_tr_/) });
    expect(await payoutOf(bandUser, gigId)).toEqual({ state: 'paid', amountCents: 1110, forfeitedCents: 0 });
    expect(bandPayoutLine(await payoutOf(bandUser, gigId))).toBe('Your share of $11.10 was paid out to your payout account.');
    // Later tickets are paid at once.
    const third = await buy(gigId, 'c@holds.test');
    expect((await bandTransferOf(third.id)).status).toBe('pending');
  });
});

describe('the band is e-mailed once at each step, over SMTP, on a pinned clock (issue 34)', () => {
  it('first held, a week before the deadline, forfeited at the deadline: each once, whatever the retries', async () => {
    const { bandUser, gigId, localDate, venue } = await setUpGig();
    await buy(gigId, 'x@holds.test');
    await buy(gigId, 'y@holds.test');
    const deadline = formatLocalDate(bandShareDeadline(localDate));
    const show = `${venue.name}, ${formatLocalDate(localDate)}`;

    // Just after the sale: one 'held' e-mail, however many runs at once or after.
    const soon = new Date();
    await Promise.all([settleBandShareHolds(t.services, { now: soon }), settleBandShareHolds(t.services, { now: soon })]);
    await settleBandShareHolds(t.services, { now: soon });
    let mails = await mailsTo(bandUser.email);
    expect(mails.map((m) => m.kind)).toEqual(['band_share_held']);
    expect(mails[0]!.subject).toBe(`Set up payouts to receive your $22.20 from ${show}`);
    expect(mails[0]!.textBody).toContain(`Set up payouts by ${deadline}`);
    expect(mails[0]!.textBody).toContain('http://localhost:3000/dashboard');

    // Eight days before the deadline: nothing new. Six days before: the reminder, once.
    await settleBandShareHolds(t.services, { now: aroundDeadline(localDate, -8 * 24) });
    expect(await mailsTo(bandUser.email)).toHaveLength(1);
    const weekBefore = aroundDeadline(localDate, -6 * 24);
    await Promise.all([settleBandShareHolds(t.services, { now: weekBefore }), settleBandShareHolds(t.services, { now: weekBefore })]);
    await settleBandShareHolds(t.services, { now: weekBefore });
    mails = await mailsTo(bandUser.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(['band_share_held', 'band_share_reminder']);
    expect(mails.find((m) => m.kind === 'band_share_reminder')!.subject).toBe(`One week left: set up payouts by ${deadline} to receive $22.20`);

    // An hour before the end of the deadline day it is still held; an hour after, forfeited, with one e-mail.
    await settleBandShareHolds(t.services, { now: aroundDeadline(localDate, -1) });
    expect((await payoutOf(bandUser, gigId)).state).toBe('held');
    const after = aroundDeadline(localDate, 1);
    await Promise.all([settleBandShareHolds(t.services, { now: after }), settleBandShareHolds(t.services, { now: after })]);
    await settleBandShareHolds(t.services, { now: after });
    expect(await payoutOf(bandUser, gigId)).toEqual({ state: 'forfeited', amountCents: 2220, deadline: bandShareDeadline(localDate) });
    mails = await mailsTo(bandUser.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(['band_share_forfeited', 'band_share_held', 'band_share_reminder']);
    const forfeited = mails.find((m) => m.kind === 'band_share_forfeited')!;
    expect(forfeited.subject).toBe(`Your $22.20 from ${show} was forfeited`);
    expect(forfeited.textBody).toContain(`payouts were not set up by ${deadline}`);

    // Delivered over SMTP, each once, to the band.
    await t.services.mailer.deliverQueued();
    // (Its sign-up e-mails went to the same address; these are the payout ones.)
    const delivered = smtp.received.filter((m) => m.to.includes(bandUser.email) && /^Subject: .*(payouts|forfeited)/im.test(m.raw.replace(/\r?\n[ \t]+/g, ' ')));
    expect(delivered).toHaveLength(3);
    const raw = delivered.map((m) => m.raw.replace(/=\r?\n/g, '')).join('\n');
    expect(raw).toContain('Set up payouts to receive your $22.20');
    expect(raw).toContain('One week left');
    expect(raw).toContain('was forfeited');
    expect(raw).toContain('http://localhost:3000/dashboard#payment-setup-heading');
  });

  it('a share first held within the last week gets one e-mail, not the first and the reminder at once', async () => {
    const { bandUser, gigId, localDate } = await setUpGig();
    await buy(gigId);
    await settleBandShareHolds(t.services, { now: aroundDeadline(localDate, -3 * 24) });
    await settleBandShareHolds(t.services, { now: aroundDeadline(localDate, -2 * 24) });
    expect((await mailsTo(bandUser.email)).map((m) => m.kind)).toEqual(['band_share_held']);
  });

  it('a show whose every held ticket was refunded: no $0.00 e-mail and no forfeit, whenever the refund came', async () => {
    // Refunded before the first sweep: the band hears nothing at all.
    const early = await setUpGig();
    const order = await buy(early.gigId, 'gone@holds.test');
    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.orderId, order.id));
    for (const now of [new Date(), aroundDeadline(early.localDate, -6 * 24), aroundDeadline(early.localDate, 1)]) await settleBandShareHolds(t.services, { now });
    expect(await mailsTo(early.bandUser.email)).toEqual([]);
    // Closed as nothing to pay (all of it reversed), never forfeited at the deadline.
    expect(await bandTransferOf(order.id)).toMatchObject({ status: 'forfeited', amountCents: 1110, reversedCents: 1110, reason: ALL_REFUNDED_REASON });
    expect(await payoutOf(early.bandUser, early.gigId)).toEqual({ state: 'none' });

    // Refunded after the 'held' e-mail: no reminder and no 'forfeited' e-mail follow it.
    const late = await setUpGig();
    const second = await buy(late.gigId, 'later@holds.test');
    await settleBandShareHolds(t.services, { now: new Date() });
    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.orderId, second.id));
    await settleBandShareHolds(t.services, { now: aroundDeadline(late.localDate, -6 * 24) });
    await settleBandShareHolds(t.services, { now: aroundDeadline(late.localDate, 1) });
    expect((await mailsTo(late.bandUser.email)).map((m) => m.kind)).toEqual(['band_share_held']);
    expect(await bandTransferOf(second.id)).toMatchObject({ reversedCents: 1110, reason: ALL_REFUNDED_REASON });
  });
});
