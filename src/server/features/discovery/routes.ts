import { Hono } from 'hono';
import type { Services } from '../../services.ts';
import { listRegionGigs } from './list-region-gigs.ts';

export function discoveryRoutes(services: Services) {
  const app = new Hono();
  app.get('/regions/:path/gigs', async (c) => c.json(await listRegionGigs(services.db, c.req.param('path'))));
  return app;
}
