// The Stripe adapter (D13, decision 20) against a local stand-in for Stripe's API: what Marquee asks
// Stripe for, with which idempotency keys, and how Stripe's signed events become Marquee's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { orders, paymentAccounts, tickets, transfers } from '../db/schema.ts';
import { readEnv } from '../env.ts';
import { AppError } from '../http/app-error.ts';
import { createStripeProvider, stripeOptionsFor } from './stripe-provider.ts';
import { settleExpiredOrders } from '../features/tickets/settle-expired-orders.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../tests/helpers/factories.ts';

const WEBHOOK_SECRET = 'whsec_test_marquee';
const ORDER_ID = '0b6e8f52-3c1d-4d8e-9a43-6f0c2b7d9e11';

/** Checkout Sessions the stand-in reports as paid when retrieved (a buyer paid; the event is lost or late). */
const paidSessions = new Map<string, string>();
let sessionsOpened = 0;

type Recorded = { method: string; path: string; query: Record<string, string>; form: Record<string, string>; idempotencyKey: string | undefined; stripeAccount: string | undefined };
type Reply = { status: number; body: unknown };

/** What the stand-in answers, in Stripe's shapes. An idempotency key it has seen gets the first answer again, as Stripe's does. */
function standInReply(request: Recorded, serial: number): Reply {
  const { method, path, form } = request;
  const error = (status: number, type: string, message: string, code?: string) => ({ status, body: { error: { type, message, code } } });
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    if (form['customer_email'] === 'refused@stripe.test') return error(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****');
    // Unique across tests (the request log, and so `serial`, starts again for each test).
    const id = `cs_test_${serial}_${(sessionsOpened += 1)}${'a'.repeat(20)}`;
    return { status: 200, body: { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, payment_status: 'unpaid' } };
  }
  const expiring = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
  if (method === 'POST' && expiring) {
    // As Stripe's: only an open session can be expired; a paid one is refused.
    if (paidSessions.has(expiring[1]!)) return error(400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.');
    return { status: 200, body: { id: expiring[1], object: 'checkout.session', status: 'expired', payment_status: 'unpaid', payment_intent: null } };
  }
  if (method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
    const id = path.split('/').pop()!;
    const intent = paidSessions.get(id);
    return { status: 200, body: { id, object: 'checkout.session', status: intent ? 'complete' : 'open', payment_status: intent ? 'paid' : 'unpaid', payment_intent: intent ?? null } };
  }
  if (method === 'GET' && path.startsWith('/v1/payment_intents/')) {
    const id = path.split('/').pop()!;
    return { status: 200, body: { id, object: 'payment_intent', status: 'succeeded', latest_charge: id.replace('pi_', 'ch_') } };
  }
  if (method === 'POST' && path === '/v1/transfers') {
    if (form['destination'] === 'acct_pending') return error(400, 'invalid_request_error', 'Your destination account needs to have the transfers capability enabled.', 'insufficient_capabilities_for_transfer');
    return { status: 200, body: { id: `tr_${serial}`, object: 'transfer', amount: Number(form['amount']) } };
  }
  const reversal = path.match(/^\/v1\/transfers\/([^/]+)\/reversals$/);
  if (method === 'POST' && reversal) return { status: 200, body: { id: `trr_${serial}`, object: 'transfer_reversal', transfer: reversal[1] } };
  if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: { id: `re_${serial}`, object: 'refund', amount: Number(form['amount']) } };
  if (method === 'GET' && path === '/v1/customers') {
    // A fan who bought before (signed in) has a Customer; another account's Customer with the same address is not theirs.
    const email = request.query['email'];
    const data = email === 'returning@stripe.test'
      ? [{ id: 'cus_other', object: 'customer', email, name: 'Someone Else', metadata: { marqueeUserId: 'user-other' } }, { id: 'cus_returning', object: 'customer', email, name: 'Robin Fan', metadata: { marqueeUserId: 'user-returning' } }]
      : email === 'unreachable@stripe.test' ? null : [];
    if (!data) return error(500, 'api_error', 'Something went wrong on Stripe\'s end.');
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/customers' } };
  }
  if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: `cus_${serial}`, object: 'customer', email: form['email'], name: form['name'] } };
  if (method === 'POST' && path.startsWith('/v1/customers/')) return { status: 200, body: { id: path.split('/').pop(), object: 'customer', name: form['name'] } };
  if (method === 'POST' && path === '/v1/accounts') return { status: 200, body: { id: `acct_${serial}`, object: 'account', type: 'express' } };
  if (method === 'POST' && path === '/v1/account_links') return { status: 200, body: { object: 'account_link', url: `https://connect.stripe.test/setup/e/${form['account']}` } };
  if (method === 'GET' && path === '/v1/accounts/acct_complete') {
    // A transfers-only payee: it can be paid and paid out, though it never takes charges itself.
    return { status: 200, body: { id: 'acct_complete', object: 'account', charges_enabled: false, payouts_enabled: true, capabilities: { transfers: 'active' }, requirements: { currently_due: [], past_due: [] } } };
  }
  if (method === 'GET' && path === '/v1/accounts/acct_pending') {
    return {
      status: 200,
      body: { id: 'acct_pending', object: 'account', charges_enabled: false, payouts_enabled: false, capabilities: { transfers: 'inactive' }, requirements: { currently_due: ['external_account', 'tos_acceptance.date'], past_due: ['external_account', 'individual.dob.day'] } },
    };
  }
  return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
}

