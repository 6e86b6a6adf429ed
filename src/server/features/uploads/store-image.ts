import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { newUploadKey, type Storage } from '../../storage/storage.ts';
import { processImage } from './process-image.ts';

export type StoreImageDeps = { db: DbOrTx; storage: Storage; maxBytes: number };

/** Processes an uploaded image (D23), stores it (D24) and records it; returns its public address. */
export async function storeImage(
  { db, storage, maxBytes }: StoreImageDeps,
  input: Buffer,
  { ownerId, kind = 'photo' }: { ownerId?: string; kind?: 'photo' | 'logo' },
): Promise<string> {
  const image = await processImage(input, { kind, maxBytes });
  const key = newUploadKey(image.extension);
  await storage.put(key, image.data, image.contentType);
  await db.insert(files).values({
    key,
    ownerId,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    bytes: image.data.byteLength,
  });
  return storage.urlFor(key);
}
