import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toVenueSlug } from '../../../core/slugs.ts';
import type { venueProfileSchema } from '../../../core/schemas/profiles.ts';
import { venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { assertOwnImages } from './assert-own-images.ts';
import { publishProfileChange } from './publish-profile-change.ts';

/** The venue editor's save. A new name moves the venue page to the new name's /venue/{slug}. */
export async function updateVenueProfile(services: Services, venueId: string, input: z.output<typeof venueProfileSchema>): Promise<{ slug: string }> {
  const { db } = services;
  const [current] = await db.select().from(venueProfiles).where(eq(venueProfiles.userId, venueId));
  if (!current) throw new AppError('NOT_FOUND', 'No profile found');
  const slug = toVenueSlug(input.name);
  if (!slug) throw new AppError('VALIDATION', 'Please use letters or numbers in the name.', { name: 'Please use letters or numbers in the name.' });
  await assertOwnImages(services, venueId, [{ field: 'imageUrl', url: input.imageUrl }], [current.imageUrl]);
  await db
    .update(venueProfiles)
    .set({
      name: input.name,
      slug,
      address: input.address,
      phone: input.phone ?? null,
      contactEmail: input.contactEmail ?? null,
      website: input.website ?? null,
      facebookUrl: input.facebookUrl ?? null,
      instagramUrl: input.instagramUrl ?? null,
      youtubeUrl: input.youtubeUrl ?? null,
      imageUrl: input.imageUrl,
    })
    .where(eq(venueProfiles.userId, venueId));
  await publishProfileChange(services);
  return { slug };
}