/** A tiny node:http server on 127.0.0.1 that records every request and answers like Stripe. */
async function startStandIn() {
  const requests: Recorded[] = [];
  const seen = new Map<string, Reply>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : undefined);
      const recorded: Recorded = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(raw)),
        idempotencyKey: header('idempotency-key'),
        stripeAccount: header('stripe-account'),
      };
      requests.push(recorded);
      const key = recorded.idempotencyKey ? `${recorded.method} ${recorded.path} ${recorded.idempotencyKey}` : null;
      const reply = (key && seen.get(key)) || standInReply(recorded, requests.length);
      if (key && reply.status < 500) seen.set(key, reply);
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    /** The requests to one path, oldest first. */
    to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type StandIn = Awaited<ReturnType<typeof startStandIn>>;
let standIn: StandIn;
let stripe: PaymentProvider;

beforeAll(async () => {
  standIn = await startStandIn();
  stripe = createStripeProvider({ secretKey: 'sk_test_marquee', webhookSecret: WEBHOOK_SECRET, stripeOptions: { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 } });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

const checkoutRequest = (over: Partial<Parameters<PaymentProvider['createCheckout']>[0]> = {}) => ({
  orderId: ORDER_ID,
  totalCents: 2128,
  description: 'Marquee ticket',
  buyerEmail: 'fan@stripe.test',
  successUrl: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/cancel?session_id={CHECKOUT_SESSION_ID}',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  transferGroup: `order_${ORDER_ID}`,
  ...over,
});

/** A Checkout Session and an event around it, as Stripe sends them, and the signature Stripe would put on it. */
const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_paid',
  object: 'checkout.session',
  client_reference_id: ORDER_ID,
  metadata: { orderId: ORDER_ID },
  payment_intent: 'pi_paid123',
  payment_status: 'paid',
  status: 'complete',
  ...over,
});
const event = (type: string, object: Record<string, unknown>, id = 'evt_1') =>
  JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: 1_800_000_000, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } });
