import { Hono } from 'hono';
import { z } from 'zod';
import {
  bandProfileSchema,
  IMAGE_KINDS,
  managedArtistSchema,
  managerProfileSchema,
  promoterProfileSchema,
  rehearsalSpaceProfileSchema,
  venueProfileSchema,
} from '../../../core/schemas/profiles.ts';
import { AppError } from '../../http/app-error.ts';
import { getCurrentSession, requireRole } from '../../http/session.ts';
import { parseInput, readFormBody, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { addManagedArtist } from './add-managed-artist.ts';
import { findManagedArtist } from './find-managed-artist.ts';
import { getOwnProfile } from './get-own-profile.ts';
import { updateBandProfile } from './update-band-profile.ts';
import { updateManagedArtist } from './update-managed-artist.ts';
import { updateManagerProfile } from './update-manager-profile.ts';
import { updatePromoterProfile } from './update-promoter-profile.ts';
import { updateRehearsalSpaceProfile } from './update-rehearsal-space-profile.ts';
import { updateVenueProfile } from './update-venue-profile.ts';
import { uploadProfileImage } from './upload-profile-image.ts';

export const PROFILE_ROLES = ['band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space'] as const;

/** The profile editors (spec 2 §2): each account reads and saves its own profile only. */
export function profileRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;

  app.get('/profile', async (c) => {
    const { user } = await requireRole(services, c, ...PROFILE_ROLES);
    return c.json(await getOwnProfile(db, user));
  });

  /** One upload per image; the editor's JSON save then names the returned address. */
  app.post('/profile/images', async (c) => {
    const { user } = await requireRole(services, c, ...PROFILE_ROLES);
    const { kind } = parseInput(z.object({ kind: z.enum(IMAGE_KINDS, { error: 'Unknown image kind.' }) }), { kind: c.req.query('kind') });
    const file = (await readFormBody(c)).image;
    if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION', 'Please choose an image.', { image: 'Please choose an image.' });
    const url = await uploadProfileImage(services, user, kind, Buffer.from(await file.arrayBuffer()));
    return c.json({ url }, 201);
  });

  app.put('/profile/band', async (c) => {
    const { user } = await requireRole(services, c, 'band');
    await updateBandProfile(services, user.id, parseInput(bandProfileSchema, await readJsonBody(c)));
    return c.json({ ok: true });
  });

  app.put('/profile/venue', async (c) => {
    const { user } = await requireRole(services, c, 'venue');
    return c.json(await updateVenueProfile(services, user.id, parseInput(venueProfileSchema, await readJsonBody(c))));
  });

  app.put('/profile/promoter', async (c) => {
    const { user } = await requireRole(services, c, 'promoter');
    await updatePromoterProfile(services, user.id, parseInput(promoterProfileSchema, await readJsonBody(c)));
    return c.json({ ok: true });
  });

  app.put('/profile/manager', async (c) => {
    const { user } = await requireRole(services, c, 'artist_manager');
    await updateManagerProfile(services, user.id, parseInput(managerProfileSchema, await readJsonBody(c)));
    return c.json({ ok: true });
  });

  app.put('/profile/rehearsal-space', async (c) => {
    const { user } = await requireRole(services, c, 'rehearsal_space');
    await updateRehearsalSpaceProfile(services, user.id, parseInput(rehearsalSpaceProfileSchema, await readJsonBody(c)));
    return c.json({ ok: true });
  });

  app.post('/profile/artists', async (c) => {
    // The spec's own messages for a visitor and for another role, so the check is the domain's.
    const session = await getCurrentSession(services, c);
    return c.json(await addManagedArtist(services, session, await readJsonBody(c)), 201);
  });

  app.get('/profile/artists/:index', async (c) => {
    const { user } = await requireRole(services, c, 'artist_manager');
    return c.json(await findManagedArtist(db, user.id, c.req.param('index')));
  });

  app.put('/profile/artists/:index', async (c) => {
    const { user } = await requireRole(services, c, 'artist_manager');
    await updateManagedArtist(services, user.id, c.req.param('index'), parseInput(managedArtistSchema, await readJsonBody(c)));
    return c.json({ ok: true });
  });

  return app;
}
