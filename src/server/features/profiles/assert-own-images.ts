import { and, eq, inArray } from 'drizzle-orm';
import { MANAGER_PROFILE_IMAGE } from '../../../core/schemas/profiles.ts';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Storage } from '../../storage/storage.ts';

type ImageRef = { field: string; url: string | null | undefined; kind?: 'photo' | 'logo' | 'manager-profile' };

/**
 * A profile may name only images its own account uploaded (or the ones it already shows), so
 * nobody can point a public page at another account's file or at a logo that is not a PNG. An
 * address counts only if the storage made it (urlFor), at /files or at S3_PUBLIC_URL.
 */
export async function assertOwnImages({ db, storage }: { db: DbOrTx; storage: Storage }, ownerId: string, refs: ImageRef[], alreadyShown: (string | null | undefined)[]): Promise<void> {
  const kept = new Set(alreadyShown.filter(Boolean));
  const fresh = refs.filter((r): r is ImageRef & { url: string } => Boolean(r.url) && !kept.has(r.url)).map((r) => ({ ...r, key: storage.keyFor(r.url) }));
  if (fresh.length === 0) return;
  const rows = await db
    .select({ key: files.key, contentType: files.contentType, width: files.width, height: files.height })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), inArray(files.key, fresh.map((r) => r.key).filter((key) => key !== null))));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const ref of fresh) {
    const file = ref.key === null ? undefined : byKey.get(ref.key);
    const fits =
      file &&
      (ref.kind !== 'logo' || file.contentType === 'image/png') &&
      (ref.kind !== 'manager-profile' || (file.width === MANAGER_PROFILE_IMAGE.width && file.height === MANAGER_PROFILE_IMAGE.height));
    if (!fits) throw new AppError('VALIDATION', 'Please upload the image again.', { [ref.field]: 'Please upload the image again.' });
  }
}
