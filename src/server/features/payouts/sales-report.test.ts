// Issue 21 item 20, decision 41: the sales and payout report bands and organisers read. Several
// gigs, refunds before and after a release, a forfeited gig and a band without a payout account;
// every figure checked to the cent, each party seeing only its own gigs, in three statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { splitTicketPayment } from '../../../core/money.ts';
import { hasTypeBreakdown, SALES_FIGURE_KEYS, type SalesFigures, type SalesReport } from '../../../core/sales-report.ts';
import { gigs, managedArtists, orders, ticketTypes, transfers } from '../../db/schema.ts';
import { placeTicketOrder } from '../tickets/place-ticket-order.ts';
import { applyPaymentEvent } from '../tickets/apply-payment-event.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { givePaymentAccount } from '../../../../tests/helpers/payments.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { sendPendingTransfers } from './send-pending-transfers.ts';
import { completeGig } from './complete-gig.ts';
import { findTicketOfOrder, refundTicket } from './refund-ticket.ts';
import { processPendingRefunds } from './process-pending-refunds.ts';
import { getSalesReport } from './get-sales-report.ts';

const ZONE = 'America/Chicago';
/** A past year, so every gig's figures are final and its month is fixed. */
const YEAR = 2025;
let t: TestApp;
let adminId: string;
type Account = { client: TestClient; id: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signUpAs(t, 'admin')).id;
});
afterAll(() => t.close());

let buyers = 0;
/** A fan buys tickets through the sandbox (one, or several, or a mixed order's lines); returns the order. */
async function buy(gigId: string, quantity = 1, lines?: { ticketTypeId: string; quantity: number }[]) {
  const sandbox = t.services.sandbox!;
  const email = `fan${++buyers}@report.test`;
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox', quantity, lines });
  const { sessionId } = await sandbox.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  expect(await applyPaymentEvent(t.services, 'sandbox', { id: sandbox.newEventId(), type: 'checkout.paid', orderId: placed.id, sessionId, paymentId: sandbox.newPaymentId() })).toBe('issued');
  return placed;
}

/** A ticketed gig sold while upcoming, then moved to its report date (the report reads dates, checkout refuses past gigs). */
async function ticketedGig(over: { venueId: string; bandId?: string; promoterId?: string; managedArtistId?: string; priceCents: number; bandPercent: number }) {
  const { priceCents, ...gig } = over;
  return createGig(t.db, { ...gig, localDate: dayIn(ZONE, 5), isTicketed: true, ticketPriceCents: priceCents, ticketQuantity: 100, organiserPercent: 75 - over.bandPercent });
}
const moveTo = (gigId: string, localDate: string) => t.db.update(gigs).set({ localDate }).where(eq(gigs.id, gigId));
const refund = async (orderId: string) => refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, orderId), reason: 'Could not come', actorId: adminId });
const sessionOf = (account: Account, role: 'band' | 'venue' | 'promoter' | 'artist_manager') => ({ id: account.id, role, email: account.email, emailVerified: true, name: 'x', location: 'chicagoland', createdAt: new Date() });
const figures = (row: SalesFigures) => Object.fromEntries(SALES_FIGURE_KEYS.map((k) => [k, row[k]])) as SalesFigures;
const reportOf = async (account: Account, year = YEAR) => {
  const res = await account.client.get(`/api/payments/report?year=${year}`);
  expect(res.status, res.text).toBe(200);
  return res.json as SalesReport;
};

