import { Hono } from 'hono';
import { clientIp } from '../../http/client-ip.ts';
import { requireRole, requireSession } from '../../http/session.ts';
import { readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { listTicketHolders } from './list-ticket-holders.ts';
import { transferTicket } from './transfer-ticket.ts';

/** Passing tickets on, and who holds each ticket of a gig (issue 23, decision 48). */
export function ticketTransferRoutes(services: Services) {
  const app = new Hono();

  /** The ticket's own page passes it on: the signed link is the proof, never the bare id (issue 33). */
  app.post('/ticket-page/:token/transfer', async (c) =>
    c.json(await transferTicket(services, { kind: 'link', token: c.req.param('token') }, await readJsonBody(c), { ipAddress: clientIp(c) })),
  );

  /** The fan dashboard: a ticket the signed-in account's list shows. */
  app.post('/tickets/mine/transfer', async (c) => {
    const { user } = await requireSession(services, c);
    return c.json(await transferTicket(services, { kind: 'account', user }, await readJsonBody(c), { ipAddress: clientIp(c) }));
  });

  /** The gig's organiser sees who holds each ticket, never the codes. */
  app.get('/booking/gigs/:gigId/ticket-holders', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    return c.json(await listTicketHolders(services.db, user, c.req.param('gigId'), c.req.query()));
  });

  return app;
}