const sign = (payload: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

describe('checkout', () => {
  it('opens a Checkout Session for the order: its amount, its transfer group, its id, once per order', async () => {
    const session = await stripe.createCheckout(checkoutRequest());
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);

    const [sent] = standIn.to('POST', '/v1/checkout/sessions');
    expect(sent!.idempotencyKey).toBe(`checkout:${ORDER_ID}`);
    expect(sent!.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2128',
      'line_items[0][price_data][product_data][name]': 'Marquee ticket',
      customer_email: 'fan@stripe.test',
      client_reference_id: ORDER_ID,
      'metadata[orderId]': ORDER_ID,
      'payment_intent_data[transfer_group]': `order_${ORDER_ID}`,
      'payment_intent_data[metadata][orderId]': ORDER_ID,
      // Stripe fills in the session id; /success reads it from session_id.
      success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/cancel?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('lets the account\'s own payment methods apply (Apple Pay, Google Pay where the device has them): no list of types is sent', async () => {
    await stripe.createCheckout(checkoutRequest({ orderId: '4b6e8f52-3c1d-4d8e-9a43-6f0c2b7d9e11' }));
    const [sent] = standIn.to('POST', '/v1/checkout/sessions');
    expect(Object.keys(sent!.form).filter((key) => key.startsWith('payment_method_types') || key.startsWith('allowed_payment_method_types'))).toEqual([]);
    // A guest's checkout fills in the e-mail they gave and makes no Customer.
    expect(sent!.form['customer_email']).toBe('fan@stripe.test');
    expect(sent!.form).not.toHaveProperty('customer');
    expect(standIn.requests.filter((r) => r.path.startsWith('/v1/customers'))).toEqual([]);
  });

  it('a signed-in fan buying for their own address checks out as their Customer, with their name, and may save the card for next time', async () => {
    await stripe.createCheckout(checkoutRequest({ orderId: '5b6e8f52-3c1d-4d8e-9a43-6f0c2b7d9e11', buyerEmail: 'new@stripe.test', buyerAccount: { userId: 'user-new', name: 'Sam Fan' } }));
    expect(standIn.to('GET', '/v1/customers')[0]!.query).toMatchObject({ email: 'new@stripe.test' });
    const [created] = standIn.to('POST', '/v1/customers');
    expect(created!.form).toEqual({ email: 'new@stripe.test', name: 'Sam Fan', 'metadata[marqueeUserId]': 'user-new' });
    expect(created!.idempotencyKey).toBe('customer:user-new:new@stripe.test');
    const [sent] = standIn.to('POST', '/v1/checkout/sessions');
    expect(sent!.form).toMatchObject({ customer: 'cus_2', 'saved_payment_method_options[payment_method_save]': 'enabled' });
    // Stripe refuses customer_email beside customer: the Customer's address is the one filled in.
    expect(sent!.form).not.toHaveProperty('customer_email');
  });

  it('a returning fan\'s Customer is found again (not another account\'s with the same address) and renamed if the account was', async () => {
    await stripe.createCheckout(checkoutRequest({ orderId: '6b6e8f52-3c1d-4d8e-9a43-6f0c2b7d9e11', buyerEmail: 'returning@stripe.test', buyerAccount: { userId: 'user-returning', name: 'Robin Q. Fan' } }));
    expect(standIn.to('POST', '/v1/customers')).toEqual([]);
    expect(standIn.to('POST', '/v1/customers/cus_returning')[0]!.form).toEqual({ name: 'Robin Q. Fan' });
    expect(standIn.to('POST', '/v1/checkout/sessions')[0]!.form['customer']).toBe('cus_returning');
  });

  it('when Stripe cannot look the Customer up, the fan checks out as a guest rather than not at all', async () => {
    await stripe.createCheckout(checkoutRequest({ orderId: '7b6e8f52-3c1d-4d8e-9a43-6f0c2b7d9e11', buyerEmail: 'unreachable@stripe.test', buyerAccount: { userId: 'user-x', name: 'X' } }));
    const [sent] = standIn.to('POST', '/v1/checkout/sessions');
    expect(sent!.form['customer_email']).toBe('unreachable@stripe.test');
    expect(sent!.form).not.toHaveProperty('customer');
  });

  it('asks for an expiry Stripe accepts: at least 30 minutes ahead (plus the trip), at most 24 hours', async () => {
    const nowSeconds = Date.now() / 1000;
    await stripe.createCheckout(checkoutRequest({ expiresAt: new Date(Date.now() + 29 * 60_000) }));
    await stripe.createCheckout(checkoutRequest({ orderId: '1b6e8f52-3c1d-4d8e-9a43-6f0c2b7d9e11', expiresAt: new Date(Date.now() + 2 * 60 * 60_000) }));
    await stripe.createCheckout(checkoutRequest({ orderId: '2b6e8f52-3c1d-4d8e-9a43-6f0c2b7d9e11', expiresAt: new Date(Date.now() + 48 * 60 * 60_000) }));
    const [short, twoHours, twoDays] = standIn.to('POST', '/v1/checkout/sessions').map((r) => Number(r.form['expires_at']) - nowSeconds);
    expect(short).toBeGreaterThan(30 * 60 + 30);
    expect(short).toBeLessThan(32 * 60);
    expect(twoHours).toBeCloseTo(2 * 60 * 60, -1);
    expect(twoDays).toBeLessThanOrEqual(24 * 60 * 60 + 1);
  });

  it('a checkout Stripe refuses (a wrong key, a bad setting) fails as Marquee\'s error, the seat-releasing path start-checkout takes', async () => {
    const refused = stripe.createCheckout(checkoutRequest({ orderId: '3b6e8f52-3c1d-4d8e-9a43-6f0c2b7d9e11', buyerEmail: 'refused@stripe.test' }));
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'INTERNAL', message: 'Checkout session failed' });
  });
});

describe('reconciliation (decision 35)', () => {
  it('retrieves the Checkout Session: paid with its payment intent, or not paid', async () => {
    paidSessions.set('cs_test_reconcile_paid', 'pi_late1');
    expect(await stripe.retrieveCheckout('cs_test_reconcile_paid')).toEqual({ isPaid: true, paymentId: 'pi_late1' });
    expect(await stripe.retrieveCheckout('cs_test_reconcile_open')).toEqual({ isPaid: false, paymentId: null });
    expect(standIn.to('GET', '/v1/checkout/sessions/cs_test_reconcile_paid')).toHaveLength(1);
  });
});

describe('closing a checkout early (a gig deleted or cancelled)', () => {
  it("expires the open Checkout Session; one already paid is reported 'complete'", async () => {
    expect(await stripe.expireCheckout('cs_test_close_open')).toBe('expired');
    expect(standIn.to('POST', '/v1/checkout/sessions/cs_test_close_open/expire')).toHaveLength(1);
    paidSessions.set('cs_test_close_paid', 'pi_paid_before_close');
    expect(await stripe.expireCheckout('cs_test_close_paid')).toBe('complete');
    expect(standIn.to('GET', '/v1/checkout/sessions/cs_test_close_paid')).toHaveLength(1);
  });
});

describe('transfers, reversals and refunds', () => {
  const transferRequest = { amountCents: 1110, destinationAccountId: 'acct_band', transferGroup: `order_${ORDER_ID}`, sourcePaymentId: 'pi_paid123', description: 'Band share of a ticket', idempotencyKey: 'transfer:t1' };

  it('pays a share from the charge behind the stored payment intent, in the order\'s transfer group', async () => {
    const { transferId } = await stripe.transfer(transferRequest);
    expect(transferId).toMatch(/^tr_/);
    expect(standIn.to('GET', '/v1/payment_intents/pi_paid123')).toHaveLength(1);
    const [sent] = standIn.to('POST', '/v1/transfers');
    expect(sent!.idempotencyKey).toBe('transfer:t1');
    expect(sent!.stripeAccount).toBeUndefined(); // from the platform's own balance
    expect(sent!.form).toEqual({
      amount: '1110',
      currency: 'usd',
      destination: 'acct_band',
      transfer_group: `order_${ORDER_ID}`,
      source_transaction: 'ch_paid123',
      description: 'Band share of a ticket',
    });
  });

  it('a retried job asks with the same key and gets the same transfer back', async () => {
    const first = await stripe.transfer({ ...transferRequest, idempotencyKey: 'transfer:t2' });
    const retry = await stripe.transfer({ ...transferRequest, idempotencyKey: 'transfer:t2' });
    expect(retry.transferId).toBe(first.transferId);
    expect(standIn.to('POST', '/v1/transfers').map((r) => r.idempotencyKey)).toEqual(['transfer:t2', 'transfer:t2']);
  });

  it('a charge id is used as it is; a release (no charge) sends none', async () => {
    await stripe.transfer({ ...transferRequest, sourcePaymentId: 'ch_direct', idempotencyKey: 'transfer:t3' });
    await stripe.transfer({ ...transferRequest, sourcePaymentId: null, transferGroup: 'gig_g1', idempotencyKey: 'transfer:t4' });
    expect(standIn.requests.filter((r) => r.path.startsWith('/v1/payment_intents'))).toHaveLength(0);
    const [direct, release] = standIn.to('POST', '/v1/transfers');
    expect(direct!.form['source_transaction']).toBe('ch_direct');
    expect(release!.form).not.toHaveProperty('source_transaction');
    expect(release!.form['transfer_group']).toBe('gig_g1');
  });

  it('Stripe\'s refusals reach the transfer job as they are, for it to retry and record', async () => {
    const refused = stripe.transfer({ ...transferRequest, destinationAccountId: 'acct_pending', idempotencyKey: 'transfer:t5' });
    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(refused).rejects.not.toBeInstanceOf(AppError);
  });

  it('refunds the payment intent (or a charge) and reverses a transfer, each with the refund\'s key', async () => {
    expect((await stripe.refund({ paymentId: 'pi_paid123', amountCents: 2128, idempotencyKey: 'refund:r1' })).refundId).toMatch(/^re_/);
    await stripe.refund({ paymentId: 'ch_old', amountCents: 500, idempotencyKey: 'refund:r2' });
    expect((await stripe.reverseTransfer({ transferId: 'tr_9', amountCents: 1110, idempotencyKey: 'reversal:r1:band_share' })).reversalId).toMatch(/^trr_/);

    expect(standIn.to('POST', '/v1/refunds').map((r) => [r.form, r.idempotencyKey])).toEqual([
      [{ payment_intent: 'pi_paid123', amount: '2128' }, 'refund:r1'],
      [{ charge: 'ch_old', amount: '500' }, 'refund:r2'],
    ]);
    const [reversal] = standIn.to('POST', '/v1/transfers/tr_9/reversals');
    expect(reversal!.form).toEqual({ amount: '1110' });
    expect(reversal!.idempotencyKey).toBe('reversal:r1:band_share');
  });
});

describe('payout accounts', () => {
  it('opens an Express account that can receive transfers, once per user, and links to its onboarding', async () => {
    const { accountId } = await stripe.createAccount({ userId: 'user-1', email: 'band@stripe.test', name: 'The Band', idempotencyKey: 'account:user-1' });
    const [created] = standIn.to('POST', '/v1/accounts');
    expect(created!.idempotencyKey).toBe('account:user-1');
    expect(created!.form).toEqual({
      type: 'express',
      email: 'band@stripe.test',
      'business_profile[name]': 'The Band',
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': 'user-1',
    });

    const { url } = await stripe.createOnboardingLink({ accountId, returnUrl: 'http://localhost:3000/dashboard?connected=true', refreshUrl: 'http://localhost:3000/dashboard?refresh=true' });
    expect(url).toBe(`https://connect.stripe.test/setup/e/${accountId}`);
    expect(standIn.to('POST', '/v1/account_links')[0]!.form).toEqual({
      account: accountId,
      return_url: 'http://localhost:3000/dashboard?connected=true',
      refresh_url: 'http://localhost:3000/dashboard?refresh=true',
      type: 'account_onboarding',
    });
  });

  it('reads an account as complete once it can be paid, else pending with what is due (past due included, once)', async () => {
    expect(await stripe.readAccount('acct_complete')).toEqual({ status: 'complete', requirementsDue: [] });
    expect(await stripe.readAccount('acct_pending')).toEqual({ status: 'pending', requirementsDue: ['external_account', 'tos_acceptance.date', 'individual.dob.day'] });
  });
});

describe('signed events', () => {
  const read = (payload: string) => stripe.readEvent(payload, sign(payload));

  it('a paid checkout (at once, or later for a slow payment method) is checkout.paid with the payment intent', () => {
    expect(read(event('checkout.session.completed', session()))).toEqual({ id: 'evt_1', type: 'checkout.paid', orderId: ORDER_ID, sessionId: 'cs_test_paid', paymentId: 'pi_paid123' });
    expect(read(event('checkout.session.async_payment_succeeded', session(), 'evt_2'))).toMatchObject({ id: 'evt_2', type: 'checkout.paid', paymentId: 'pi_paid123' });
    // The order id also comes from the metadata when the reference is missing.
    expect(read(event('checkout.session.completed', session({ client_reference_id: null })))).toMatchObject({ orderId: ORDER_ID });
  });

  it('a completed checkout still waiting for its money changes nothing yet', () => {
    expect(read(event('checkout.session.completed', session({ payment_status: 'unpaid' })))).toBeNull();
  });

  it('an expired checkout, or a slow payment that failed, is checkout.expired', () => {
    expect(read(event('checkout.session.expired', session({ payment_status: 'unpaid', payment_intent: null, status: 'expired' })))).toEqual({
      id: 'evt_1',
      type: 'checkout.expired',
      orderId: ORDER_ID,
      sessionId: 'cs_test_paid',
      paymentId: null,
    });
    expect(read(event('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' }), 'evt_3'))).toMatchObject({ id: 'evt_3', type: 'checkout.expired', paymentId: null });
  });

  it('account.updated names the account; other events, and sessions Marquee did not open, are ignored', () => {
    expect(read(event('account.updated', { id: 'acct_complete', object: 'account' }))).toEqual({ id: 'evt_1', type: 'account.updated', accountId: 'acct_complete' });
    expect(read(event('payment_intent.succeeded', { id: 'pi_paid123', object: 'payment_intent' }))).toBeNull();
    expect(read(event('checkout.session.completed', session({ client_reference_id: 'outreach-42', metadata: {} })))).toBeNull();
  });

  it('refuses a missing or forged signature, a changed body and a stale timestamp, as the sandbox does', () => {
    const payload = event('checkout.session.completed', session());
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof AppError ? [error.code, error.message] : error;
      }
      return 'accepted';
    };
    const invalid = ['BAD_REQUEST', 'The payment event signature is not valid.'];
    expect(refusal(() => stripe.readEvent(payload, undefined))).toEqual(invalid);
    expect(refusal(() => stripe.readEvent(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })))).toEqual(invalid);
    expect(refusal(() => stripe.readEvent(payload.replace('pi_paid123', 'pi_paid999'), sign(payload)))).toEqual(invalid);
    expect(refusal(() => stripe.readEvent(payload.replace('"paid"', '"PAID"'), sign(payload)))).toEqual(invalid);
    expect(refusal(() => stripe.readEvent(payload, sign(payload, Math.floor(Date.now() / 1000) - 301)))).toEqual(['BAD_REQUEST', 'The payment event is too old.']);
    expect(refusal(() => stripe.readEvent(payload, 'not a signature'))).toEqual(invalid);
  });

  it('judges the age against the time it is given', () => {
    const payload = event('checkout.session.completed', session());
    const signedAt = Date.UTC(2026, 0, 1) / 1000;
    expect(stripe.readEvent(payload, sign(payload, signedAt), new Date((signedAt + 120) * 1000))).toMatchObject({ type: 'checkout.paid' });
    expect(() => stripe.readEvent(payload, sign(payload, signedAt), new Date((signedAt + 301) * 1000))).toThrow('The payment event is too old.');
  });
});

