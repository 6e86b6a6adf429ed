import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { listManagedArtists } from './get-own-profile.ts';

export const ARTIST_NOT_FOUND = 'Artist not found';

const artistIndex = z.coerce.number().int().min(0).max(10_000);

/**
 * The artist at /edit-artist/{index}: the index counts within the signed-in manager's own list
 * only, so no index can reach another manager's artist.
 */
export async function findManagedArtist(db: DbOrTx, managerId: string, rawIndex: string) {
  const parsed = artistIndex.safeParse(rawIndex);
  if (!parsed.success) throw new AppError('NOT_FOUND', ARTIST_NOT_FOUND);
  const [artist] = await listManagedArtists(db, managerId).limit(1).offset(parsed.data);
  if (!artist) throw new AppError('NOT_FOUND', ARTIST_NOT_FOUND);
  return { index: parsed.data, artist };
}
