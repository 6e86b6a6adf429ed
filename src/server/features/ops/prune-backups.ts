import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE } from './backup-manifest.ts';

const BACKUP_NAME = /^marquee-\d{8}-\d{6}$/;

/** The complete backups (with their manifest) in the folder, oldest first; none when there is no folder. */
export async function listBackups(backupsDir: string): Promise<string[]> {
  const entries = await fs.readdir(backupsDir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return entries.filter((name) => BACKUP_NAME.test(name) && existsSync(path.join(backupsDir, name, MANIFEST_FILE))).sort();
}

/**
 * Deletes all but the `keep` newest complete backups in the folder (BACKUP_KEEP), and returns the
 * deleted paths. Counting backups rather than days means a run of failed nights never deletes the
 * last good ones. Anything else in the folder is left alone.
 */
export async function pruneBackups(backupsDir: string, keep: number): Promise<string[]> {
  const names = (await listBackups(backupsDir)).reverse();
  const deleted = names.slice(keep).map((name) => path.join(backupsDir, name));
  for (const folder of deleted) await fs.rm(folder, { recursive: true, force: true });
  return deleted;
}
