import { Hono } from 'hono';
import { html } from 'hono/html';
import { eq } from 'drizzle-orm';
import { formatCents } from '../../../core/money.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { orders } from '../../db/schema.ts';
import { findOrderShow } from './find-order-show.ts';
import { readFormBody } from '../../http/validate.ts';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_PAYS, type SandboxProvider } from '../../payments/sandbox-provider.ts';
import type { PaymentEvent } from '../../payments/payment-provider.ts';
import type { Services } from '../../services.ts';
import { deliverSandboxEvent } from './receive-payment-event.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { sandboxPage } from '../../payments/sandbox-page.ts';

const digits = (card: string) => card.replace(/\D/g, '');

/**
 * The sandbox provider's hosted checkout (D13): an order summary and a card form that takes the
 * test card and declines the declined one. Paying or cancelling raises the signed event that a
 * real provider would send, through the same path (receivePaymentEvent).
 */
export function sandboxCheckoutRoutes(services: Services, sandbox: SandboxProvider) {
  const app = new Hono();
  const { db, env } = services;

  const findCheckout = (sessionId: string) => findOrderShow(db, eq(orders.providerSessionId, sessionId));


  // A provider retries a webhook that failed; so does the sandbox, through the job queue (the
  // buyer is sent on to /success, which says the ticket is on its way until the event lands).
  const deliver = async (event: PaymentEvent) => {
    try {
      await deliverSandboxEvent(services, sandbox, event);
    } catch (error) {
      if (!services.jobs) throw error;
      services.logger.warn({ err: error, eventId: event.id }, 'sandbox event not applied; retrying from the job queue');
      await services.jobs.send(QUEUES.deliverSandboxEvents, { event });
    }
  };

  app.get('/sandbox/checkout/:sessionId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const checkout = await findCheckout(c.req.param('sessionId'));
    if (!checkout) return c.html(sandboxPage('Checkout not found', html`<div class="card"><h1>Checkout not found</h1><p><a href="${env.PUBLIC_URL}/">Back to Marquee</a></p></div>`), 404);
    if (checkout.status !== 'pending') {
      return c.html(sandboxPage('Checkout closed', html`<div class="card"><h1>This checkout is closed</h1><p><a href="${env.PUBLIC_URL}/">Back to Marquee</a></p></div>`), 410);
    }
    return c.html(sandboxPage('Pay', checkoutForm(checkout, c.req.param('sessionId'), null)));
  });

  const checkoutForm = (checkout: NonNullable<Awaited<ReturnType<typeof findCheckout>>>, sessionId: string, error: string | null) => html`<div class="card">
    <h1>Pay for your ticket</h1>
    <p><strong>${checkout.showName}</strong> at ${checkout.venueName}<br />
      ${formatLocalDate(checkout.localDate)}, ${formatTimeRange(checkout.localDate, checkout.startTime, checkout.endTime, checkout.timeZone)}</p>
    <dl>
      <dt>Ticket</dt><dd>${formatCents(checkout.faceCents)}</dd>
      <dt>Service fee</dt><dd>${formatCents(checkout.feeCents)}</dd>
      <dt class="total">Total</dt><dd class="total">${formatCents(checkout.totalCents)}</dd>
    </dl>
    <p class="hint">Receipt and ticket go to ${checkout.email}.</p>
    <form method="post" action="/sandbox/checkout/${sessionId}">
      <label for="card">Card number</label>
      <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required />
      <div class="row">
        <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required /></div>
        <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required /></div>
      </div>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <button class="pay" type="submit" name="action" value="pay">Pay ${formatCents(checkout.totalCents)}</button>
      <button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
    </form>
    <p class="hint">Test cards: ${SANDBOX_CARD_PAYS} pays; ${SANDBOX_CARD_DECLINED} is declined. Any future expiry and any CVC.</p>
  </div>`;

  app.post('/sandbox/checkout/:sessionId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const sessionId = c.req.param('sessionId');
    const checkout = await findCheckout(sessionId);
    if (!checkout || checkout.status !== 'pending') return c.redirect(`/sandbox/checkout/${sessionId}`, 303);
    const form = await readFormBody(c);
    const event = { id: sandbox.newEventId(), orderId: checkout.orderId, sessionId };
    if (form.action === 'cancel') {
      await deliver({ ...event, type: 'checkout.expired', paymentId: null });
      return c.redirect(`${env.PUBLIC_URL}/cancel?session_id=${sessionId}`, 303);
    }
    const card = typeof form.card === 'string' ? digits(form.card) : '';
    if (card === digits(SANDBOX_CARD_DECLINED)) return c.html(sandboxPage('Pay', checkoutForm(checkout, sessionId, 'Your card was declined. Please use another card.')), 402);
    if (card !== digits(SANDBOX_CARD_PAYS)) return c.html(sandboxPage('Pay', checkoutForm(checkout, sessionId, `Please use a test card: ${SANDBOX_CARD_PAYS}.`)), 422);
    await deliver({ ...event, type: 'checkout.paid', paymentId: sandbox.newPaymentId() });
    return c.redirect(`${env.PUBLIC_URL}/success?session_id=${sessionId}`, 303);
  });

  return app;
}
