import { Hono } from 'hono';
import { z } from 'zod';
import { pageNumber } from '../../../core/schemas/fields.ts';
import { bookingDeclineSchema } from '../../../core/schemas/gigs.ts';
import { openGigFiltersSchema } from '../../../core/schemas/open-gig-filters.ts';
import { clientIp } from '../../http/client-ip.ts';
import { requireRole } from '../../http/session.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { applyToGig } from './apply-to-gig.ts';
import { declineBookingAsBand, declineBookingByToken, previewBookingDecline } from './band-bookings.ts';
import { listBandShows } from './list-band-shows.ts';
import { createGigOpportunities } from './create-gig-opportunities.ts';
import { approveApplication, rejectApplication } from './decide-application.ts';
import { deleteGig } from './delete-gig.ts';
import { getOrganiserDashboard, GIG_TABS, listBandChoices } from './get-organiser-dashboard.ts';
import { listMyApplications, listOpenGigs } from './list-open-gigs.ts';
import { requestBandNotice } from './notify-bands.ts';
import { updateGig } from './update-gig.ts';

/** Gig opportunities, applications and approval (spec 2 §2-§6). */
export function bookingRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  /** Decision 35: with no payment provider, gigs are posted without tickets. */
  const isTicketSalesOn = services.env.PAYMENTS !== 'off';
  /** Wakes the worker that tells a newly booked band's followers (D19); its sweep covers a lost wake-up. */
  const announceNewGigs = () => void services.jobs?.send(QUEUES.notifyFollowers).catch(() => undefined);

  app.get('/booking/dashboard', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    const query = parseInput(z.object({ tab: z.enum(GIG_TABS).optional(), page: pageNumber(), gigId: z.string().max(100).optional() }), c.req.query());
    return c.json(await getOrganiserDashboard(db, user, query));
  });

  app.get('/booking/bands', async (c) => {
    await requireRole(services, c, 'venue', 'promoter');
    return c.json({ bands: await listBandChoices(db) });
  });

  app.post('/booking/gigs', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    const created = await createGigOpportunities(services, user, await readJsonBody(c), { isTicketSalesOn });
    announceNewGigs();
    return c.json(created, 201);
  });

  app.put('/booking/gigs/:gigId', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    await updateGig(services, user, c.req.param('gigId'), await readJsonBody(c), { isTicketSalesOn });
    // Decision 50: a raised capacity's seats go to the gig's waitlist first.
    void services.jobs?.send(QUEUES.offerWaitlist).catch(() => undefined);
    return c.json({ message: 'Gig updated successfully!' });
  });

  app.delete('/booking/gigs/:gigId', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    await deleteGig(services, user, c.req.param('gigId'));
    return c.json({ message: 'Gig deleted successfully!' });
  });

  app.post('/booking/applications/:applicationId/approve', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    const result = await approveApplication(db, user, c.req.param('applicationId'));
    announceNewGigs();
    void services.jobs?.send(QUEUES.mailApplicationOutcomes).catch(() => undefined);
    return c.json(result);
  });

  app.post('/booking/applications/:applicationId/reject', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    await rejectApplication(db, user, c.req.param('applicationId'));
    return c.json({ ok: true });
  });

  app.post('/booking/notify-bands', async (c) => {
    const { user } = await requireRole(services, c, 'venue', 'promoter');
    return c.json(await requestBandNotice(services, user, await readJsonBody(c)), 202);
  });

  // D34: a band booked with 'Band already Chosen' declines, by its e-mailed link (the token is
  // the key; the page's GET only shows, the button's POST declines) or from its dashboard.
  app.get('/booking/declines/:token', async (c) => {
    const { token } = parseInput(bookingDeclineSchema, { token: c.req.param('token') });
    return c.json(await previewBookingDecline(db, token));
  });

  app.post('/booking/declines', async (c) => {
    const { token } = parseInput(bookingDeclineSchema, await readJsonBody(c));
    return c.json(await declineBookingByToken(services, token, clientIp(c)));
  });

  /** The band's own upcoming shows, those booked for it with 'Band already Chosen' marked (D34). */
  app.get('/booking/my-shows', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    return c.json(await listBandShows(db, user));
  });

  app.post('/booking/gigs/:gigId/decline', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    return c.json(await declineBookingAsBand(services, user, c.req.param('gigId')));
  });

  app.get('/booking/open-gigs', async (c) => {
    const { user } = await requireRole(services, c, 'band', 'artist_manager');
    return c.json(await listOpenGigs(db, user, parseInput(openGigFiltersSchema, c.req.query())));
  });

  app.get('/booking/my-applications', async (c) => {
    const { user } = await requireRole(services, c, 'band', 'artist_manager');
    return c.json({ applications: await listMyApplications(db, user) });
  });

  app.post('/booking/gigs/:gigId/applications', async (c) => {
    const { user } = await requireRole(services, c, 'band', 'artist_manager');
    return c.json(await applyToGig(db, user, c.req.param('gigId'), await readJsonBody(c)), 201);
  });

  return app;
}
