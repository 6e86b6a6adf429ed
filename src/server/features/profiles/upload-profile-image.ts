import sharp from 'sharp';
import type { Role } from '../../../core/roles.ts';
import {
  IMAGE_MUST_BE_1280_BY_800,
  INVALID_IMAGE_FILE,
  LOGO_MUST_BE_PNG_OR_SVG,
  MANAGER_PROFILE_IMAGE,
  type ImageKind,
} from '../../../core/schemas/profiles.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { limitImageUploads, storeImage } from '../uploads/store-image.ts';

/** Which profile roles may upload which kind of image (spec 2 §2, §3). */
export const IMAGE_KIND_ROLES: Record<ImageKind, readonly Role[]> = {
  photo: ['band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space'],
  logo: ['band', 'artist_manager'],
  'manager-profile': ['artist_manager'],
};

async function readFormat(input: Buffer): Promise<{ format?: string; width?: number; height?: number }> {
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    return {};
  }
}

/**
 * Stores one image for the signed-in account's profile and returns its address; the JSON save
 * then names it. Logos must be PNG or SVG (rasterised, D23); the manager's profile image must be
 * exactly 1280x800 as uploaded, before any re-encoding.
 */
export async function uploadProfileImage(services: Services, owner: SessionUser, kind: ImageKind, input: Buffer): Promise<string> {
  if (!IMAGE_KIND_ROLES[kind].includes(owner.role)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
  await limitImageUploads(services, 'profile', owner.id);
  const { db, storage, env } = services;
  if (kind === 'logo') {
    const { format } = await readFormat(input);
    if (format !== 'png' && format !== 'svg') throw new AppError('UNSUPPORTED_MEDIA', LOGO_MUST_BE_PNG_OR_SVG, { image: LOGO_MUST_BE_PNG_OR_SVG });
  }
  if (kind === 'manager-profile') {
    const { format, width, height } = await readFormat(input);
    if (!format || format === 'svg') throw new AppError('VALIDATION', INVALID_IMAGE_FILE, { image: INVALID_IMAGE_FILE });
    if (width !== MANAGER_PROFILE_IMAGE.width || height !== MANAGER_PROFILE_IMAGE.height) {
      throw new AppError('VALIDATION', IMAGE_MUST_BE_1280_BY_800, { image: IMAGE_MUST_BE_1280_BY_800 });
    }
  }
  return storeImage({ db, storage, maxBytes: env.UPLOAD_MAX_BYTES }, input, { ownerId: owner.id, kind: kind === 'logo' ? 'logo' : 'photo' });
}
