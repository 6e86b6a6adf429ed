import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { managerProfileSchema } from '../../../core/schemas/profiles.ts';
import { managerProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { assertOwnImages } from './assert-own-images.ts';

/** The artist manager editor's save; the profile image must be the exactly 1280x800 upload. */
export async function updateManagerProfile(services: Services, managerId: string, input: z.output<typeof managerProfileSchema>): Promise<void> {
  const { db } = services;
  const [current] = await db.select().from(managerProfiles).where(eq(managerProfiles.userId, managerId));
  if (!current) throw new AppError('NOT_FOUND', 'No profile found');
  await assertOwnImages(
    services,
    managerId,
    [
      { field: 'imageUrl', url: input.imageUrl },
      { field: 'logoUrl', url: input.logoUrl, kind: 'logo' },
      { field: 'profileImageUrl', url: input.profileImageUrl, kind: 'manager-profile' },
    ],
    [current.imageUrl, current.logoUrl, current.profileImageUrl],
  );
  await db
    .update(managerProfiles)
    .set({
      name: input.name,
      description: input.description,
      instagramUrl: input.instagramUrl ?? null,
      facebookUrl: input.facebookUrl ?? null,
      website: input.website ?? null,
      youtubeChannelUrl: input.youtubeChannelUrl ?? null,
      youtubeHighlightUrl: input.youtubeHighlightUrl ?? null,
      imageUrl: input.imageUrl,
      logoUrl: input.logoUrl,
      profileImageUrl: input.profileImageUrl,
    })
    .where(eq(managerProfiles.userId, managerId));
}
