import type { SessionUser } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { limitImageUploads, storeImage } from '../uploads/store-image.ts';

/**
 * Stores one cropped gear photo for the signed-in seller and returns its address; the listing
 * then names it. Checked and re-encoded like every upload (D23: content, JPEG 95, 1280x800).
 */
export async function uploadGearImage(services: Services, seller: SessionUser, input: Buffer): Promise<string> {
  const { db, storage, env } = services;
  await limitImageUploads(services, 'gear', seller.id);
  return storeImage({ db, storage, maxBytes: env.UPLOAD_MAX_BYTES }, input, { ownerId: seller.id, kind: 'photo' });
}
