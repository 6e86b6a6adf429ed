import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { storeImage } from '../uploads/store-image.ts';

/** Enough for several listings' worth of retries in an hour; a script filling the disk stops here. */
const UPLOADS_PER_HOUR = 30;

/**
 * Stores one cropped gear photo for the signed-in seller and returns its address; the listing
 * then names it. Checked and re-encoded like every upload (D23: content, JPEG 95, 1280x800).
 */
export async function uploadGearImage(services: Services, seller: SessionUser, input: Buffer): Promise<string> {
  const { db, storage, env } = services;
  if (services.isRateLimitEnabled && (await countHit(db, `gear-image:${seller.id}`, 60 * 60 * 1000)) > UPLOADS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'Too many images in a short time. Please try again in an hour.');
  }
  return storeImage({ db, storage, maxBytes: env.UPLOAD_MAX_BYTES }, input, { ownerId: seller.id, kind: 'photo' });
}
