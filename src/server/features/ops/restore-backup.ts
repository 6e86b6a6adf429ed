import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { countMigrationsInBuild, lockDataFolder } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import { AUTH_SECRET_FILE, DATABASE_FILE, FILES_FOLDER, readBackupManifest, verifyBackupFile, type BackupManifest } from './backup-manifest.ts';
import { copyWithChecksums, listFiles, syncToDisk } from './copy-with-checksums.ts';
import { assertPostgresTool, describeDatabaseUrl } from './postgres-tools.ts';
import { describeTableDifferences, readDatabaseFacts, type DatabaseFacts } from './read-database-facts.ts';
import { assertEmptyServerDatabase, restoreServerDatabase } from './restore-server-database.ts';

export type RestoredBackup = { manifest: BackupManifest; facts: DatabaseFacts };

/**
 * Restores a backup made by createBackup into an empty target (decision 28): the database named by
 * DATABASE_URL, or the embedded one in DATA_DIR, and DATA_DIR's uploaded files and auth secret.
 * The backup is checked against its manifest first; the files and the database are prepared
 * beside their final places and moved in last, so a failed restore leaves the target as it was.
 */
export async function restoreBackup({ env, backupDir }: { env: Env; backupDir: string }): Promise<RestoredBackup> {
  const manifest = await readBackupManifest(backupDir);
  if (manifest.kind === 'pglite' && env.DATABASE_URL) {
    throw new AppError('BAD_REQUEST', 'This is a backup of the embedded database: restore it without DATABASE_URL, into DATA_DIR.');
  }
  if (manifest.kind === 'postgres' && !env.DATABASE_URL) {
    throw new AppError('BAD_REQUEST', "This is a backup of a PostgreSQL server's database: restore it with DATABASE_URL set to an empty database.");
  }
  const buildMigrations = countMigrationsInBuild();
  if (manifest.migrations > buildMigrations) {
    throw new AppError('BAD_REQUEST', `The backup was made by a newer Marquee (${manifest.migrations} migrations; this one has ${buildMigrations}). Update Marquee first.`);
  }
  const databaseFile = path.join(backupDir, DATABASE_FILE[manifest.kind]);
  await verifyBackupFile(backupDir, manifest, DATABASE_FILE[manifest.kind]);
  if (manifest.contents[AUTH_SECRET_FILE]) await verifyBackupFile(backupDir, manifest, AUTH_SECRET_FILE);

  const dataDir = path.resolve(env.DATA_DIR);
  const release = env.DATABASE_URL ? undefined : await lockDataFolder(dataDir);
  try {
    await assertEmptyDataFolder(dataDir, { hasDatabase: !env.DATABASE_URL, secret: manifest.contents[AUTH_SECRET_FILE] ? path.join(backupDir, AUTH_SECRET_FILE) : undefined });
    if (env.DATABASE_URL) {
      await assertPostgresTool('pg_restore', manifest.pgDumpMajor ?? 0, `the backup was made by pg_dump ${manifest.pgDumpMajor}`);
      await assertEmptyServerDatabase(env.DATABASE_URL);
    }
    const stagedFiles = path.join(dataDir, '.files-restoring');
    const stagedDatabase = path.join(dataDir, '.db-restoring');
    // Left by a restore that was interrupted: the lock (embedded) or the empty target says no other is running.
    await fs.rm(stagedFiles, { recursive: true, force: true });
    await fs.rm(stagedDatabase, { recursive: true, force: true });
    try {
      const copied = await copyWithChecksums(path.join(backupDir, FILES_FOLDER), stagedFiles);
      const expected = Object.entries(manifest.contents).filter(([relative]) => relative.startsWith(`${FILES_FOLDER}/`));
      const damaged = expected.filter(([relative, entry]) => copied[relative.slice(FILES_FOLDER.length + 1)]?.sha256 !== entry.sha256).map(([relative]) => relative);
      if (damaged.length) throw new AppError('BAD_REQUEST', `The backup is damaged or incomplete: ${damaged.length} uploaded files are missing or do not match their checksums (${damaged.slice(0, 3).join(', ')}).`);

      const facts = env.DATABASE_URL ? await restoreServerDatabase(env.DATABASE_URL, databaseFile) : await loadEmbeddedDatabase(stagedDatabase, databaseFile);
      const differences = describeTableDifferences(manifest.tables, facts.tables);
      if (differences.length) {
        const where = env.DATABASE_URL ? `The database ${describeDatabaseUrl(env.DATABASE_URL)} now holds what was restored; empty it before trying again. ` : '';
        throw new AppError('INTERNAL', `The restored database does not match the backup. ${where}Differences:\n  ${differences.join('\n  ')}`);
      }
      await moveIntoPlace(stagedFiles, path.join(dataDir, 'files'));
      if (manifest.contents[AUTH_SECRET_FILE] && !existsSync(path.join(dataDir, AUTH_SECRET_FILE))) {
        await fs.copyFile(path.join(backupDir, AUTH_SECRET_FILE), path.join(dataDir, AUTH_SECRET_FILE));
        await fs.chmod(path.join(dataDir, AUTH_SECRET_FILE), 0o600);
      }
      if (!env.DATABASE_URL) await moveIntoPlace(stagedDatabase, path.join(dataDir, 'db'));
      await syncToDisk(dataDir);
      return { manifest, facts };
    } catch (error) {
      await fs.rm(stagedFiles, { recursive: true, force: true });
      await fs.rm(stagedDatabase, { recursive: true, force: true });
      throw error;
    }
  } finally {
    await release?.();
  }
}

/** Refuses a data folder that already holds a database, uploaded files, or another auth secret. */
async function assertEmptyDataFolder(dataDir: string, { hasDatabase, secret }: { hasDatabase: boolean; secret: string | undefined }): Promise<void> {
  const problems: string[] = [];
  if (hasDatabase && (await listFiles(path.join(dataDir, 'db'))).length > 0) problems.push('db/ holds a database');
  const files = (await listFiles(path.join(dataDir, 'files'))).length;
  if (files > 0) problems.push(`files/ holds ${files} uploaded files`);
  const ownSecret = path.join(dataDir, AUTH_SECRET_FILE);
  if (secret && existsSync(ownSecret) && (await fs.readFile(ownSecret, 'utf8')) !== (await fs.readFile(secret, 'utf8'))) {
    problems.push(`${AUTH_SECRET_FILE} differs from the backup's`);
  }
  if (problems.length === 0) return;
  throw new AppError(
    'CONFLICT',
    `A restore goes only into an empty data folder, and ${dataDir} is not: ${problems.join('; ')}. Set DATA_DIR to a new folder, or move these away first.`,
  );
}

/** Opens PGlite on the staged folder with the backup's tarball, which also checks that it starts. */
async function loadEmbeddedDatabase(folder: string, tarballFile: string): Promise<DatabaseFacts> {
  const tarball = await fs.readFile(tarballFile);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([new Uint8Array(tarball)]) });
  } catch (error) {
    throw new AppError('INTERNAL', `The backup's embedded database could not be opened by this Marquee's PGlite: ${(error as Error).message}`);
  }
  try {
    return await readDatabaseFacts(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
  } finally {
    await pglite.close();
  }
}

/** Renames a staged folder to its final name, where there may be folders but no files. */
async function moveIntoPlace(staged: string, final: string): Promise<void> {
  if ((await listFiles(final)).length > 0) throw new AppError('CONFLICT', `${final} gained files during the restore; nothing was moved there.`);
  await fs.rm(final, { recursive: true, force: true });
  await fs.rename(staged, final);
}
