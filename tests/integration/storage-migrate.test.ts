// `npm run storage:migrate` (decision 27), run as an operator runs it: the script in a process of
// its own, with the settings in its environment, copying a data folder into a local S3 server.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/server/storage/s3-storage.ts';
import { createLocalStorage, newUploadKey } from '../../src/server/storage/storage.ts';
import { startTestS3Server, type TestS3Server } from '../helpers/s3-server.ts';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/storage-migrate.ts');

let s3: TestS3Server;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3Server();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-migrate-'));
});
afterAll(async () => {
  await s3.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The script with exactly these settings (no .env from the working folder), and what it printed. */
async function migrate(settings: Record<string, string>): Promise<{ code: number; out: string }> {
  const { PATH, HOME } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT], { cwd: dataDir, env: { PATH, HOME, ...settings } });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('npm run storage:migrate', () => {
  it('says what to set when S3 is not configured, or half configured, and copies nothing', async () => {
    const unset = await migrate({ DATA_DIR: dataDir });
    expect(unset.code).toBe(1);
    expect(unset.out).toContain('S3 is not configured, so there is nowhere to copy the files to. Set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');

    const half = await migrate({ DATA_DIR: dataDir, S3_BUCKET: s3.bucket });
    expect(half.code).toBe(1);
    expect(half.out).toContain('S3_ACCESS_KEY_ID: Set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(await s3.objects()).toEqual(new Map());
  });

  it('has nothing to copy from a data folder without files', async () => {
    const res = await migrate({ DATA_DIR: dataDir, ...s3.env });
    expect(res).toEqual({ code: 0, out: `Nothing to copy: ${path.join(dataDir, 'files')} does not exist.\n` });
  });

  it('copies every upload once, skips what the bucket already holds, and a second run copies nothing', async () => {
    const local = createLocalStorage(path.join(dataDir, 'files'));
    const photo = newUploadKey('jpg');
    const logo = newUploadKey('png');
    const demo = 'images/demo/bands/salt-and-static.jpg';
    const stale = newUploadKey('jpg');
    await local.put(photo, Buffer.from('photo bytes'), 'image/jpeg');
    await local.put(logo, Buffer.from('logo bytes'), 'image/png');
    await local.put(demo, Buffer.from('demo bytes'), 'image/jpeg');
    await local.put(stale, Buffer.from('the whole file'), 'image/jpeg');
    await fs.writeFile(path.join(dataDir, 'files', 'notes.txt'), 'not an upload');
    // One upload is already in the bucket; another only in part (a copy cut short).
    const bucket = createS3Storage(s3.settings);
    await bucket.put(photo, Buffer.from('photo bytes'), 'image/jpeg');
    await bucket.put(stale, Buffer.from('the wh'), 'image/jpeg');

    const first = await migrate({ DATA_DIR: dataDir, ...s3.env });
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(`Copying ${path.join(dataDir, 'files')} to bucket ${s3.bucket} at ${s3.endpoint}…`);
    expect(first.out).toContain('Copied: 3. Already in the bucket: 1.');
    expect(first.out).toContain('Left alone, not named as Marquee names uploads: 1\n  notes.txt');
    expect(await s3.objects()).toEqual(
      new Map([
        [photo, 'photo bytes'.length],
        [logo, 'logo bytes'.length],
        [demo, 'demo bytes'.length],
        [stale, 'the whole file'.length],
      ]),
    );
    const logoInBucket = await fetch(`${s3.publicUrl}/${logo}`);
    expect(logoInBucket.headers.get('content-type')).toBe('image/png');
    expect(logoInBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await bucket.get(demo)).toEqual(Buffer.from('demo bytes'));

    const second = await migrate({ DATA_DIR: dataDir, ...s3.env });
    expect(second.out).toContain('Copied: 0. Already in the bucket: 4.');
  });
});
