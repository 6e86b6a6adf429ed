import { Hono, type MiddlewareHandler } from 'hono';
import { AppError } from '../../http/app-error.ts';
import { clientIp } from '../../http/client-ip.ts';
import { requireRole } from '../../http/session.ts';
import { readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { applePassOf, googleSaveUrlOf } from './wallet-pass-updates.ts';
import { decideRefundRequest } from './decide-refund-request.ts';
import { getTicketPage, ticketFromToken } from './get-ticket-page.ts';
import { listRefundRequests } from './list-refund-requests.ts';
import { requestRefund } from './request-refund.ts';
import { resendTicketEmail } from './resend-ticket-email.ts';
import { showInvite } from './show-invite.ts';
import { ticketPageUrl } from './ticket-links.ts';

/** A ticket's page and everything on it is the holder's alone: never stored by a cache, never indexed. */
const PRIVATE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;

/** For the /ticket/{token} page itself (the single-page app's HTML) and every answer about it. */
export function privateTicketHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(PRIVATE_HEADERS)) c.res.headers.set(name, value);
  };
}

/**
 * The ticket page's answers (issue 23, decision 46), keyed by the signed token in its link (no
 * account), and the organisers' refund requests. Writes go through the shared origin and
 * content-type guard like every API write, and are rate-limited in their domain functions.
 */
export function ticketPageRoutes(services: Services) {
  const app = new Hono();
  app.use('/ticket-page/*', privateTicketHeaders());

  app.get('/ticket-page/:token', async (c) => c.json(await getTicketPage(services, c.req.param('token'))));

  /** 'Add to calendar': the show as one .ics entry, the same one the ticket e-mail carries. */
  app.get('/ticket-page/:token/calendar.ics', async (c) => {
    const show = await ticketFromToken(services, c.req.param('token'));
    if (show.status === 'refunded' || show.status === 'transferred') throw new AppError('CONFLICT', 'This ticket no longer admits anyone, so it has no calendar entry.');
    return c.body(showInvite(show, `Your ticket page: ${ticketPageUrl(services, show.ticketId)}`), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="show.ics"',
    });
  });

  app.get('/ticket-page/:token/apple-wallet.pkpass', async (c) => {
    const show = await ticketFromToken(services, c.req.param('token'));
    const settings = services.wallets.apple;
    if (!settings) throw new AppError('NOT_FOUND', 'Apple Wallet passes are not offered here.');
    if (show.status !== 'valid') throw new AppError('CONFLICT', 'This ticket no longer admits anyone, so it has no pass.');
    const pass = await applePassOf(services, show);
    return c.body(new Uint8Array(pass), 200, { 'Content-Type': 'application/vnd.apple.pkpass', 'Content-Disposition': 'attachment; filename="ticket.pkpass"' });
  });

  app.get('/ticket-page/:token/google-wallet', async (c) => {
    const show = await ticketFromToken(services, c.req.param('token'));
    const settings = services.wallets.google;
    if (!settings) throw new AppError('NOT_FOUND', 'Google Wallet passes are not offered here.');
    if (show.status !== 'valid') throw new AppError('CONFLICT', 'This ticket no longer admits anyone, so it has no pass.');
    return c.redirect(await googleSaveUrlOf(services, show), 302);
  });

  app.post('/ticket-page/:token/email', async (c) => c.json(await resendTicketEmail(services, c.req.param('token'), { ipAddress: clientIp(c) })));

  app.post('/ticket-page/:token/refund-request', async (c) => {
    const body = await readJsonBody(c);
    return c.json(await requestRefund(services, c.req.param('token'), body, { ipAddress: clientIp(c) }), 201);
  });

  /** The organiser's dashboard (and the admins'): open requests, approved or declined one at a time. */
  const organisers = ['venue', 'promoter', 'admin'] as const;
  app.get('/refund-requests', async (c) => {
    const { user } = await requireRole(services, c, ...organisers);
    return c.json(await listRefundRequests(services.db, user));
  });

  app.post('/refund-requests/:requestId/approve', async (c) => {
    const { user } = await requireRole(services, c, ...organisers);
    return c.json(await decideRefundRequest(services, user, c.req.param('requestId'), { action: 'approve' }));
  });

  app.post('/refund-requests/:requestId/decline', async (c) => {
    const { user } = await requireRole(services, c, ...organisers);
    return c.json(await decideRefundRequest(services, user, c.req.param('requestId'), { action: 'decline', input: await readJsonBody(c) }));
  });

  return app;
}
