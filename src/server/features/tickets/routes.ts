import { Hono } from 'hono';
import { z } from 'zod';
import { getCurrentSession, noAccess, notSignedIn, requireRole, requireSession } from '../../http/session.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import { clientIp } from '../../http/client-ip.ts';
import { admitTicket, admitTicketAs } from './admit-ticket.ts';
import { listMyTickets } from './list-my-tickets.ts';

const admitSchema = z.object({ code: z.string().trim().min(1, { error: 'Please enter a ticket ID.' }).max(500) });
import type { Services } from '../../services.ts';
import { receivePaymentEvent } from './receive-payment-event.ts';
import { startCheckout } from './start-checkout.ts';
import { getCheckoutResult } from './get-checkout-result.ts';
import { checkPresaleCode } from './check-presale-code.ts';
import { createProofChallenge } from './proof-of-work.ts';
import { listTicketTypes, saveTicketTypes } from './ticket-types.ts';
import { limitHits } from '../../http/rate-limit.ts';

/** Ticket checkout and the payment provider's events (D9-D14). */
export function ticketRoutes(services: Services) {
  const app = new Hono();

  app.post('/tickets/checkout', async (c) => {
    const session = await getCurrentSession(services, c);
    return c.json(await startCheckout(services, session?.user ?? null, await readJsonBody(c), { ipAddress: clientIp(c) }), 201);
  });

  /** Issue 23 (on-sale day): a proof-of-work challenge for a checkout while demand is high. */
  app.get('/tickets/challenge', async (c) => c.json(await createProofChallenge(services)));

  /** Issue 23: what a presale code unlocks (nothing is held until checkout). */
  app.post('/tickets/presale-code', async (c) => c.json(await checkPresaleCode(services, await readJsonBody(c), clientIp(c))));

  /** Issue 23: a ticketed gig's ticket types and presale codes, for its organiser. */
  app.get('/booking/gigs/:gigId/ticket-types', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    return c.json(await listTicketTypes(services.db, user, c.req.param('gigId')));
  });

  app.put('/booking/gigs/:gigId/ticket-types', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    await limitHits(services, `ticket-types:${user.id}`, { windowMs: 10 * 60_000, max: 60, message: 'Too many changes to ticket types. Please try again in a few minutes.' });
    return c.json(await saveTicketTypes(services.db, user, c.req.param('gigId'), await readJsonBody(c)));
  });

  app.get('/tickets/checkout/:sessionId', async (c) => c.json(await getCheckoutResult(services, c.req.param('sessionId'))));

  app.get('/tickets/mine', async (c) => {
    const { user } = await requireSession(services, c);
    return c.json(await listMyTickets(services, user));
  });

  /**
   * The door (D15): venue, promoter, band and admin accounts scan tickets of their own gigs.
   * Issue 34, item 14: a scan from a signed-in device is one statement, the session read and the
   * admission together (admitTicketAs); the answers are those of requireRole and admitTicket.
   * Anything else (no signed cookie, a body that does not read) takes the usual way, in the usual
   * order: who asks (401, 403), then what they sent (400, 422).
   */
  app.post('/tickets/admit', async (c) => {
    const token = await services.readSession.readToken(c.req.raw.headers);
    const input = token === null ? null : admitSchema.safeParse(await readJsonBody(c).catch(() => undefined));
    if (token !== null && input?.success) {
      const { session, admission } = await admitTicketAs(services.db, token, input.data.code);
      if (!session) throw notSignedIn();
      if (!admission) throw noAccess();
      return c.json(admission);
    }
    const { user } = await requireRole(services, c, 'venue', 'promoter', 'band', 'admin');
    const { code } = parseInput(admitSchema, await readJsonBody(c));
    return c.json(await admitTicket(services.db, user, code));
  });

  /** Provider webhooks: verified on the raw body, so it is read as text, never re-serialised. */
  app.post('/payments/events/:provider', async (c) => {
    const signature = c.req.header('marquee-signature') ?? c.req.header('stripe-signature');
    const outcome = await receivePaymentEvent(services, c.req.param('provider'), await c.req.text(), signature);
    return c.json({ received: true, outcome });
  });

  return app;
}
