import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTIST_AND_ORGANISER_PERCENT, formatCents, parseDollarsToCents, serviceFeeCents, shareOutOrder, splitOrderPayment, splitTicketPayment } from './money.ts';

describe('service fee (D9)', () => {
  it('is 15% of the face price, rounded half-up to the cent', () => {
    expect(serviceFeeCents(1000)).toBe(150);
    expect(serviceFeeCents(1999)).toBe(300); // 299.85 -> 300
    expect(serviceFeeCents(1010)).toBe(152); // 151.5 -> 152 (half-up)
    expect(serviceFeeCents(1)).toBe(0); // 0.15 -> 0
    expect(serviceFeeCents(0)).toBe(0);
  });
});

describe('money formatting and parsing', () => {
  it('shows dollars and cents', () => {
    expect(formatCents(1150)).toBe('$11.50');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-5)).toBe('-$0.05');
  });
  it('reads what people type', () => {
    expect(parseDollarsToCents('12')).toBe(1200);
    expect(parseDollarsToCents('$12.5')).toBe(1250);
    expect(parseDollarsToCents(' 12.05 ')).toBe(1205);
    expect(parseDollarsToCents('12.345')).toBeNull();
    expect(parseDollarsToCents('ten')).toBeNull();
  });
});

describe('splitting what a fan pays (D9, D10)', () => {
  it('gives the band and organiser their percentages, the platform the rest and the fee', () => {
    expect(splitTicketPayment(2000, 50, 25)).toEqual({
      faceCents: 2000,
      serviceFeeCents: 300,
      totalCents: 2300,
      bandShareCents: 1000,
      organiserShareCents: 500,
      platformShareCents: 800,
    });
    // $18.50 at 60/15: band 1110, organiser 277.5 -> 277, platform 462.5 + 0.5 -> 463 + fee 278.
    expect(splitTicketPayment(1850, 60, 15)).toMatchObject({ bandShareCents: 1110, organiserShareCents: 277, platformShareCents: 741, totalCents: 2128 });
  });

  it('refuses splits that do not total 75 and prices that are not whole cents', () => {
    expect(() => splitTicketPayment(1000, 50, 30)).toThrow(RangeError);
    expect(() => splitTicketPayment(10.5, 50, 25)).toThrow(RangeError);
    expect(() => splitTicketPayment(-100, 50, 25)).toThrow(RangeError);
  });

  const prices = fc.integer({ min: 0, max: 100_000_000 });
  const splits = fc.integer({ min: 0, max: ARTIST_AND_ORGANISER_PERCENT }).map((band) => [band, ARTIST_AND_ORGANISER_PERCENT - band] as const);

  it('always adds up exactly to what the fan paid, with no negative share', () => {
    fc.assert(
      fc.property(prices, splits, (face, [band, organiser]) => {
        const s = splitTicketPayment(face, band, organiser);
        expect(s.bandShareCents + s.organiserShareCents + s.platformShareCents).toBe(s.totalCents);
        expect(s.totalCents).toBe(face + s.serviceFeeCents);
        for (const part of [s.bandShareCents, s.organiserShareCents, s.platformShareCents, s.serviceFeeCents]) {
          expect(Number.isInteger(part) && part >= 0).toBe(true);
        }
      }),
    );
  });

  it('never gives a payee more than its percentage, and less only by a fraction of a cent', () => {
    fc.assert(
      fc.property(prices, splits, (face, [band, organiser]) => {
        const s = splitTicketPayment(face, band, organiser);
        expect(s.bandShareCents * 100).toBeLessThanOrEqual(face * band);
        expect(face * band - s.bandShareCents * 100).toBeLessThan(100);
        expect(s.organiserShareCents * 100).toBeLessThanOrEqual(face * organiser);
        expect(face * organiser - s.organiserShareCents * 100).toBeLessThan(100);
      }),
    );
  });

  it('rounds the service fee half-up: never off by more than half a cent', () => {
    fc.assert(
      fc.property(prices, (face) => {
        const exact = (face * 15) / 100;
        expect(Math.abs(serviceFeeCents(face) - exact)).toBeLessThanOrEqual(0.5);
        if (exact - Math.floor(exact) === 0.5) expect(serviceFeeCents(face)).toBe(Math.ceil(exact));
      }),
    );
  });
});

