import { Hono } from 'hono';
import { requireRole } from '../../http/session.ts';
import { readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { cancelGig } from './cancel-gig.ts';
import { getHolderOverview } from './get-holder-overview.ts';
import { messageTicketHolders } from './message-ticket-holders.ts';

/**
 * Decision 49: a gig's ticket holders, for its organiser (under /booking, as the dashboard's other
 * gig actions) and for admins (under /admin): what they hold and were sent, a message to all of
 * them, and cancelling the gig. The domain functions check again who may act on which gig.
 */
export function holderRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  for (const [prefix, roles] of [
    ['/booking', ['venue', 'promoter']],
    ['/admin', ['admin']],
  ] as const) {
    app.get(`${prefix}/gigs/:gigId/holders`, async (c) => {
      const { user } = await requireRole(services, c, ...roles);
      return c.json(await getHolderOverview(db, user, c.req.param('gigId')));
    });
    app.post(`${prefix}/gigs/:gigId/holder-messages`, async (c) => {
      const { user } = await requireRole(services, c, ...roles);
      return c.json(await messageTicketHolders(services, user, c.req.param('gigId'), await readJsonBody(c)), 202);
    });
    app.post(`${prefix}/gigs/:gigId/cancel`, async (c) => {
      const { user } = await requireRole(services, c, ...roles);
      return c.json(await cancelGig(services, user, c.req.param('gigId'), await readJsonBody(c)));
    });
  }
  return app;
}
