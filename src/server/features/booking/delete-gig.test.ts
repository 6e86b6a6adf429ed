// Issue 33, finding 12: deleting a gig closes its open checkouts at the provider instead of waiting
// for them, but never loses money: a checkout the provider reports already paid keeps the gig, and
// an open checkout it did not close (one not yet at the provider) still holds the delete off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gigs, orders, sandboxCheckouts } from '../../db/schema.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { placeTicketOrder } from '../tickets/place-ticket-order.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { deleteGig, GIG_HAS_OPEN_CHECKOUTS_MESSAGE, GIG_HAS_SALES_MESSAGE } from './delete-gig.ts';

let t: TestApp;
let venue: Awaited<ReturnType<typeof signUpAs>>;
let bandId: string;

beforeAll(async () => {
  t = await createTestApp();
  venue = await signUpAs(t, 'venue');
  bandId = (await createBand(t.db)).id;
});
afterAll(() => t.close());

const venueUser = () => ({ id: venue.id, role: 'venue' as const, email: venue.email, emailVerified: true, name: 'Venue', location: 'chicagoland', createdAt: new Date() });
const ticketedGig = () => createGig(t.db, { venueId: venue.id, bandId, localDate: dayIn('America/Chicago', 10), isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 100 });

/** A buyer's open sandbox checkout, as start-checkout opens it; `atProvider: false` stops before the provider is asked. */
async function openCheckout(gigId: string, email: string, { atProvider = true } = {}): Promise<{ id: string; sessionId: string }> {
  const placed = await placeTicketOrder(t.db, { gigId, buyerEmail: email, provider: 'sandbox', quantity: 1 });
  if (!atProvider) return { id: placed.id, sessionId: '' };
  const { sessionId } = await t.services.sandbox!.createCheckout({ orderId: placed.id, totalCents: placed.totalCents, description: 'Ticket', buyerEmail: email, successUrl: '', cancelUrl: '', expiresAt: placed.expiresAt, transferGroup: `order_${placed.id}` });
  await t.db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, placed.id));
  return { id: placed.id, sessionId };
}

describe('deleting a gig with open checkouts (issue 33, finding 12)', () => {
  it('closes them at the provider, releases their seats and deletes the gig with its unpaid orders', async () => {
    const gigId = await ticketedGig();
    const open = await openCheckout(gigId, 'closed@delete.test');
    await deleteGig(t.services, venueUser(), gigId);
    expect(await t.db.select().from(gigs).where(eq(gigs.id, gigId))).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.gigId, gigId))).toEqual([]);
    const [checkout] = await t.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, open.sessionId));
    expect(checkout!.expiresAt.getTime()).toBe(checkout!.createdAt.getTime());
    expect(await t.services.payments.expireCheckout(open.sessionId)).toBe('expired');
  });

  it("a checkout the provider reports already paid keeps the gig and its order (the payment event makes it a sale)", async () => {
    const gigId = await ticketedGig();
    await openCheckout(gigId, 'paid-first@delete.test');
    const asked: string[] = [];
    const payments: PaymentProvider = { ...t.services.payments, expireCheckout: async (sessionId) => (asked.push(sessionId), 'complete') };
    await expect(deleteGig({ ...t.services, payments }, venueUser(), gigId)).rejects.toMatchObject({ code: 'CONFLICT', message: GIG_HAS_SALES_MESSAGE });
    expect(asked).toHaveLength(1);
    expect(await t.db.select().from(gigs).where(eq(gigs.id, gigId))).toHaveLength(1);
    expect(await t.db.select().from(orders).where(and(eq(orders.gigId, gigId), eq(orders.status, 'pending')))).toHaveLength(1);
  });

  it('a gig with sales is refused before any open checkout is closed: nobody paying loses their checkout for nothing', async () => {
    const gigId = await ticketedGig();
    const sold = await placeTicketOrder(t.db, { gigId, buyerEmail: 'sold@delete.test', provider: 'sandbox', quantity: 1 });
    await t.db.update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, sold.id));
    await openCheckout(gigId, 'still-paying@delete.test');
    const asked: string[] = [];
    const payments: PaymentProvider = { ...t.services.payments, expireCheckout: async (sessionId) => (asked.push(sessionId), 'expired') };
    await expect(deleteGig({ ...t.services, payments }, venueUser(), gigId)).rejects.toMatchObject({ code: 'CONFLICT', message: GIG_HAS_SALES_MESSAGE });
    expect(asked).toEqual([]);
  });

  it('a sandbox checkout paid before the delete is complete: the gig stays', async () => {
    const gigId = await ticketedGig();
    const open = await openCheckout(gigId, 'paid-sandbox@delete.test');
    await t.db.update(sandboxCheckouts).set({ status: 'paid', paymentId: 'sbx_pay_test' }).where(eq(sandboxCheckouts.id, open.sessionId));
    await expect(deleteGig(t.services, venueUser(), gigId)).rejects.toMatchObject({ code: 'CONFLICT', message: GIG_HAS_SALES_MESSAGE });
    expect(await t.db.select().from(gigs).where(eq(gigs.id, gigId))).toHaveLength(1);
  });

  it('an open checkout not yet at the provider (none closed by this delete) holds the delete off with the old message', async () => {
    const gigId = await ticketedGig();
    await openCheckout(gigId, 'closed-too@delete.test');
    await openCheckout(gigId, 'opening@delete.test', { atProvider: false });
    await expect(deleteGig(t.services, venueUser(), gigId)).rejects.toMatchObject({ code: 'CONFLICT', message: GIG_HAS_OPEN_CHECKOUTS_MESSAGE });
    expect(await t.db.select().from(gigs).where(eq(gigs.id, gigId))).toHaveLength(1);
  });
});
