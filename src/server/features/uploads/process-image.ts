import sharp from 'sharp';
import { AppError } from '../../http/app-error.ts';

export const MAX_IMAGE_WIDTH = 1280;
export const MAX_IMAGE_HEIGHT = 800;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff', 'svg']);

export type ProcessedImage = {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
};

type ImageOptions = { kind?: 'photo' | 'logo'; maxBytes: number };

/** The size check, apart: a caller holding only a file's size (the legacy importer) refuses it unread. */
export function assertImageSize(byteLength: number, maxBytes: number): void {
  if (byteLength > maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `That image is too large. Please choose one under ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
    );
  }
}

/**
 * Whether processImage would take the file, from its header alone (no decoding): the legacy
 * importer's dry run checks thousands of files this way. Returns the format sharp read.
 */
export async function checkImage(input: Buffer, { kind = 'photo', maxBytes }: ImageOptions): Promise<string> {
  assertImageSize(input.byteLength, maxBytes);
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: 40_000_000 }).metadata());
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('UNSUPPORTED_MEDIA', 'That file is not an image. Please choose a JPEG, PNG or WebP image.');
  }
  if (kind === 'photo' && format === 'svg') {
    throw new AppError('UNSUPPORTED_MEDIA', 'Please choose a photo (JPEG, PNG or WebP), not an SVG drawing.');
  }
  return format;
}

/**
 * D23: checks the file by its content (never its name), re-encodes it server-side and strips
 * metadata. Photos become JPEG quality 95 within 1280x800; logos keep transparency as PNG, and an
 * SVG is rasterised so no uploaded script ever reaches a visitor.
 */
export async function processImage(input: Buffer, { kind = 'photo', maxBytes }: ImageOptions): Promise<ProcessedImage> {
  const format = await checkImage(input, { kind, maxBytes });
  const pipeline = sharp(input, { limitInputPixels: 40_000_000, density: format === 'svg' ? 144 : undefined })
    .rotate()
    .resize({ width: MAX_IMAGE_WIDTH, height: MAX_IMAGE_HEIGHT, fit: 'inside', withoutEnlargement: true });
  try {
    const { data, info } =
      kind === 'logo'
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
        : await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 95, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return kind === 'logo'
      ? { data, contentType: 'image/png', extension: 'png', width: info.width, height: info.height }
      : { data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', 'That image could not be read. Please choose another file.');
  }
}
