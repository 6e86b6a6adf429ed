// Backs up the scene (decision 28): `npm run backup`, with the server's settings (.env). The
// database (DATABASE_URL's, through pg_dump; or the embedded one in DATA_DIR, dumped by the running
// Marquee or, when it is stopped, here) with the uploaded files, into a new folder in BACKUP_DIR;
// then only the BACKUP_KEEP newest backups are kept (all when 0).
import path from 'node:path';
import { InvalidSettingsError, readEnv } from '../src/server/env.ts';
import { createBackup } from '../src/server/features/ops/create-backup.ts';
import { describeBackup, formatBytes } from '../src/server/features/ops/describe-backup.ts';
import { pruneBackups } from '../src/server/features/ops/prune-backups.ts';
import { AppError } from '../src/server/http/app-error.ts';

try {
  const env = readEnv();
  // S3_* settings keep the uploads in a bucket rather than DATA_DIR/files.
  const isBucketStorage = Object.entries(process.env).some(([name, value]) => name.startsWith('S3_') && Boolean(value?.trim()));
  const backup = await createBackup({ env, backupsDir: env.BACKUP_DIR, isBucketStorage });
  console.log(`Backup written: ${backup.path} (${formatBytes(backup.bytes)})`);
  for (const line of describeBackup(backup.manifest)) console.log(`  ${line}`);
  if (env.BACKUP_KEEP > 0) {
    for (const deleted of await pruneBackups(path.resolve(env.BACKUP_DIR), env.BACKUP_KEEP)) console.log(`Deleted an older backup (BACKUP_KEEP=${env.BACKUP_KEEP}): ${deleted}`);
  }
} catch (error) {
  if (!(error instanceof AppError || error instanceof InvalidSettingsError)) throw error;
  console.error(`\nBackup failed.\n${error.message}\n`);
  process.exit(1);
}
