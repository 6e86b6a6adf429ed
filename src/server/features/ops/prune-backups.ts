import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE } from './backup-manifest.ts';

const BACKUP_NAME = /^marquee-\d{8}-\d{6}$/;

/**
 * Deletes all but the `keep` newest complete backups in the folder (BACKUP_KEEP), and returns the
 * deleted paths. Counting backups rather than days means a run of failed nights never deletes the
 * last good ones. Anything else in the folder is left alone.
 */
export async function pruneBackups(backupsDir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(backupsDir))
    .filter((name) => BACKUP_NAME.test(name) && existsSync(path.join(backupsDir, name, MANIFEST_FILE)))
    .sort()
    .reverse();
  const deleted = names.slice(keep).map((name) => path.join(backupsDir, name));
  for (const folder of deleted) await fs.rm(folder, { recursive: true, force: true });
  return deleted;
}
