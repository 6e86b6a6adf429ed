import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Storage } from './s3-storage.ts';
import { contentTypeFor, isSafeKey } from './storage.ts';

export type CopyReport = { copied: number; alreadyThere: number; ignored: string[] };

/**
 * Copies every stored file under a local storage root (DATA_DIR/files) into the bucket, under the
 * same key (`npm run storage:migrate`, decision 27). A file the bucket holds at the same size is
 * left as it is, so a second run copies only what the first missed. Names local storage never
 * writes (not a stored file's key) are reported, not copied.
 */
export async function copyFilesToBucket(root: string, bucket: Pick<S3Storage, 'put' | 'sizeOf'>, concurrency = 8): Promise<CopyReport> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  const keys: string[] = [];
  const ignored: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    (isSafeKey(key) ? keys : ignored).push(key);
  }
  keys.sort();
  const report: CopyReport = { copied: 0, alreadyThere: 0, ignored: ignored.sort() };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const file = path.join(root, key);
      const { size } = await fs.stat(file);
      if ((await bucket.sizeOf(key)) === size) {
        report.alreadyThere++;
        continue;
      }
      await bucket.put(key, await fs.readFile(file), contentTypeFor(key));
      report.copied++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return report;
}
