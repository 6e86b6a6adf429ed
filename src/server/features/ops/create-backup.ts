import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataFolderLockedError, lockDataFolder } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import { AUTH_SECRET_FILE, DATABASE_FILE, FILES_FOLDER, MANIFEST_FILE, toManifestJson, type BackupManifest } from './backup-manifest.ts';
import { checksumFile, copyWithChecksums, syncToDisk, writeFileDurably, type ContentEntry } from './copy-with-checksums.ts';
import { dumpEmbeddedDatabase, type EmbeddedDump } from './dump-embedded-database.ts';
import { dumpServerDatabase } from './dump-server-database.ts';
import { requestEmbeddedDump } from './serve-backup-requests.ts';

export type CreatedBackup = { path: string; bytes: number; manifest: BackupManifest };

/** `marquee-20261124-031500`: the UTC time it was made, so the names sort by age. */
export function nameBackup(now: Date): string {
  return `marquee-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
}

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Backs up the scene (decision 28): the database (PostgreSQL: pg_dump; embedded: PGlite's data
 * folder), the uploaded files and the generated auth secret, into one new folder under
 * `backupsDir`. The folder is built under a temporary name and renamed when complete, so a folder
 * with the final name is always a whole backup.
 */
export async function createBackup({ env, backupsDir, isBucketStorage = false, now = new Date() }: { env: Env; backupsDir: string; isBucketStorage?: boolean; now?: Date }): Promise<CreatedBackup> {
  const dataDir = path.resolve(env.DATA_DIR);
  const root = path.resolve(backupsDir);
  if (isInside(root, dataDir)) throw new AppError('BAD_REQUEST', `Keep backups outside the data folder: ${root} is inside DATA_DIR (${dataDir}).`);
  const name = nameBackup(now);
  const finalPath = path.join(root, name);
  if (existsSync(finalPath)) throw new AppError('CONFLICT', `${finalPath} already exists: one backup a second at most.`);
  const partial = path.join(root, `.${name}.partial`);
  await fs.mkdir(root, { recursive: true });
  await fs.mkdir(partial).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST' ? new AppError('CONFLICT', `Another backup is being written to ${partial}.`) : error;
  });
  try {
    const contents: Record<string, ContentEntry> = {};
    let database: Pick<BackupManifest, 'kind' | 'postgresVersion' | 'migrations' | 'tables' | 'pgDumpMajor'>;
    if (env.DATABASE_URL) {
      const file = path.join(partial, DATABASE_FILE.postgres);
      const { facts, pgDumpMajor } = await dumpServerDatabase(env.DATABASE_URL, file);
      await syncToDisk(file);
      contents[DATABASE_FILE.postgres] = await checksumFile(file);
      database = { kind: 'postgres', ...facts, pgDumpMajor };
    } else {
      const { tarball, facts } = await dumpEmbeddedDataFolder(dataDir);
      contents[DATABASE_FILE.pglite] = await writeFileDurably(path.join(partial, DATABASE_FILE.pglite), tarball);
      database = { kind: 'pglite', ...facts };
    }
    // Files after the database: an upload is written before its row and never changed or deleted
    // after, so every file the dump refers to is already here (a newer one is merely extra).
    const uploaded = await copyWithChecksums(path.join(dataDir, 'files'), path.join(partial, FILES_FOLDER));
    for (const [relative, entry] of Object.entries(uploaded)) contents[`${FILES_FOLDER}/${relative}`] = entry;
    if (existsSync(path.join(dataDir, AUTH_SECRET_FILE))) {
      await fs.copyFile(path.join(dataDir, AUTH_SECRET_FILE), path.join(partial, AUTH_SECRET_FILE));
      contents[AUTH_SECRET_FILE] = await checksumFile(path.join(partial, AUTH_SECRET_FILE));
    }
    const manifest: BackupManifest = {
      format: 'marquee-backup',
      version: 1,
      ...database,
      createdAt: now.toISOString(),
      uploadedFiles: {
        count: Object.keys(uploaded).length,
        bytes: Object.values(uploaded).reduce((sum, entry) => sum + entry.bytes, 0),
        isInBucket: isBucketStorage,
      },
      contents,
    };
    const written = await writeFileDurably(path.join(partial, MANIFEST_FILE), toManifestJson(manifest));
    await syncToDisk(partial);
    await fs.rename(partial, finalPath);
    await syncToDisk(root);
    const bytes = Object.values(contents).reduce((sum, entry) => sum + entry.bytes, written.bytes);
    return { path: finalPath, bytes, manifest };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The embedded database: opened here under the data folder's lock when Marquee is stopped, or
 * dumped by the running Marquee that holds the lock.
 */
async function dumpEmbeddedDataFolder(dataDir: string): Promise<EmbeddedDump> {
  if (!existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
    throw new AppError('NOT_FOUND', `There is no embedded database in ${dataDir} to back up. Is DATA_DIR right (or DATABASE_URL missing)?`);
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataFolder(dataDir);
  } catch (error) {
    if (error instanceof DataFolderLockedError) return requestEmbeddedDump(dataDir);
    throw error;
  }
  try {
    const pglite = await PGlite.create(path.join(dataDir, 'db'));
    try {
      return await dumpEmbeddedDatabase(pglite);
    } finally {
      await pglite.close();
    }
  } finally {
    await release();
  }
}
