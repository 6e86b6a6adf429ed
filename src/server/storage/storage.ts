import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live (D24): local disk by default, an S3 bucket when configured (decision 27). */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Removes a stored file; one already gone is no error (a retried delete does nothing). */
  delete(key: string): Promise<void>;
  /** The public address of a stored file. */
  urlFor(key: string): string;
  /** The key an address from urlFor (or an older /files/ one) names; null for any other address. */
  keyFor(url: string): string | null;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(jpg|png)$/;
// Uploads get a fresh UUID each (newUploadKey), so the bytes behind such a key never change; the
// demo images' names are fixed, and a re-seeded database may render them anew under the same key.
const UPLOAD_KEY = /^images\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

export function newUploadKey(extension: 'jpg' | 'png', now = new Date()): string {
  return `images/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${extension}`;
}

export function contentTypeFor(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

/** The same header from /files and from the bucket: a year for uploads, a day for the rest. */
export function cacheControlFor(key: string): string {
  return UPLOAD_KEY.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
}

/** Where Marquee itself serves stored files (app.ts), whichever storage holds them. */
export const FILES_PATH = '/files';

/** The key behind an address under one of the bases (without trailing slashes), if it is a safe one. */
export function keyUnder(url: string, bases: readonly string[]): string | null {
  for (const base of bases) {
    if (!url.startsWith(`${base}/`)) continue;
    const key = url.slice(base.length + 1);
    return isSafeKey(key) ? key : null;
  }
  return null;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    urlFor: (key) => `${FILES_PATH}/${key}`,
    keyFor: (url) => keyUnder(url, [FILES_PATH]),
  };
}
