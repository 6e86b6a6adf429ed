import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { listManagedArtists } from './get-own-profile.ts';

export const ARTIST_NOT_FOUND = 'Artist not found';

/** Issue 20: only the canonical spelling of 0 to 10,000 ('0x1', '00', '1.0', ' 1' are not indexes). */
const artistIndex = z
  .string()
  .regex(/^(0|[1-9]\d{0,4})$/)
  .transform(Number)
  .pipe(z.number().max(10_000));

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