describe('STRIPE_API_BASE', () => {
  it('becomes the SDK\'s host, port and protocol', () => {
    expect(stripeOptionsFor('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    expect(stripeOptionsFor('https://stripe-mock.internal')).toEqual({ host: 'stripe-mock.internal', port: 443, protocol: 'https' });
    expect(stripeOptionsFor(undefined)).toEqual({});
  });

  it('is checked at start: an address, http or https', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(readEnv({ ...keys, STRIPE_API_BASE: 'http://localhost:12111' }).STRIPE_API_BASE).toBe('http://localhost:12111');
    expect(readEnv({ ...keys, STRIPE_API_BASE: '' }).STRIPE_API_BASE).toBeUndefined();
    expect(() => readEnv({ ...keys, STRIPE_API_BASE: 'localhost:12111' })).toThrow(/STRIPE_API_BASE/);
    expect(() => readEnv({ ...keys, STRIPE_API_BASE: 'ftp://localhost' })).toThrow(/STRIPE_API_BASE/);
  });
});

describe('the app with Stripe keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_marquee', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: `http://127.0.0.1:${standIn.port}` } });
  });
  afterAll(() => t.close());

  it('a paid checkout.session.completed for a real order issues one ticket, however often Stripe sends it', async () => {
    const venue = await createVenue(t.db);
    const band = await createBand(t.db);
    await t.db.insert(paymentAccounts).values({ userId: band.id, provider: 'stripe', providerAccountId: 'acct_complete', status: 'complete' });
    const gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 10), isTicketed: true, ticketPriceCents: 1850, ticketQuantity: 5 });

    const checkout = await t.client().post('/api/tickets/checkout', { gigId, email: 'fan@stripe.test' });
    expect(checkout.status, checkout.text).toBe(201);
    const orderId = checkout.json.orderId as string;
    const [sessionRequest] = standIn.to('POST', '/v1/checkout/sessions');
    expect(sessionRequest!.idempotencyKey).toBe(`checkout:${orderId}`);
    expect(sessionRequest!.form['success_url']).toBe('http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}');
    const sessionId = new URL(checkout.json.url as string).pathname.split('/').pop()!;
    expect(checkout.json.url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

    const payload = event('checkout.session.completed', session({ id: sessionId, client_reference_id: orderId, metadata: { orderId }, payment_intent: 'pi_fan1' }), 'evt_app_1');
    // Stripe's own bytes, as signed (Stripe sends no Origin header).
    const deliver = async () => {
      const response = await t.app.request('/api/payments/events/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) }, body: payload });
      return { status: response.status, json: (await response.json()) as unknown };
    };
    expect(await deliver()).toEqual({ status: 200, json: { received: true, outcome: 'issued' } });
    expect(await deliver()).toEqual({ status: 200, json: { received: true, outcome: 'duplicate' } });

    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, orderId))).toHaveLength(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', provider: 'stripe', providerSessionId: sessionId, providerPaymentId: 'pi_fan1' });
    // The band's share waits for the transfer job, which resolves pi_fan1 to its charge.
    const shares = await t.db.select({ kind: transfers.kind, status: transfers.status, destination: transfers.destinationAccountId }).from(transfers).where(eq(transfers.orderId, orderId));
    expect(shares.find((share) => share.kind === 'band_share')).toEqual({ kind: 'band_share', status: 'pending', destination: 'acct_complete' });
    const result = await t.client().get(`/api/tickets/checkout/${sessionId}`);
    expect(result.json.order.status).toBe('paid');
    expect(result.json.ticket.id).toBeTruthy();
  });

  it('an order still pending after its time whose session Stripe says is paid gets its ticket once; the late event then changes nothing', async () => {
    const venue = await createVenue(t.db);
    const band = await createBand(t.db);
    const gigId = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 10), isTicketed: true, ticketPriceCents: 1850, ticketQuantity: 5 });
    const paid = await t.client().post('/api/tickets/checkout', { gigId, email: 'late@stripe.test' });
    const unpaid = await t.client().post('/api/tickets/checkout', { gigId, email: 'gone@stripe.test' });
    expect([paid.status, unpaid.status], paid.text + unpaid.text).toEqual([201, 201]);
    const orderId = paid.json.orderId as string;
    const sessionId = new URL(paid.json.url as string).pathname.split('/').pop()!;
    paidSessions.set(sessionId, 'pi_late2');
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.gigId, gigId));

    expect(await settleExpiredOrders(t.services)).toEqual({ reconciled: 1, released: 1 });
    expect(await settleExpiredOrders(t.services)).toEqual({ reconciled: 0, released: 0 });
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, orderId))).toHaveLength(1);
    expect((await t.db.select({ status: orders.status, paymentId: orders.providerPaymentId }).from(orders).where(eq(orders.id, orderId)))[0]).toEqual({ status: 'paid', paymentId: 'pi_late2' });
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, unpaid.json.orderId as string)))[0]!.status).toBe('expired');

    const payload = event('checkout.session.completed', session({ id: sessionId, client_reference_id: orderId, metadata: { orderId }, payment_intent: 'pi_late2' }), 'evt_app_late');
    const late = await t.app.request('/api/payments/events/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) }, body: payload });
    expect(await late.json()).toEqual({ received: true, outcome: 'already_issued' });
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, orderId))).toHaveLength(1);
  });

  it('refuses an event the sandbox signed, and has no sandbox pages', async () => {
    const payload = event('checkout.session.completed', session());
    const sandboxSigned = await t.app.request('/api/payments/events/sandbox', { method: 'POST', headers: { 'marquee-signature': sign(payload) }, body: payload });
    expect(sandboxSigned.status).toBe(404);
    const forged = await t.app.request('/api/payments/events/stripe', { method: 'POST', headers: { 'stripe-signature': 't=1,v1=00' }, body: payload });
    expect(forged.status).toBe(400);
    // Nothing answers there but the client's own pages (whose router has no such page).
    for (const path of ['/sandbox/checkout/x', '/sandbox/onboarding/acct_x']) {
      expect((await t.app.request(path, { method: 'POST', body: new URLSearchParams({ action: 'pay' }) })).status).toBe(404);
      expect(await (await t.app.request(path)).text()).not.toMatch(/Checkout not found|setup link is not valid/);
    }
  });
});
