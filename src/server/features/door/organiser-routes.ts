import { Hono } from 'hono';
import { limitHits } from '../../http/rate-limit.ts';
import { clientIp } from '../../http/client-ip.ts';
import { requireRole } from '../../http/session.ts';
import { readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { acceptDoorInvite } from './accept-door-invite.ts';
import { listDoorStaff, listVenueDoorStaff } from './list-door-staff.ts';
import { DOOR_ORGANISER_ROLES } from './find-door-gig.ts';
import { doorReportCsv, doorReportFileName, getDoorReport } from './get-door-report.ts';
import { addGuestEntry, listGuestEntries, removeGuestEntry, updateGuestEntry } from './guest-list-entries.ts';
import { inviteDoorStaff } from './invite-door-staff.ts';
import { revokeDevice, revokeDoorStaff } from './revoke-door-staff.ts';

/**
 * Decision 51, the organiser's side of the door: door staff invitations (and their acceptance by
 * the door app, the link's token being the key), revoking staff and devices; the guest list; the door report. The routes the door
 * devices call (list, sync, counts) are in the door's own routes. Each domain function checks again
 * whose gig it is.
 */
export function doorOrganiserRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  const organiser = (c: Parameters<typeof requireRole>[1]) => requireRole(services, c, ...DOOR_ORGANISER_ROLES);

  app.post('/door/staff', async (c) => {
    const session = await organiser(c);
    return c.json(await inviteDoorStaff(services, session, await readJsonBody(c)), 201);
  });
  app.get('/door/gigs/:gigId/staff', async (c) => {
    const { user } = await organiser(c);
    return c.json(await listDoorStaff(db, user, c.req.param('gigId')));
  });
  app.get('/door/venue-staff', async (c) => {
    const { user } = await requireRole(services, c, 'venue');
    return c.json(await listVenueDoorStaff(db, user));
  });
  const limitRevokes = (userId: string) =>
    limitHits(services, `door-revoke:${userId}`, { windowMs: 10 * 60_000, max: 60, message: 'Too many changes to the door team. Please try again in a few minutes.' });
  app.post('/door/staff/:staffId/revoke', async (c) => {
    const { user } = await organiser(c);
    await limitRevokes(user.id);
    return c.json(await revokeDoorStaff(db, user, c.req.param('staffId')));
  });
  app.post('/door/devices/:deviceId/revoke', async (c) => {
    const { user } = await organiser(c);
    await limitRevokes(user.id);
    return c.json(await revokeDevice(db, user, c.req.param('deviceId')));
  });
  app.get('/door/gigs/:gigId/guests', async (c) => {
    const { user } = await organiser(c);
    return c.json(await listGuestEntries(db, user, c.req.param('gigId')));
  });
  app.post('/door/gigs/:gigId/guests', async (c) => {
    const { user } = await organiser(c);
    return c.json(await addGuestEntry(services, user, c.req.param('gigId'), await readJsonBody(c)), 201);
  });
  app.patch('/door/gigs/:gigId/guests/:guestId', async (c) => {
    const { user } = await organiser(c);
    return c.json(await updateGuestEntry(services, user, c.req.param('gigId'), c.req.param('guestId'), await readJsonBody(c)));
  });
  app.delete('/door/gigs/:gigId/guests/:guestId', async (c) => {
    const { user } = await organiser(c);
    return c.json(await removeGuestEntry(services, user, c.req.param('gigId'), c.req.param('guestId')));
  });
  // The door report: private figures, never stored by a cache (the API's default no-store).
  app.get('/door/gigs/:gigId/report', async (c) => {
    const { user } = await organiser(c);
    return c.json(await getDoorReport(db, user, c.req.param('gigId')));
  });
  app.get('/door/gigs/:gigId/report.csv', async (c) => {
    const { user } = await organiser(c);
    const report = await getDoorReport(db, user, c.req.param('gigId'));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${doorReportFileName(report)}"`);
    return c.body(doorReportCsv(report));
  });
  // Public: the e-mailed link's token is the key (limited per client address).
  app.post('/door/invitations/accept', async (c) => c.json(await acceptDoorInvite(services, await readJsonBody(c), clientIp(c)), 201));
  return app;
}