describe('the sales and payout report (decision 41)', () => {
  let venue: Account;
  let band: Account;
  let bandWithoutAccount: Account;
  let promoter: Account;
  let manager: Account;
  const ids: Record<'a' | 'b' | 'c' | 'other' | 'promoted' | 'managed', string> = { a: '', b: '', c: '', other: '', promoted: '', managed: '' };

  beforeAll(async () => {
    venue = await signUpAs(t, 'venue');
    band = await signUpAs(t, 'band');
    bandWithoutAccount = await signUpAs(t, 'band');
    promoter = await signUpAs(t, 'promoter');
    manager = await signUpAs(t, 'artist_manager');
    for (const account of [venue, band, promoter, manager]) await givePaymentAccount(t.db, account.id);

    // A: $18.50 split 60/15, three sold, one refunded while the share is still held.
    ids.a = await ticketedGig({ venueId: venue.id, bandId: band.id, priceCents: 1850, bandPercent: 60 });
    const a = [await buy(ids.a), await buy(ids.a), await buy(ids.a)];
    await refund(a[0]!.id);

    // B: $10 split 50/25, two sold, the gig completed with a release, one sold after it, then a refund out of the release.
    ids.b = await ticketedGig({ venueId: venue.id, bandId: band.id, priceCents: 1000, bandPercent: 50 });
    const b = [await buy(ids.b), await buy(ids.b)];
    await completeGig(t.db, adminId, { gigId: ids.b, action: 'release', isBeforeShowConfirmed: true });
    await buy(ids.b);
    await sendPendingTransfers(t.services);
    await refund(b[0]!.id);
    await processPendingRefunds(t.services);

    // C: $20 split 50/25 with a band that has no payout account; the admin forfeits the gig's payment.
    ids.c = await ticketedGig({ venueId: venue.id, bandId: bandWithoutAccount.id, priceCents: 2000, bandPercent: 50 });
    await buy(ids.c);
    await buy(ids.c);
    await completeGig(t.db, adminId, { gigId: ids.c, action: 'forfeit', reason: 'No show', isBeforeShowConfirmed: true });

    // Someone else's gig, whose venue's name looks like a spreadsheet formula, and whose band transfer failed.
    const otherVenue = await createVenue(t.db, { name: '=HYPERLINK("http://evil.test","Click")' });
    const otherBand = await createBand(t.db);
    await givePaymentAccount(t.db, otherVenue.id);
    await givePaymentAccount(t.db, otherBand.id);
    ids.other = await ticketedGig({ venueId: otherVenue.id, bandId: otherBand.id, priceCents: 1500, bandPercent: 50 });
    const other = await buy(ids.other);
    await t.db.update(transfers).set({ status: 'failed' }).where(eq(transfers.orderId, other.id));

    // A promoter's gig at the venue, with the same band; and a manager's artist's gig.
    ids.promoted = await ticketedGig({ venueId: venue.id, promoterId: promoter.id, bandId: band.id, priceCents: 1200, bandPercent: 40 });
    await buy(ids.promoted);
    const [artist] = await t.db.insert(managedArtists).values({ managerId: manager.id, name: 'Managed Artist' }).returning({ id: managedArtists.id });
    ids.managed = await ticketedGig({ venueId: venue.id, managedArtistId: artist!.id, priceCents: 900, bandPercent: 50 });
    await buy(ids.managed);
    await sendPendingTransfers(t.services);

    await moveTo(ids.a, `${YEAR}-03-21`);
    await moveTo(ids.b, `${YEAR}-03-07`);
    await moveTo(ids.c, `${YEAR}-04-12`);
    await moveTo(ids.other, `${YEAR}-03-10`);
    await moveTo(ids.promoted, `${YEAR}-05-02`);
    await moveTo(ids.managed, `${YEAR}-06-20`);
  });

  it("gives each gig's figures to the cent: sales, refunds, every party's share and where it is", async () => {
    const report = await reportOf(venue);
    expect(report).toMatchObject({ party: 'organiser', year: YEAR });
    expect(report.years).toContain(YEAR);
    const byId = new Map(report.gigs.map((g) => [g.gigId, g]));

    // A: each ticket 1850 + 278 fee = 2128; band 1110, organiser 277, platform 741. Two stand.
    expect(figures(byId.get(ids.a)!)).toEqual({
      ticketsSold: 2,
      ticketsRefunded: 1,
      grossCents: 3 * 2128,
      feeCents: 3 * 278,
      refundedCents: 2128,
      bandShareCents: 2 * 1110,
      organiserShareCents: 2 * 277,
      platformShareCents: 2 * 741,
      bandTransferredCents: 2 * 1110,
      bandHeldCents: 0,
      organiserHeldCents: 2 * 277,
      organiserReleasedCents: 0,
      bandForfeitedCents: 0,
      organiserForfeitedCents: 0,
      bandFailedCents: 0,
      organiserFailedCents: 0,
    });
    // B: each 1000 + 150 = 1150; band 500, organiser 250, platform 400. The refunded ticket's share
    // had been released; of the two that stand, one was released with the gig, one paid at purchase.
    expect(figures(byId.get(ids.b)!)).toMatchObject({
      ticketsSold: 2,
      ticketsRefunded: 1,
      grossCents: 3 * 1150,
      feeCents: 3 * 150,
      refundedCents: 1150,
      bandShareCents: 1000,
      organiserShareCents: 500,
      platformShareCents: 800,
      bandTransferredCents: 1000,
      organiserHeldCents: 0,
      organiserReleasedCents: 500,
    });
    // C: each 2000 + 300; the band's shares held until it sets up payouts (no account, issue 34), the organiser's forfeited with the gig.
    expect(figures(byId.get(ids.c)!)).toMatchObject({
      ticketsSold: 2,
      grossCents: 2 * 2300,
      bandShareCents: 2000,
      bandTransferredCents: 0,
      bandHeldCents: 2000,
      bandForfeitedCents: 0,
      organiserShareCents: 1000,
      organiserHeldCents: 0,
      organiserForfeitedCents: 1000,
    });
    // Every row adds up.
    for (const gig of report.gigs) {
      expect(gig.bandShareCents + gig.organiserShareCents + gig.platformShareCents).toBe(gig.grossCents - gig.refundedCents);
      expect(gig.bandTransferredCents + gig.bandHeldCents + gig.bandForfeitedCents + gig.bandFailedCents).toBe(gig.bandShareCents);
      expect(gig.organiserHeldCents + gig.organiserReleasedCents + gig.organiserForfeitedCents + gig.organiserFailedCents).toBe(gig.organiserShareCents);
    }
    // Each figure agrees with the split the checkout used.
    const split = splitTicketPayment(1850, 60, 15);
    expect(byId.get(ids.a)!.platformShareCents).toBe(2 * split.platformShareCents);
  });

  it('sums each month and the year from its gigs, newest first', async () => {
    const report = await reportOf(venue);
    expect(report.gigs.map((g) => g.gigId)).toEqual([ids.managed, ids.c, ids.a, ids.b]);
    expect(report.months.map((m) => m.month)).toEqual([`${YEAR}-06`, `${YEAR}-04`, `${YEAR}-03`]);
    const march = report.months.find((m) => m.month === `${YEAR}-03`)!;
    expect(march.grossCents).toBe(3 * 2128 + 3 * 1150);
    expect(march.ticketsSold).toBe(4);
    expect(march.organiserHeldCents).toBe(2 * 277);
    for (const key of SALES_FIGURE_KEYS) {
      expect(report.totals[key]).toBe(report.gigs.reduce((sum, g) => sum + g[key], 0));
      expect(report.totals[key]).toBe(report.months.reduce((sum, m) => sum + m[key], 0));
    }
  });

  it('shows each party only its own gigs', async () => {
    const gigsOf = async (account: Account) => (await reportOf(account)).gigs.map((g) => g.gigId).sort();
    expect(await gigsOf(band)).toEqual([ids.a, ids.b, ids.promoted].sort());
    expect(await gigsOf(bandWithoutAccount)).toEqual([ids.c]);
    // The promoter's gig at the venue is the promoter's money, not the venue's.
    expect(await gigsOf(promoter)).toEqual([ids.promoted]);
    expect(await gigsOf(manager)).toEqual([ids.managed]);
    expect((await reportOf(band)).party).toBe('band');

    // Another band and another venue have nothing of these, in the JSON or the CSV.
    const strangerBand = await signUpAs(t, 'band');
    const strangerVenue = await signUpAs(t, 'venue');
    for (const stranger of [strangerBand, strangerVenue]) {
      const report = await reportOf(stranger);
      expect(report.gigs).toEqual([]);
      expect(report.totals.grossCents).toBe(0);
      const csv = await stranger.client.get(`/api/payments/report/csv?year=${YEAR}`);
      expect(parse(csv.text)).toHaveLength(2); // the header and a zero total
    }
    // Fans and admins have no report.
    expect((await (await signUpAs(t, 'fan')).client.get('/api/payments/report')).status).toBe(403);
    expect((await t.client().get('/api/payments/report')).status).toBe(401);
  });

  it('reads the report in three statements however many gigs and tickets there are', async () => {
    const count = countStatements();
    await getSalesReport(t.db, sessionOf(venue, 'venue'), { year: String(YEAR) });
    const few = count.stop();
    for (let i = 0; i < 4; i++) {
      const gigId = await ticketedGig({ venueId: venue.id, bandId: band.id, priceCents: 500, bandPercent: 50 });
      await buy(gigId);
      await buy(gigId);
      await moveTo(gigId, `${YEAR}-0${i + 1}-15`);
    }
    const again = countStatements();
    const report = await getSalesReport(t.db, sessionOf(venue, 'venue'), { year: String(YEAR) });
    expect(report.gigs).toHaveLength(8);
    expect(again.stop()).toBe(few);
    expect(few).toBe(3);
  });

  it('exports the gigs as formula-safe CSV with exact amounts and a total row', async () => {
    const res = await band.client.get(`/api/payments/report/csv?year=${YEAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="marquee-sales-${YEAR}.csv"`);
    const rows = parse<Record<string, string>>(res.text, { columns: true });
    const gigA = rows.find((r) => r.date === `${YEAR}-03-21`)!;
    expect(gigA).toMatchObject({ month: `${YEAR}-03`, ticket_price: '18.50', tickets_sold: '2', tickets_refunded: '1', gross: '63.84', service_fees: '8.34', refunded: '21.28', band_share: '22.20', organiser_share: '5.54', platform_share: '14.82', band_transferred: '22.20', organiser_held: '5.54' });
    const report = await reportOf(band);
    expect(rows.at(-1)).toMatchObject({ venue: `Total ${YEAR}`, gross: (report.totals.grossCents / 100).toFixed(2) });

    // A cell that a spreadsheet would run as a formula is written as text.
    const otherBand = (await t.db.select({ bandId: gigs.bandId }).from(gigs).where(eq(gigs.id, ids.other)))[0]!.bandId!;
    const asOther = await getSalesReport(t.db, { ...sessionOf(band, 'band'), id: otherBand }, { year: String(YEAR) });
    expect(asOther.gigs[0]).toMatchObject({ venueName: '=HYPERLINK("http://evil.test","Click")', bandFailedCents: 750, bandTransferredCents: 0 });
    const { salesReportCsv } = await import('./get-sales-report.ts');
    const cells: string[][] = parse(salesReportCsv(asOther));
    expect(cells[1]![3]).toBe('\'=HYPERLINK("http://evil.test","Click")');
  });

  it('opens on this year, or on the latest year with gigs when this one has none; refuses a year that is not one', async () => {
    const thisYear = new Date().getUTCFullYear();
    const res = await band.client.get('/api/payments/report');
    expect(res.json).toMatchObject({ year: YEAR, years: [thisYear, YEAR] });
    expect((await (await signUpAs(t, 'band')).client.get('/api/payments/report')).json).toMatchObject({ year: thisYear, years: [thisYear] });
    expect((await band.client.get('/api/payments/report?year=soon')).status).toBe(422);
  });

  it('counts an order of several tickets once: each ticket its own part, one refunded alone (issue 23)', async () => {
    const gigId = await ticketedGig({ venueId: venue.id, bandId: band.id, priceCents: 2000, bandPercent: 50 });
    const placed = await buy(gigId, 3);
    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, placed.id, 2), reason: 'One friend cannot come', actorId: adminId });
    await moveTo(gigId, `${YEAR}-03-14`);
    const gig = (await reportOf(venue)).gigs.find((g) => g.gigId === gigId)!;
    // 3 × $20.00 = $60.00 and one fee of $9.00: $69.00 paid, $23.00 of it (one ticket) refunded.
    expect(gig).toMatchObject({ ticketsSold: 2, ticketsRefunded: 1, grossCents: 6900, feeCents: 900, refundedCents: 2300 });
    expect(gig.bandShareCents).toBe(2 * 1000);
    expect(gig.organiserShareCents).toBe(2 * 500);
  });
});

