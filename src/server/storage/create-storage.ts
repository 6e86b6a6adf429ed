import path from 'node:path';
import type { Env } from '../env.ts';
import type { S3Settings } from './s3-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/** The bucket's settings when env.ts has all of them, else null (files stay on disk). */
export function s3SettingsOf(env: Env): S3Settings | null {
  if (!env.S3_BUCKET || !env.S3_REGION || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

/** The one place that picks where uploads live: an S3 bucket when configured, else DATA_DIR/files. */
export async function createStorage(env: Env): Promise<Storage> {
  const s3 = s3SettingsOf(env);
  if (!s3) return createLocalStorage(path.join(env.DATA_DIR, 'files'));
  // The AWS SDK takes a fifth of a second to load; a server on local disk never loads it.
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(s3);
}
