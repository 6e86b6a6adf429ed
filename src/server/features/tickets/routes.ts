import { Hono } from 'hono';
import { getCurrentSession } from '../../http/session.ts';
import { readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { receivePaymentEvent } from './receive-payment-event.ts';
import { startCheckout } from './start-checkout.ts';
import { getCheckoutResult } from './get-checkout-result.ts';

/** Ticket checkout and the payment provider's events (D9-D14). */
export function ticketRoutes(services: Services) {
  const app = new Hono();

  app.post('/tickets/checkout', async (c) => {
    const session = await getCurrentSession(services, c);
    return c.json(await startCheckout(services, session?.user ?? null, await readJsonBody(c)), 201);
  });

  app.get('/tickets/checkout/:sessionId', async (c) => c.json(await getCheckoutResult(services.db, c.req.param('sessionId'))));

  /** Provider webhooks: verified on the raw body, so it is read as text, never re-serialised. */
  app.post('/payments/events/:provider', async (c) => {
    const signature = c.req.header('marquee-signature') ?? c.req.header('stripe-signature');
    const outcome = await receivePaymentEvent(services, c.req.param('provider'), await c.req.text(), signature);
    return c.json({ received: true, outcome });
  });

  return app;
}
