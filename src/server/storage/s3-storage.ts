import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { cacheControlFor, FILES_PATH, isSafeKey, keyUnder, type Storage } from './storage.ts';

export type S3Settings = {
  /** For S3-compatible services (MinIO, R2, a test's server); unset, AWS's own endpoint for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are public (a CDN, the bucket's website); unset, Marquee serves them at /files. */
  publicUrl?: string;
};

export type S3Storage = Storage & {
  /** The stored object's size in bytes, or null when there is none (storage:migrate skips those it has). */
  sizeOf(key: string): Promise<number | null>;
};

/** Uploaded files in an S3 bucket (decision 27). Keys are checked as on disk, though S3 has no folders to escape. */
export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    endpoint: settings.endpoint,
    // S3-compatible servers seldom answer at bucket.host (virtual-host style); AWS itself does.
    forcePathStyle: Boolean(settings.endpoint),
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };
  const bases = settings.publicUrl ? [FILES_PATH, settings.publicUrl] : [FILES_PATH];
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType, CacheControl: cacheControlFor(key) }));
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async sizeOf(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        // A HEAD answer has no body, so a missing object is only a 404, not a NoSuchKey.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    urlFor: (key) => (settings.publicUrl ? `${settings.publicUrl}/${key}` : `${FILES_PATH}/${key}`),
    keyFor: (url) => keyUnder(url, bases),
  };
}
