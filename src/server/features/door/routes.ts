import { Hono } from 'hono';
import { requireRole } from '../../http/session.ts';
import { readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { countDoor } from './count-door.ts';
import { requireDoorDevice } from './door-devices.ts';
import { listDoorGigs, requireDoorGig } from './door-gigs.ts';
import { getAdmissionList } from './get-admission-list.ts';
import { registerDoorDevice } from './register-door-device.ts';
import { searchDoor } from './search-door.ts';
import { syncDoor } from './sync-door.ts';

/**
 * The door's server (issue 24, decision 51). An organiser registers a device with their session;
 * every other door route authenticates by the device's token (X-Door-Device) and checks the
 * device is on the gig. All private: no-store.
 */
export function doorRoutes(services: Services) {
  const app = new Hono();
  app.use('/door/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.post('/door/devices', async (c) => {
    const session = await requireRole(services, c, 'venue', 'promoter', 'band', 'admin');
    return c.json(await registerDoorDevice(services, session, await readJsonBody(c)), 201);
  });

  app.get('/door/gigs', async (c) => {
    const device = await requireDoorDevice(services.db, c);
    return c.json({ gigs: await listDoorGigs(services.db, device) });
  });

  app.get('/door/gigs/:gigId/list', async (c) => {
    const device = await requireDoorDevice(services.db, c);
    return c.json(await getAdmissionList(services.db, device, c.req.param('gigId'), c.req.query('since')));
  });

  /** Scans, guest check-ins and door sales: online (a batch of one) and queued offline alike (rate-limited per device, in syncDoor). */
  app.post('/door/gigs/:gigId/sync', async (c) => {
    const device = await requireDoorDevice(services.db, c);
    return c.json(await syncDoor(services, device, c.req.param('gigId'), await readJsonBody(c)));
  });

  /** Issue 34: find a holder by a whole or partial e-mail address (the door's list has masked ones only), a name or an order number. POST: the address stays out of URLs and logs. */
  app.post('/door/gigs/:gigId/search', async (c) => {
    const device = await requireDoorDevice(services.db, c);
    return c.json(await searchDoor(services, device, c.req.param('gigId'), await readJsonBody(c)));
  });

  app.get('/door/gigs/:gigId/counts', async (c) => {
    const device = await requireDoorDevice(services.db, c);
    const gig = await requireDoorGig(services.db, device, c.req.param('gigId'));
    return c.json(await countDoor(services.db, gig.id));
  });

  return app;
}
