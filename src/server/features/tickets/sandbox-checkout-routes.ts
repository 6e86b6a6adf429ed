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
import { receivePaymentEvent } from './receive-payment-event.ts';

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

  const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} | Marquee test payments</title>
    <style>
      body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f4f4f5; color: #18181b; }
      .banner { background: #fbbf24; color: #18181b; text-align: center; padding: 0.5rem; font-weight: 700; }
      main { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
      .card { background: #fff; border-radius: 1rem; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }
      h1 { font-size: 1.5rem; margin: 0 0 1rem; }
      dl { display: grid; grid-template-columns: 1fr auto; gap: 0.25rem 1rem; margin: 1rem 0; }
      dd { margin: 0; text-align: right; }
      .total { font-weight: 700; border-top: 1px solid #e4e4e7; padding-top: 0.5rem; }
      label { display: block; font-weight: 600; margin-top: 1rem; }
      input { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: 0.75rem; border: 1px solid #a1a1aa; border-radius: 0.5rem; }
      .row { display: flex; gap: 0.75rem; } .row > div { flex: 1; }
      button { font: inherit; font-weight: 700; padding: 0.85rem 1.25rem; border-radius: 0.6rem; border: 0; cursor: pointer; }
      .pay { background: #18181b; color: #fff; width: 100%; margin-top: 1.25rem; font-size: 1.1rem; }
      .cancel { background: transparent; color: #3f3f46; text-decoration: underline; width: 100%; margin-top: 0.5rem; }
      .error { background: #fee2e2; color: #7f1d1d; border-radius: 0.5rem; padding: 0.75rem; margin-top: 1rem; }
      .hint { color: #52525b; font-size: 0.9rem; }
    </style>
  </head>
  <body>
    <div class="banner" role="note">Test payments: no real money moves here</div>
    <main>${body}</main>
  </body>
</html>`;

  const deliver = (event: PaymentEvent) => {
    const { body, signature } = sandbox.signEvent(event);
    return receivePaymentEvent(services, sandbox.name, body, signature);
  };

  app.get('/sandbox/checkout/:sessionId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const checkout = await findCheckout(c.req.param('sessionId'));
    if (!checkout) return c.html(page('Checkout not found', html`<div class="card"><h1>Checkout not found</h1><p><a href="${env.PUBLIC_URL}/">Back to Marquee</a></p></div>`), 404);
    if (checkout.status !== 'pending') {
      return c.html(page('Checkout closed', html`<div class="card"><h1>This checkout is closed</h1><p><a href="${env.PUBLIC_URL}/">Back to Marquee</a></p></div>`), 410);
    }
    return c.html(page('Pay', checkoutForm(checkout, c.req.param('sessionId'), null)));
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
    if (card === digits(SANDBOX_CARD_DECLINED)) return c.html(page('Pay', checkoutForm(checkout, sessionId, 'Your card was declined. Please use another card.')), 402);
    if (card !== digits(SANDBOX_CARD_PAYS)) return c.html(page('Pay', checkoutForm(checkout, sessionId, `Please use a test card: ${SANDBOX_CARD_PAYS}.`)), 422);
    await deliver({ ...event, type: 'checkout.paid', paymentId: sandbox.newPaymentId() });
    return c.redirect(`${env.PUBLIC_URL}/success?session_id=${sessionId}`, 303);
  });

  return app;
}