describe('splitOrderPayment: several tickets, one fee (issue 23, decision 45)', () => {
  const faces = fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 });
  const splits = fc.integer({ min: 0, max: ARTIST_AND_ORGANISER_PERCENT }).map((band) => [band, ARTIST_AND_ORGANISER_PERCENT - band] as const);

  it('charges one fee, rounded once, on the whole order', () => {
    expect(splitOrderPayment([1010, 1010, 1010], 50, 25)).toMatchObject({ faceCents: 3030, serviceFeeCents: 455, totalCents: 3485 });
    // Three separate orders would have paid 3 × 152 = 456.
    expect(splitOrderPayment([1010, 1010, 1010], 50, 25).tickets.map((t) => t.serviceFeeCents)).toEqual([152, 152, 151]);
  });

  it('always sums exactly: each ticket to its total, the tickets to what the order paid, shares to what was paid', () => {
    fc.assert(
      fc.property(faces, splits, (prices, [band, organiser]) => {
        const order = splitOrderPayment(prices, band, organiser);
        const total = prices.reduce((a, b) => a + b, 0);
        expect(order.faceCents).toBe(total);
        expect(order.serviceFeeCents).toBe(serviceFeeCents(total));
        expect(order.totalCents).toBe(total + order.serviceFeeCents);
        expect(order.bandShareCents + order.organiserShareCents + order.platformShareCents).toBe(order.totalCents);
        expect(order.tickets.reduce((sum, t) => sum + t.totalCents, 0)).toBe(order.totalCents);
        expect(order.tickets.reduce((sum, t) => sum + t.serviceFeeCents, 0)).toBe(order.serviceFeeCents);
        order.tickets.forEach((t, i) => {
          expect(t.faceCents).toBe(prices[i]);
          expect(t.bandShareCents + t.organiserShareCents + t.platformShareCents).toBe(t.totalCents);
          expect(t.totalCents).toBe(t.faceCents + t.serviceFeeCents);
          for (const part of [t.bandShareCents, t.organiserShareCents, t.platformShareCents, t.serviceFeeCents]) expect(Number.isInteger(part) && part >= 0).toBe(true);
          // A ticket's fee is its own 15% rounded down, plus at most the one cent left over by rounding.
          const own = Math.floor((t.faceCents * 15) / 100);
          expect(t.serviceFeeCents - own).toBeGreaterThanOrEqual(0);
          expect(t.serviceFeeCents - own).toBeLessThanOrEqual(1);
        });
        // The left-over cents go to the first tickets: once a ticket gets none, no later one does.
        const extras = order.tickets.map((t) => t.serviceFeeCents - Math.floor((t.faceCents * 15) / 100));
        expect([...extras].sort((a, b) => b - a)).toEqual(extras);
      }),
    );
  });

  it('an order of one price shared out from its recorded split gives exactly splitOrderPayment\'s tickets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 8 }), splits, (price, quantity, [band, organiser]) => {
        const { tickets, ...order } = splitOrderPayment(Array.from({ length: quantity }, () => price), band, organiser);
        expect(shareOutOrder({ quantity, faceCents: order.faceCents, feeCents: order.serviceFeeCents, bandShareCents: order.bandShareCents, organiserShareCents: order.organiserShareCents })).toEqual(tickets);
      }),
    );
    // Every ticket taking a left-over cent: 8 × $0.13 pays a fee of $0.16 where each ticket's own 15% rounds down to 1 cent.
    const eight = splitOrderPayment(Array.from({ length: 8 }, () => 13), 60, 15);
    expect(eight.tickets.map((t) => t.serviceFeeCents)).toEqual(Array.from({ length: 8 }, () => 2));
    expect(shareOutOrder({ quantity: 8, faceCents: 104, feeCents: 16, bandShareCents: eight.bandShareCents, organiserShareCents: eight.organiserShareCents })).toEqual(eight.tickets);
  });

  it('a one-ticket order is split exactly as a single ticket', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), splits, (face, [band, organiser]) => {
        const { tickets, ...order } = splitOrderPayment([face], band, organiser);
        expect(tickets).toEqual([splitTicketPayment(face, band, organiser)]);
        expect(order).toEqual(splitTicketPayment(face, band, organiser));
      }),
    );
  });
});
