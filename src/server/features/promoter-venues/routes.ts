import { Hono } from 'hono';
import { promoterDecisionSchema } from '../../../core/schemas/promoter-venues.ts';
import { requireRole } from '../../http/session.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { decidePromoterRequest, listPromoterRequests } from './decide-promoter-request.ts';

/** D34: a venue answers the promoters who ask to put on gigs there. */
export function promoterVenueRoutes(services: Services) {
  const app = new Hono();

  app.get('/venue/promoters', async (c) => {
    const { user } = await requireRole(services, c, 'venue');
    return c.json(await listPromoterRequests(services.db, user));
  });

  app.post('/venue/promoters/:promoterId', async (c) => {
    const { user } = await requireRole(services, c, 'venue');
    const { decision } = parseInput(promoterDecisionSchema, await readJsonBody(c));
    return c.json(await decidePromoterRequest(services, user, c.req.param('promoterId'), decision));
  });

  return app;
}
