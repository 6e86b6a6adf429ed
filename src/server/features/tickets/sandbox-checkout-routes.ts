import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { and, eq, gt, sql } from 'drizzle-orm';
import { formatCents } from '../../../core/money.ts';
import { formatClock } from '../../../core/time.ts';
import { sandboxCheckouts } from '../../db/schema.ts';
import { readFormBody } from '../../http/validate.ts';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_PAYS, type SandboxProvider } from '../../payments/sandbox-provider.ts';
import type { Services } from '../../services.ts';
import { deliverSandboxEvents } from './deliver-sandbox-events.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { sandboxPage } from '../../payments/sandbox-page.ts';
import { securityHeaders } from '../../http/security-headers.ts';

/** A checkout Marquee closed early because its gig was deleted or cancelled (issue 33, finding 12). */
export const CHECKOUT_CLOSED_OFF_SALE_MESSAGE = 'This checkout was closed because the show is no longer on sale. Nothing was charged.';

const digits = (card: string) => card.replace(/\D/g, '');
type Checkout = typeof sandboxCheckouts.$inferSelect;

/**
 * The sandbox provider's hosted checkout (D13): what is bought and its price, and a card form that
 * takes the test card and declines the declined one. Paying or cancelling raises the signed event
 * that a real provider would send, through the same path (receivePaymentEvent), then sends the
 * buyer to the address the checkout was opened with, as a real provider does.
 */
