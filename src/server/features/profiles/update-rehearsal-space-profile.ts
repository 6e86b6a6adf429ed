import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { rehearsalSpaceProfileSchema } from '../../../core/schemas/profiles.ts';
import { rehearsalSpaceProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { assertOwnImages } from './assert-own-images.ts';
import { publishProfileChange } from './publish-profile-change.ts';

/** The rehearsal dashboard's save: the owner edits its own record only (spec 2 §6). */
export async function updateRehearsalSpaceProfile(services: Services, ownerId: string, input: z.output<typeof rehearsalSpaceProfileSchema>): Promise<void> {
  const { db } = services;
  const [current] = await db.select().from(rehearsalSpaceProfiles).where(eq(rehearsalSpaceProfiles.userId, ownerId));
  if (!current) throw new AppError('NOT_FOUND', 'No profile found');
  await assertOwnImages(services, ownerId, [{ field: 'imageUrl', url: input.imageUrl }], [current.imageUrl]);
  await db
    .update(rehearsalSpaceProfiles)
    .set({
      name: input.name,
      address: input.address,
      phone: input.phone ?? null,
      contactEmail: input.contactEmail ?? null,
      website: input.website ?? null,
      description: input.description,
      imageUrl: input.imageUrl,
    })
    .where(eq(rehearsalSpaceProfiles.userId, ownerId));
  await publishProfileChange(services);
}
