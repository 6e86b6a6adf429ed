import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { checksumFile } from './copy-with-checksums.ts';

// A backup is one folder (decision 28): the database dump, the uploaded files, the generated auth
// secret if there is one, and this manifest, written last.
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = { pglite: 'pglite-data.tar.gz', postgres: 'database.dump' } as const;
export const FILES_FOLDER = 'files';
export const AUTH_SECRET_FILE = 'auth-secret';

const relativePath = z.string().refine((p) => p.length > 0 && !p.startsWith('/') && !p.split('/').some((part) => part === '..' || part === ''), { error: 'not a path inside the backup' });

const manifestSchema = z.object({
  format: z.literal('marquee-backup'),
  version: z.literal(1),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  postgresVersion: z.string(),
  /** PostgreSQL only: the pg_dump that wrote the dump; pg_restore must be this version or newer. */
  pgDumpMajor: z.number().int().optional(),
  migrations: z.number().int().min(0),
  /** Rows in every table at the moment of the dump; a restore must find the same. */
  tables: z.record(z.string(), z.number().int().min(0)),
  uploadedFiles: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Uploads kept in an S3 bucket are not in the backup (the bucket's versioning keeps them). */
    isInBucket: z.boolean(),
  }),
  /** Every other file of the backup, by its path inside it: size and SHA-256. */
  contents: z.record(relativePath, z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export function toManifestJson(manifest: BackupManifest): string {
  return `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`;
}

export async function readBackupManifest(backupDir: string): Promise<BackupManifest> {
  const file = path.join(backupDir, MANIFEST_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new AppError(
      'NOT_FOUND',
      `${path.resolve(backupDir)} is not a Marquee backup: it has no ${MANIFEST_FILE}. (A backup that was interrupted is left in a folder named .marquee-….partial and cannot be restored.)`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', `${file} is damaged: it is not JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new AppError('BAD_REQUEST', `${file} is not a backup manifest this version of Marquee can read (${parsed.error.issues[0]?.message ?? 'invalid'}).`);
  return parsed.data;
}

/** Checks one file of the backup against the manifest before anything is restored from it. */
export async function verifyBackupFile(backupDir: string, manifest: BackupManifest, relative: string): Promise<void> {
  const expected = manifest.contents[relative];
  if (!expected) throw new AppError('BAD_REQUEST', `The backup's manifest does not list ${relative}.`);
  let found;
  try {
    found = await checksumFile(path.join(backupDir, relative));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new AppError('BAD_REQUEST', `The backup is incomplete: ${relative} is missing.`);
  }
  if (found.sha256 !== expected.sha256) throw new AppError('BAD_REQUEST', `The backup is damaged: ${relative} does not match its checksum in the manifest.`);
}
