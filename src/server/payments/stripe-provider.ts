import Stripe from 'stripe';
import type { Logger } from '../logger.ts';
import { AppError } from '../http/app-error.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from './event-signature.ts';
import type { CheckoutRequest, PaymentEvent, PaymentProvider } from './payment-provider.ts';

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes or later than 24 hours ahead. */
const CHECKOUT_MIN_SECONDS = 30 * 60;
const CHECKOUT_MAX_SECONDS = 24 * 60 * 60;
/** Room for the request's own travel time, so "30 minutes from now" is still 30 minutes when Stripe reads it. */
const CHECKOUT_MARGIN_SECONDS = 60;
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Errors that say the request itself is wrong (a key, a setting, a parameter): retrying cannot help. */
const isRefusal = (error: unknown) =>
  error instanceof Stripe.errors.StripeCardError ||
  error instanceof Stripe.errors.StripeInvalidRequestError ||
  error instanceof Stripe.errors.StripeAuthenticationError ||
  error instanceof Stripe.errors.StripePermissionError;

const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));

/** STRIPE_API_BASE (a stand-in such as stripe-mock, or a test's local server) as the SDK's host, port and protocol. */
export function stripeOptionsFor(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * The real card provider (D13, decision 20): Stripe Checkout for tickets, Connect Express
 * accounts for payees, separate transfers tied to each charge. Every write carries Marquee's
 * idempotency key, so the jobs' retries ask Stripe for one thing once. Stripe's errors reach the
 * jobs as they are (they retry); only a checkout's, which a buyer is waiting for, is turned into
 * Marquee's error.
 */
export function createStripeProvider({
  secretKey,
  webhookSecret,
  stripeOptions = {},
  logger,
}: {
  secretKey: string;
  webhookSecret: string;
  stripeOptions?: Stripe.StripeConfig;
  logger?: Pick<Logger, 'error'>;
}): PaymentProvider {
  const stripe = new Stripe(secretKey, stripeOptions);

  /** The charge a transfer is paid from: Marquee keeps the PaymentIntent, Stripe wants its charge. */
  const chargeOf = async (paymentId: string) => {
    if (!paymentId.startsWith('pi_')) return paymentId;
    const intent = await stripe.paymentIntents.retrieve(paymentId);
    const charge = idOf(intent.latest_charge);
    if (!charge) throw new Error(`The payment ${paymentId} has no charge yet.`);
    return charge;
  };

  /**
   * Decision 46: the Stripe Customer of a signed-in account buying for its own address, found by
   * that address (Stripe's list is exact and immediate, unlike its search) and Marquee's user id,
   * else made with the account's name. Checkout then fills in the e-mail, and once the fan has
   * chosen to save a card there, the name and card too. If Stripe cannot say, the checkout goes
   * on as a guest's: a buyer is never held up for a convenience.
   */
  const customerFor = async (email: string, { userId, name }: NonNullable<CheckoutRequest['buyerAccount']>): Promise<string | null> => {
    try {
      const { data } = await stripe.customers.list({ email, limit: 10 });
      const known = data.find((customer) => customer.metadata?.['marqueeUserId'] === userId);
      if (known) {
        if (known.name !== name) await stripe.customers.update(known.id, { name });
        return known.id;
      }
      const created = await stripe.customers.create({ email, name, metadata: { marqueeUserId: userId } }, { idempotencyKey: `customer:${userId}:${email}` });
      return created.id;
    } catch (error) {
      logger?.error({ err: error, userId }, 'Stripe could not find or make the customer; checking out as a guest');
      return null;
    }
  };

  return {
    name: 'stripe',

    async createCheckout(request) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = Math.min(Math.max(Math.floor(request.expiresAt.getTime() / 1000), now + CHECKOUT_MIN_SECONDS + CHECKOUT_MARGIN_SECONDS), now + CHECKOUT_MAX_SECONDS);
      const customer = request.buyerAccount ? await customerFor(request.buyerEmail, request.buyerAccount) : null;
      try {
        // No payment_method_types: the account's dynamic payment methods apply (decision 46), so
        // Checkout offers Apple Pay and Google Pay where the buyer's device has them.
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: stripeLineItems(request),
            ...(customer ? { customer, saved_payment_method_options: { payment_method_save: 'enabled' as const } } : { customer_email: request.buyerEmail }),
            client_reference_id: request.orderId,
            metadata: { orderId: request.orderId },
            payment_intent_data: { transfer_group: request.transferGroup, metadata: { orderId: request.orderId } },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: expiresAt,
          },
          { idempotencyKey: `checkout:${request.orderId}` },
        );
        if (!session.url) throw new Error(`Checkout Session ${session.id} has no url.`);
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        if (!isRefusal(error)) throw error;
        logger?.error({ err: error, orderId: request.orderId }, 'Stripe refused the checkout');
        throw new AppError('INTERNAL', 'Checkout session failed');
      }
    },

    async retrieveCheckout(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.payment_status === 'paid' ? { isPaid: true, paymentId: idOf(session.payment_intent) } : { isPaid: false, paymentId: null };
    },
    async expireCheckout(sessionId) {
      try {
        const session = await stripe.checkout.sessions.expire(sessionId);
        return session.status === 'complete' ? 'complete' : 'expired';
      } catch (error) {
        // Stripe expires only an open session: one that is no longer open is read to see why.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'complete' || session.payment_status === 'paid') return 'complete';
        if (session.status === 'expired') return 'expired';
        throw error;
      }
    },

    readEvent(rawBody, signature, now) {
      if (!signature) throw new AppError('BAD_REQUEST', 'The payment event signature is not valid.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, now?.getTime());
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError('BAD_REQUEST', /tolerance/i.test(error.message) ? 'The payment event is too old.' : 'The payment event signature is not valid.');
        }
        throw new AppError('BAD_REQUEST', 'The payment event could not be read.');
      }
      return toPaymentEvent(event);
    },

    async createAccount({ userId, email, name, idempotencyKey }) {
      const account = await stripe.accounts.create(
        { type: 'express', email, business_profile: { name }, capabilities: { transfers: { requested: true } }, metadata: { userId } },
        { idempotencyKey },
      );
      return { accountId: account.id };
    },
    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({ account: accountId, return_url: returnUrl, refresh_url: refreshUrl, type: 'account_onboarding' });
      return { url: link.url };
    },
    async readAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      const requirementsDue = [...new Set([...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])])];
      // Marquee charges on its own account and transfers out, so payees need transfers and
      // payouts, not charges (a transfers-only account never has charges_enabled).
      const isComplete = account.payouts_enabled && account.capabilities?.transfers === 'active' && requirementsDue.length === 0;
      return { status: isComplete ? 'complete' : 'pending', requirementsDue };
    },

    async transfer({ amountCents, destinationAccountId, transferGroup, sourcePaymentId, description, idempotencyKey }) {
      const sourceTransaction = sourcePaymentId ? await chargeOf(sourcePaymentId) : undefined;
      const transfer = await stripe.transfers.create(
        { amount: amountCents, currency: 'usd', destination: destinationAccountId, transfer_group: transferGroup, description, ...(sourceTransaction ? { source_transaction: sourceTransaction } : {}) },
        { idempotencyKey },
      );
      return { transferId: transfer.id };
    },
    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      const reversal = await stripe.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey });
      return { reversalId: reversal.id };
    },
    async refund({ paymentId, amountCents, idempotencyKey }) {
      const target = paymentId.startsWith('pi_') ? { payment_intent: paymentId } : { charge: paymentId };
      const refund = await stripe.refunds.create({ ...target, amount: amountCents }, { idempotencyKey });
      return { refundId: refund.id };
    },
  };
}

