// Restores a backup made by `npm run backup` (decision 28): `npm run restore -- <backup folder>`,
// with the settings of the Marquee it is for (.env): into the empty database named by DATABASE_URL,
// or into an empty DATA_DIR for the embedded database. Start Marquee afterwards.
import path from 'node:path';
import { DataFolderLockedError } from '../src/server/db/client.ts';
import { InvalidSettingsError, readEnv } from '../src/server/env.ts';
import { describeBackup } from '../src/server/features/ops/describe-backup.ts';
import { describeDatabaseUrl } from '../src/server/features/ops/postgres-tools.ts';
import { restoreBackup } from '../src/server/features/ops/restore-backup.ts';
import { AppError } from '../src/server/http/app-error.ts';

const [backupDir, ...rest] = process.argv.slice(2);
if (!backupDir || rest.length > 0) {
  console.error('Usage: npm run restore -- <backup folder>   (one made by npm run backup, e.g. backups/marquee-20261124-031500)');
  process.exit(2);
}
try {
  const env = readEnv();
  const { manifest } = await restoreBackup({ env, backupDir });
  const target = env.DATABASE_URL ? `the database ${describeDatabaseUrl(env.DATABASE_URL)} and ${path.resolve(env.DATA_DIR)}` : path.resolve(env.DATA_DIR);
  console.log(`Restored ${path.resolve(backupDir)} (made ${manifest.createdAt}) into ${target}`);
  for (const line of describeBackup(manifest)) console.log(`  ${line}`);
  console.log('Start Marquee (npm start); it applies any migrations newer than the backup.');
} catch (error) {
  if (!(error instanceof AppError || error instanceof InvalidSettingsError || error instanceof DataFolderLockedError)) throw error;
  console.error(`\nRestore failed.\n${error.message}\n`);
  process.exit(1);
}
