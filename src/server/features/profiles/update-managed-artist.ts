import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { managedArtistSchema } from '../../../core/schemas/profiles.ts';
import { managedArtists } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { assertOwnImages } from './assert-own-images.ts';
import { findManagedArtist } from './find-managed-artist.ts';

/** Edit artist: the artist at this index of the signed-in manager's own list. */
export async function updateManagedArtist(services: Services, managerId: string, rawIndex: string, input: z.output<typeof managedArtistSchema>): Promise<void> {
  const { db } = services;
  const { artist } = await findManagedArtist(db, managerId, rawIndex);
  await assertOwnImages(services, managerId, [{ field: 'imageUrl', url: input.imageUrl }], [artist.imageUrl]);
  await db.update(managedArtists).set(toArtistColumns(input)).where(eq(managedArtists.id, artist.id));
}

/** The stored columns of an artist form; an empty optional field clears its column. */
export function toArtistColumns(input: z.output<typeof managedArtistSchema>) {
  return {
    name: input.name,
    genre: input.genre ?? null,
    description: input.description,
    instagramUrl: input.instagramUrl ?? null,
    facebookUrl: input.facebookUrl ?? null,
    spotifyUrl: input.spotifyUrl ?? null,
    youtubeUrl: input.youtubeUrl ?? null,
    website: input.website ?? null,
    imageUrl: input.imageUrl,
  };
}