export function sandboxCheckoutRoutes(services: Services, sandbox: SandboxProvider) {
  const app = new Hono();
  const { db, env } = services;

  const findCheckout = async (sessionId: string) => (await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId)))[0] ?? null;
  const returnTo = (url: string, sessionId: string) => url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));

  // The event is on the checkout row already (recorded when it closed): it is delivered now, and
  // if that fails (or the process dies first), by the job queue and the sweep every minute, as a
  // provider retries a webhook (decision 35). The buyer is sent on all the same, and the page
  // there says the result is on its way.
  const deliver = async (sessionId: string) => {
    try {
      await deliverSandboxEvents(services, sandbox, { sessionId });
    } catch (error) {
      if (!services.jobs) throw error;
      services.logger.warn({ err: error, sessionId }, 'sandbox event not applied; retrying from the job queue');
      await services.jobs.send(QUEUES.deliverSandboxEvents, { sessionId });
    }
  };

  const closed = (title: string, text: string) => sandboxPage(title, html`<div class="card"><h1>${text}</h1><p><a href="${env.PUBLIC_URL}/">Back to Marquee</a></p></div>`);
  const isOpen = (checkout: Checkout) => checkout.status === 'open' && checkout.expiresAt > new Date();
  /** A checkout that can still be closed now: open, and its time not up (the database's clock decides, as at payment). */
  const whileOpen = (sessionId: string) => and(eq(sandboxCheckouts.id, sessionId), eq(sandboxCheckouts.status, 'open'), gt(sandboxCheckouts.expiresAt, sql`now()`));

  app.get('/sandbox/checkout/:sessionId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const checkout = await findCheckout(c.req.param('sessionId'));
    if (!checkout) return c.html(closed('Checkout not found', 'Checkout not found'), 404);
    // Closed by Marquee (the sandbox provider's expireCheckout sets its time to its opening; a checkout that ran out never has that time).
    if (checkout.status === 'open' && checkout.expiresAt.getTime() === checkout.createdAt.getTime()) return c.html(closed('Checkout closed', CHECKOUT_CLOSED_OFF_SALE_MESSAGE), 410);
    // Like Stripe's: a checkout past its time cannot be paid, and says so.
    if (checkout.status === 'open' && !isOpen(checkout)) return c.html(closed('Checkout expired', 'This checkout has expired. Nothing was charged.'), 410);
    if (!isOpen(checkout)) return c.html(closed('Checkout closed', 'This checkout is closed'), 410);
    return payPage(c, checkout, null, 200);
  });

  /**
   * Issue 34, item 5: how long the seats are held, in the gig's region's zone ('8:42 PM'), read
   * from the order the checkout is for; null for a checkout of anything else.
   */
  const holdClock = async (checkout: Checkout) => {
    const { rows } = await db.execute<{ clock: string }>(sql`select to_char(${checkout.expiresAt.toISOString()}::timestamptz at time zone r.time_zone, 'HH24:MI') as clock
      from orders o join gigs g on g.id = o.gig_id join regions r on r.slug = g.region_slug where o.id = ${checkout.referenceId}`);
    return rows[0] ? formatClock(rows[0].clock) : null;
  };

  /**
   * The card form with the hold's clock: the end time written out for everyone (and screen
   * readers), and a countdown kept by a tiny script allowed by its nonce, which reloads the page
   * when time is up (it then says the checkout expired).
   */
  const payPage = async (c: Context, checkout: Checkout, error: string | null, status: 200 | 402 | 422) => {
    const nonce = randomBytes(16).toString('base64');
    const clock = await holdClock(checkout);
    const response = await c.html(sandboxPage('Pay', checkoutForm(checkout, error, clock, nonce)), status);
    // Every page's policy, and this one script.
    response.headers.set('Content-Security-Policy', `${securityHeaders(env.PUBLIC_URL)['content-security-policy']}; script-src 'self' 'nonce-${nonce}'`);
    return response;
  };

  const holdNotice = (checkout: Checkout, clock: string | null, nonce: string) => {
    const minutes = Math.max(1, Math.ceil((checkout.expiresAt.getTime() - Date.now()) / 60_000));
    const seconds = Math.max(0, Math.floor((checkout.expiresAt.getTime() - Date.now()) / 1000));
    const left = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    return html`<div class="hold" style="background:#fef3c7;border-radius:0.5rem;padding:0.5rem 0.75rem;margin-bottom:1rem">
      <p class="countdown" aria-hidden="true" style="margin:0;font-size:1.1rem">Time left: <strong id="hold-countdown" data-ends="${checkout.expiresAt.getTime()}">${left}</strong></p>
      <p id="hold-text" style="margin:0.25rem 0 0">Your seats are held${clock ? html` until ${clock}` : ''} (${minutes} ${minutes === 1 ? 'minute' : 'minutes'}). After that they go back on sale and this checkout closes.</p>
    </div>
    <script nonce="${nonce}">
      (() => {
        const el = document.getElementById('hold-countdown');
        const ends = Number(el.dataset.ends);
        const tick = () => {
          const s = Math.max(0, Math.floor((ends - Date.now()) / 1000));
          el.textContent = Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
          if (s === 0) { clearInterval(timer); setTimeout(() => location.reload(), 1500); }
        };
        const timer = setInterval(tick, 1000);
        tick();
      })();
    </script>`;
  };

  const checkoutForm = (checkout: Checkout, error: string | null, clock: string | null, nonce: string) => html`<div class="card">
    <h1>${checkout.title}</h1>
    ${holdNotice(checkout, clock, nonce)}
    ${checkout.summary.length ? html`<p>${checkout.summary.map((line, i) => html`${i ? html`<br />` : ''}${i === 0 ? html`<strong>${line}</strong>` : line}`)}</p>` : ''}
    <dl>
      ${checkout.lineItems.map((item) => html`<dt>${item.label}</dt><dd>${formatCents(item.amountCents)}</dd>`)}
      <dt class="total">Total</dt><dd class="total">${formatCents(checkout.totalCents)}</dd>
    </dl>
    <p class="hint">Receipt goes to ${checkout.buyerEmail}.</p>
    <form method="post" action="/sandbox/checkout/${checkout.id}">
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
    if (!checkout || !isOpen(checkout)) return c.redirect(`/sandbox/checkout/${sessionId}`, 303);
    const form = await readFormBody(c);
    if (form.action === 'cancel') {
      // One answer per checkout: a second tab's Cancel or Pay finds it closed.
      const [cancelled] = await db.update(sandboxCheckouts).set({ status: 'cancelled', eventId: sandbox.newEventId() }).where(whileOpen(sessionId)).returning({ id: sandboxCheckouts.id });
      if (cancelled) await deliver(sessionId);
      return c.redirect(returnTo(checkout.cancelUrl, sessionId), 303);
    }
    const card = typeof form.card === 'string' ? digits(form.card) : '';
    if (card === digits(SANDBOX_CARD_DECLINED)) return payPage(c, checkout, 'Your card was declined. Please use another card.', 402);
    if (card !== digits(SANDBOX_CARD_PAYS)) return payPage(c, checkout, `Please use a test card: ${SANDBOX_CARD_PAYS}.`, 422);
    // The charge and its event in one statement: once the buyer is charged, the event exists.
    const [paid] = await db
      .update(sandboxCheckouts)
      .set({ status: 'paid', paymentId: sandbox.newPaymentId(), eventId: sandbox.newEventId() })
      .where(whileOpen(sessionId))
      .returning({ id: sandboxCheckouts.id });
    if (!paid) return c.redirect(`/sandbox/checkout/${sessionId}`, 303);
    await deliver(sessionId);
    return c.redirect(returnTo(checkout.successUrl, sessionId), 303);
  });

  return app;
}
