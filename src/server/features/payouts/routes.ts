import { Hono } from 'hono';
import { z } from 'zod';
import { pageNumber } from '../../../core/schemas/fields.ts';
import { refundTicketSchema } from '../../../core/schemas/payouts.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { requireRole } from '../../http/session.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { completeGig } from './complete-gig.ts';
import { getSalesReport, salesReportCsv } from './get-sales-report.ts';
import { listGigTickets, listHeldPayments } from './list-held-payments.ts';
import { checkPaymentAccount, createOnboardingLink, startPaymentSetup } from './payment-accounts.ts';
import { findTicketOfOrder, refundTicket } from './refund-ticket.ts';

/** Payout accounts (the payment setup card), held payments and refunds (D10, D11). */
export function payoutRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  const payees = ['band', 'venue', 'promoter'] as const;

  /** The payment setup card's status call (spec 2 §7 'Connected-account status'). */
  app.get('/payments/account', async (c) => {
    const { user } = await requireRole(services, c, ...payees);
    return c.json(await checkPaymentAccount(services, user));
  });

  app.post('/payments/account', async (c) => {
    const { user } = await requireRole(services, c, ...payees);
    return c.json(await startPaymentSetup(services, user, await readJsonBody(c)), 201);
  });

  app.post('/payments/account/link', async (c) => {
    const { user } = await requireRole(services, c, ...payees);
    return c.json(await createOnboardingLink(services, user));
  });

  /** Decision 41: the sales and payout report of the gigs the account has a share of. */
  const reporters = ['band', 'artist_manager', 'venue', 'promoter'] as const;
  app.get('/payments/report', async (c) => {
    const { user } = await requireRole(services, c, ...reporters);
    return c.json(await getSalesReport(db, user, c.req.query()));
  });

  app.get('/payments/report/csv', async (c) => {
    const { user } = await requireRole(services, c, ...reporters);
    const report = await getSalesReport(db, user, c.req.query());
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="marquee-sales-${report.year}.csv"`);
    return c.body(salesReportCsv(report));
  });

  app.get('/admin/gig-management', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json(await listHeldPayments(db, parseInput(z.object({ page: pageNumber() }), c.req.query())));
  });

  /** Complete a gig: release the held organiser share, or forfeit it (spec 2 §7). */
  app.post('/admin/gig-management/complete', async (c) => {
    const { user } = await requireRole(services, c, 'admin');
    const result = await completeGig(db, user.id, await readJsonBody(c));
    if (result.amountReleased > 0) await services.jobs?.send(QUEUES.sendTransfers);
    return c.json(result);
  });

  app.get('/admin/gig-management/:gigId/tickets', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json({ tickets: await listGigTickets(db, c.req.param('gigId')) });
  });

  /** A ticket, named by its order and its place in it (admins never see ticket codes). */
  app.post('/admin/orders/:orderId/refund', async (c) => {
    const { user } = await requireRole(services, c, 'admin');
    const { reason, isCheckedInConfirmed, position } = parseInput(refundTicketSchema, await readJsonBody(c));
    const ticketId = await findTicketOfOrder(db, c.req.param('orderId'), position);
    const refund = await refundTicket(db, { ticketId, reason, actorId: user.id, isCheckedInConfirmed });
    await services.jobs?.send(QUEUES.processRefunds);
    // Decision 50: the seat back on sale goes to the gig's waitlist first.
    await services.jobs?.send(QUEUES.offerWaitlist);
    return c.json({ success: true, refundId: refund.refundId, amountCents: refund.amountCents });
  });

  return app;
}