/**
 * What Marquee acts on among Stripe's events. A completed session that is not paid yet (a bank
 * debit, say) is left for its async_payment_succeeded or _failed; sessions Marquee did not make
 * (no order id of its own) are ignored.
 */
function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return null;
      const orderId = orderIdOf(session);
      return orderId ? { id: event.id, type: 'checkout.paid', orderId, sessionId: session.id, paymentId: idOf(session.payment_intent) } : null;
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const orderId = orderIdOf(session);
      return orderId ? { id: event.id, type: 'checkout.expired', orderId, sessionId: session.id, paymentId: null } : null;
    }
    case 'account.updated':
      return { id: event.id, type: 'account.updated', accountId: event.data.object.id };
    default:
      return null;
  }
}

function orderIdOf(session: Stripe.Checkout.Session): string | null {
  const orderId = session.client_reference_id ?? session.metadata?.orderId ?? null;
  return orderId && ORDER_ID.test(orderId) ? orderId : null;
}

/**
 * Issue 34: Checkout shows the order's lines (each type's tickets, quantity × price, and the one
 * service fee) when they are given and sum to the total; otherwise one line for the whole order.
 */
export function stripeLineItems(request: CheckoutRequest) {
  const items = request.lineItems ?? [];
  const itemised = items.length > 0 && items.every((i) => i.quantity && i.unitCents !== undefined && i.quantity * i.unitCents === i.amountCents && i.amountCents > 0);
  if (itemised && items.reduce((sum, i) => sum + i.amountCents, 0) === request.totalCents) {
    return items.map((i) => ({ quantity: i.quantity!, price_data: { currency: 'usd', unit_amount: i.unitCents!, product_data: { name: i.product ?? i.label } } }));
  }
  return [{ quantity: 1, price_data: { currency: 'usd', unit_amount: request.totalCents, product_data: { name: request.description } } }];
}