describe('ticket types in the sales report and the holder list (issue 34, item 6)', () => {
  let venue: Account;
  let gigId = '';
  let simpleGigId = '';
  const date = `${YEAR}-08-09`;

  beforeAll(async () => {
    venue = await signUpAs(t, 'venue');
    const band = await signUpAs(t, 'band');
    for (const account of [venue, band]) await givePaymentAccount(t.db, account.id);
    // The gig's base price ($15) is neither type's: the report must never show it as what was paid.
    gigId = await ticketedGig({ venueId: venue.id, bandId: band.id, priceCents: 1500, bandPercent: 50 });
    const [general, vip] = await t.db
      .insert(ticketTypes)
      .values([
        { gigId, name: 'General', priceCents: 2000, quantity: 60, position: 0 },
        { gigId, name: 'VIP', priceCents: 4500, quantity: 20, position: 1 },
      ])
      .returning();
    // A mixed order (2 General + 1 VIP, tickets 1 and 2 General), a VIP alone, and one General refunded.
    const mixed = await buy(gigId, 1, [
      { ticketTypeId: general!.id, quantity: 2 },
      { ticketTypeId: vip!.id, quantity: 1 },
    ]);
    await buy(gigId, 1, [{ ticketTypeId: vip!.id, quantity: 1 }]);
    await refundTicket(t.db, { ticketId: await findTicketOfOrder(t.db, mixed.id, 2), reason: 'A friend cannot come', actorId: adminId });
    await moveTo(gigId, date);

    // A gig of one simple price, 2 sold on Marquee and 4 on the old system before it was imported (decision 52).
    simpleGigId = await ticketedGig({ venueId: venue.id, bandId: band.id, priceCents: 1000, bandPercent: 50 });
    await buy(simpleGigId, 2);
    await t.db.update(gigs).set({ ticketsSold: 6, legacyTicketsSold: 4 }).where(eq(gigs.id, simpleGigId));
    await moveTo(simpleGigId, `${YEAR}-08-02`);
  });

  it("gives each type's sales and takings at its own price, a breakdown that sums to the gig's counts and money", async () => {
    const report = await reportOf(venue);
    const gig = report.gigs.find((g) => g.gigId === gigId)!;
    // The one count of each thing: 3 stand, 1 refunded.
    expect(gig).toMatchObject({ ticketsSold: 3, ticketsRefunded: 1 });
    // The mixed order's one fee (15% of $85.00 = $12.75) is each line's 15%: $6.00 for 2 General, $6.75 for the VIP.
    expect(gig.byType.map((row) => ({ typeName: row.typeName, priceCents: row.priceCents, ...figures(row) }))).toMatchObject([
      { typeName: 'General', priceCents: 2000, ticketsSold: 1, ticketsRefunded: 1, grossCents: 2 * 2300, feeCents: 2 * 300, refundedCents: 2300 },
      { typeName: 'VIP', priceCents: 4500, ticketsSold: 2, ticketsRefunded: 0, grossCents: 2 * 5175, feeCents: 2 * 675, refundedCents: 0 },
    ]);
    expect(hasTypeBreakdown(gig)).toBe(true);

    // Every figure of the types adds up to the gig's, Sold and Refunded (countGigTickets) included.
    for (const one of report.gigs) {
      for (const key of SALES_FIGURE_KEYS) expect(one.byType.reduce((sum, row) => sum + row[key], 0), `${one.gigId} ${key}`).toBe(one[key]);
    }

    // The simple-price gig: its tickets at $10.00 and the 4 sold on the old system, whose money never reached Marquee.
    const simple = report.gigs.find((g) => g.gigId === simpleGigId)!;
    expect(simple.ticketsSold).toBe(6);
    expect(simple.byType).toMatchObject([
      { typeName: null, priceCents: 1000, ticketsSold: 2, grossCents: 2 * 1150 },
      { typeName: null, priceCents: null, ticketsSold: 4, grossCents: 0 },
    ]);
    // A gig that sold only at its simple price has no breakdown on screen.
    expect(hasTypeBreakdown({ byType: simple.byType.slice(0, 1) })).toBe(false);
  });

  it("exports a row per type whose price is what its tickets were sold at, never the gig's base price; the rows add up to the total", async () => {
    const res = await venue.client.get(`/api/payments/report/csv?year=${YEAR}`);
    expect(res.status).toBe(200);
    const rows = parse<Record<string, string>>(res.text, { columns: true });
    expect(rows.filter((r) => r.date === date).map((r) => [r.ticket_type, r.ticket_price, r.tickets_sold, r.tickets_refunded, r.gross, r.service_fees, r.refunded])).toEqual([
      ['General', '20.00', '1', '1', '46.00', '6.00', '23.00'],
      ['VIP', '45.00', '2', '0', '103.50', '13.50', '0.00'],
    ]);
    expect(rows.filter((r) => r.date === `${YEAR}-08-02`).map((r) => [r.ticket_type, r.ticket_price, r.tickets_sold, r.gross])).toEqual([
      ['', '10.00', '2', '23.00'],
      ['Sold on the old system', '', '4', '0.00'],
    ]);
    expect(rows.some((r) => r.ticket_price === '15.00')).toBe(false);
    // Each column of the rows adds up to the year's total row.
    const total = rows.at(-1)!;
    for (const column of ['tickets_sold', 'tickets_refunded', 'gross', 'service_fees', 'refunded', 'band_share', 'organiser_share', 'platform_share']) {
      const sum = rows.slice(0, -1).reduce((acc, r) => acc + Math.round(Number(r[column]) * 100), 0);
      expect(sum, column).toBe(Math.round(Number(total[column]) * 100));
    }
  });

  it("names each ticket's type on the organiser's holder list, a mixed order's tickets each their own", async () => {
    const res = await venue.client.get(`/api/booking/gigs/${gigId}/ticket-holders`);
    expect(res.status, res.text).toBe(200);
    const list = res.json as { tickets: { position: number; quantity: number; typeName: string | null; status: string }[] };
    expect(list.tickets.map((ticket) => [ticket.position, ticket.quantity, ticket.typeName, ticket.status])).toEqual([
      [1, 3, 'General', 'valid'],
      [2, 3, 'General', 'refunded'],
      [3, 3, 'VIP', 'valid'],
      [1, 1, 'VIP', 'valid'],
    ]);
    // A gig of one simple price has no type to name.
    const simple = await venue.client.get(`/api/booking/gigs/${simpleGigId}/ticket-holders`);
    expect((simple.json as typeof list).tickets.map((ticket) => ticket.typeName)).toEqual([null, null]);
  });
});

/** Counts the statements the database driver is asked to run (as bench/booking.ts does). */
function countStatements() {
  let n = 0;
  const database = t.services.database;
  const target = (database.pglite ?? database.pool) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const methods = database.pglite ? ['query', 'exec'] : ['query'];
  const originals = methods.map((m) => [m, target[m]!] as const);
  for (const [m, original] of originals) target[m] = (...args: unknown[]) => ((n += 1), original.apply(target, args));
  return {
    stop() {
      for (const [m, original] of originals) target[m] = original;
      return n;
    },
  };
}
