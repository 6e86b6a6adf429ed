import { Hono } from 'hono';
import { z } from 'zod';
import { gearListingSchema } from '../../../core/schemas/gear.ts';
import { pageNumber } from '../../../core/schemas/fields.ts';
import { AppError } from '../../http/app-error.ts';
import { getCurrentSession, requireSession } from '../../http/session.ts';
import { parseInput, readFormBody, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { createGearListing } from './create-gear-listing.ts';
import { deleteGearListing } from './delete-gear-listing.ts';
import { listGear } from './list-gear.ts';
import { markGearSold } from './mark-gear-sold.ts';
import { uploadGearImage } from './upload-gear-image.ts';

const gearFiltersSchema = z.object({
  page: pageNumber(),
  location: z.string().trim().max(50).optional(),
  search: z.string().trim().max(100).optional(),
});

/** A listing id from the path; anything that is not one names no listing (404, never a 500). */
function toListingId(value: string | undefined): string {
  if (!z.uuid().safeParse(value).success) throw new AppError('NOT_FOUND', 'This listing no longer exists.');
  return value!;
}

/** The gear-swap market (spec 1 §2 /gear-swap, D21): public list, signed-in writes. */
export function gearRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;

  // Depends on who asks (contact details, own listings), so it is never cached (no-store).
  app.get('/gear', async (c) => {
    const filters = parseInput(gearFiltersSchema, { page: c.req.query('page'), location: c.req.query('location') || undefined, search: c.req.query('search') || undefined });
    const session = await getCurrentSession(services, c);
    return c.json(await listGear(db, session?.user ?? null, filters));
  });

  /** One upload per image, cropped in the browser; the listing then names the returned address. */
  app.post('/gear/images', async (c) => {
    const { user } = await requireSession(services, c);
    const file = (await readFormBody(c)).image;
    if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION', 'Please choose an image.', { image: 'Please choose an image.' });
    return c.json({ url: await uploadGearImage(services, user, Buffer.from(await file.arrayBuffer())) }, 201);
  });

  app.post('/gear', async (c) => {
    const { user } = await requireSession(services, c);
    return c.json(await createGearListing(services, user, parseInput(gearListingSchema, await readJsonBody(c))), 201);
  });

  app.post('/gear/:id/sold', async (c) => {
    const { user } = await requireSession(services, c);
    await markGearSold(db, user, toListingId(c.req.param('id')));
    return c.json({ ok: true });
  });

  app.delete('/gear/:id', async (c) => {
    const session = await requireSession(services, c);
    await deleteGearListing(db, session, toListingId(c.req.param('id')));
    return c.json({ ok: true });
  });

  return app;
}
