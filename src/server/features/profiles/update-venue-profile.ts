import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { venueProfileSchema } from '../../../core/schemas/profiles.ts';
import { venueProfiles } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { claimVenueSlug, nameTakenError } from '../accounts/site-names.ts';
import { assertOwnImages } from './assert-own-images.ts';
import { publishProfileChange } from './publish-profile-change.ts';
import { addressColumnsOf } from '../../../core/postal-address.ts';

/**
 * The venue editor's save. A new name moves the venue page to the new name's /venue/{slug}, and
 * (decision 33) sends the venue back to the admins' queue: they approved the old name.
 */
export async function updateVenueProfile(services: Services, venueId: string, input: z.output<typeof venueProfileSchema>): Promise<{ slug: string }> {
  const { db } = services;
  const [current] = await db.select().from(venueProfiles).where(eq(venueProfiles.userId, venueId));
  if (!current) throw new AppError('NOT_FOUND', 'No profile found');
  const isRenamed = input.name !== current.name;
  const slug = isRenamed ? await claimVenueSlug(db, input.name, venueId) : current.slug;
  await assertOwnImages(services, venueId, [{ field: 'imageUrl', url: input.imageUrl }], [current.imageUrl]);
  try {
    await db
      .update(venueProfiles)
      .set({
        name: input.name,
        slug,
        ...addressColumnsOf(input),
        phone: input.phone ?? null,
        contactEmail: input.contactEmail ?? null,
        website: input.website ?? null,
        facebookUrl: input.facebookUrl ?? null,
        instagramUrl: input.instagramUrl ?? null,
        youtubeUrl: input.youtubeUrl ?? null,
        imageUrl: input.imageUrl,
        ...(isRenamed ? { verifiedAt: null, verifiedBy: null } : {}),
      })
      .where(eq(venueProfiles.userId, venueId));
  } catch (error) {
    // Two venues renamed to one name at once: the unique index lets only one through.
    if (isUniqueViolation(error)) throw nameTakenError(input.name);
    throw error;
  }
  await publishProfileChange(services);
  return { slug };
}
