// Copies the uploads kept on disk (DATA_DIR/files) to the S3 bucket in the S3_ settings
// (decision 27): `npm run storage:migrate`. Safe to run again; it copies only what is missing.
// Addresses already saved (/files/…) keep working: Marquee serves them from the bucket.
import fs from 'node:fs';
import path from 'node:path';
import { InvalidSettingsError, readEnv } from '../src/server/env.ts';
import { copyFilesToBucket } from '../src/server/storage/copy-files-to-bucket.ts';
import { s3SettingsOf } from '../src/server/storage/create-storage.ts';
import { createS3Storage } from '../src/server/storage/s3-storage.ts';

function readSettings() {
  try {
    return readEnv();
  } catch (error) {
    if (!(error instanceof InvalidSettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const env = readSettings();
const settings = s3SettingsOf(env);
if (!settings) {
  console.error(
    'S3 is not configured, so there is nowhere to copy the files to. Set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and ' +
      'S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a service other than AWS), as the server will have them; see docs/operators/configuration.md.',
  );
  process.exit(1);
}
const root = path.join(env.DATA_DIR, 'files');
if (!fs.existsSync(root)) {
  console.log(`Nothing to copy: ${root} does not exist.`);
  process.exit(0);
}
console.log(`Copying ${root} to bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}…`);
const report = await copyFilesToBucket(root, createS3Storage(settings));
console.log(`Copied: ${report.copied}. Already in the bucket: ${report.alreadyThere}.`);
if (report.ignored.length) {
  console.log(`Left alone, not named as Marquee names uploads: ${report.ignored.length}\n${report.ignored.map((key) => `  ${key}`).join('\n')}`);
}
