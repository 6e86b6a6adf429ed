import { and, eq, inArray } from 'drizzle-orm';
import { MANAGER_PROFILE_IMAGE } from '../../../core/schemas/profiles.ts';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

type ImageRef = { field: string; url: string | null | undefined; kind?: 'photo' | 'logo' | 'manager-profile' };

const keyOf = (url: string) => url.slice('/files/'.length);

/**
 * A profile may name only images its own account uploaded (or the ones it already shows), so
 * nobody can point a public page at another account's file or at a logo that is not a PNG.
 */
export async function assertOwnImages(db: DbOrTx, ownerId: string, refs: ImageRef[], alreadyShown: (string | null | undefined)[]): Promise<void> {
  const kept = new Set(alreadyShown.filter(Boolean));
  const fresh = refs.filter((r): r is ImageRef & { url: string } => Boolean(r.url) && !kept.has(r.url));
  if (fresh.length === 0) return;
  const rows = await db
    .select({ key: files.key, contentType: files.contentType, width: files.width, height: files.height })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), inArray(files.key, fresh.map((r) => keyOf(r.url)))));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const ref of fresh) {
    const file = byKey.get(keyOf(ref.url));
    const fits =
      file &&
      (ref.kind !== 'logo' || file.contentType === 'image/png') &&
      (ref.kind !== 'manager-profile' || (file.width === MANAGER_PROFILE_IMAGE.width && file.height === MANAGER_PROFILE_IMAGE.height));
    if (!fits) throw new AppError('VALIDATION', 'Please upload the image again.', { [ref.field]: 'Please upload the image again.' });
  }
}
