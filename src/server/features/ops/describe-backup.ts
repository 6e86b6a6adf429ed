import type { BackupManifest } from './backup-manifest.ts';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** What a backup holds, in the lines `npm run backup` and `npm run restore` print. */
export function describeBackup(manifest: BackupManifest): string[] {
  const rows = (table: string) => (manifest.tables[table] ?? 0).toLocaleString('en-US');
  const allRows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const database = manifest.kind === 'pglite' ? `embedded database (PGlite, PostgreSQL ${manifest.postgresVersion})` : `PostgreSQL ${manifest.postgresVersion} database`;
  const files = manifest.uploadedFiles;
  return [
    `${database}, ${manifest.migrations} migrations: ${rows('public.user')} accounts, ${rows('public.gigs')} gigs, ${rows('public.tickets')} tickets; ` +
      `${allRows.toLocaleString('en-US')} rows in ${Object.keys(manifest.tables).length} tables`,
    `${files.count.toLocaleString('en-US')} uploaded files, ${formatBytes(files.bytes)}`,
    ...(files.isInBucket ? ['Uploads kept in the S3 bucket are not in the backup: keep versioning on for the bucket, which keeps their history.'] : []),
  ];
}
