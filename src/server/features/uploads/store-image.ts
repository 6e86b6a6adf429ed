import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { newUploadKey, type Storage } from '../../storage/storage.ts';
import { processImage, type ProcessedImage } from './process-image.ts';

/** Enough for several listings' or profiles' worth of retries in an hour; a script filling the disk stops here. */
const IMAGE_UPLOADS_PER_HOUR = 30;

/** Counts one image upload of an account's (`scope`: gear, profile) and refuses past 30 an hour. */
export const limitImageUploads = (services: Pick<Services, 'db' | 'isRateLimitEnabled'>, scope: string, ownerId: string) =>
  limitHits(services, `${scope}-image:${ownerId}`, { windowMs: 60 * 60 * 1000, max: IMAGE_UPLOADS_PER_HOUR, message: 'Too many images in a short time. Please try again in an hour.' });

export type StoreImageDeps = { db: DbOrTx; storage: Storage; maxBytes: number };

/** Processes an uploaded image (D23), stores it (D24) and records it; returns its public address. */
export async function storeImage(
  { db, storage, maxBytes }: StoreImageDeps,
  input: Buffer,
  { ownerId, kind = 'photo' }: { ownerId?: string; kind?: 'photo' | 'logo' },
): Promise<string> {
  const image = await processImage(input, { kind, maxBytes });
  const { url, file } = await putImage(storage, image, ownerId);
  await db.insert(files).values(file);
  return url;
}

/**
 * Stores a processed image under a new key (an upload's key is never reused: its address is
 * cached for a year) and returns its address with the `files` row that records it, which the
 * caller inserts alone (storeImage) or with others in one statement (the legacy importer).
 */
export async function putImage(
  storage: Storage,
  image: ProcessedImage,
  ownerId?: string,
): Promise<{ url: string; file: typeof files.$inferInsert }> {
  const key = newUploadKey(image.extension);
  await storage.put(key, image.data, image.contentType);
  return {
    url: storage.urlFor(key),
    file: { key, ownerId, contentType: image.contentType, width: image.width, height: image.height, bytes: image.data.byteLength },
  };
}
