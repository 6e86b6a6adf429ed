// Legacy import benchmark (issue 25): a generated export of 10,000 accounts, 50,000 gigs, 100,000
// applications and 5,000 images, imported into an empty database, then the same export again.
// Targets: the import under 3 minutes, the second run under 30 s, on PGlite and on PostgreSQL.
//
//   npm run bench:legacy-import                       (PGlite, in a data folder as npm start keeps it)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:legacy-import
//
// Settings (environment): BENCH_LEGACY_SIZE=small for a quick look; BENCH_DRY_RUN=1 to time a dry run too.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateLegacyExport } from '../scripts/legacy-export/generate-legacy-export.ts';
import { importLegacyExport, type ImportReport } from '../src/server/features/legacy-import/import-legacy.ts';
import { formatImportReport } from '../src/server/features/legacy-import/import-report.ts';
import { createTestApp } from '../tests/helpers/test-app.ts';

const size = process.env.BENCH_LEGACY_SIZE === 'small' ? 'small' : 'bench';
const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-legacy-bench-'));
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);

try {
  let started = performance.now();
  const summary = await generateLegacyExport(folder, { size, seed: 7 });
  const exportMB = (await fs.stat(path.join(folder, 'firestore.json'))).size / 1024 / 1024;
  console.log(`Generated the export in ${((performance.now() - started) / 1000).toFixed(1)} s: ${summary.counts.users} accounts, ${summary.counts.gigs} gigs, ${summary.counts.gigApplications} applications, ${summary.counts.images} images; firestore.json ${exportMB.toFixed(0)} MB`);

  const t = await createTestApp({ isEmbeddedInDataDir: !process.env.DATABASE_URL });
  const engine = t.services.database.kind === 'pglite' ? 'PGlite (embedded, in a data folder)' : 'PostgreSQL server';
  const deps = { db: t.db, storage: t.services.storage, maxBytes: t.services.env.UPLOAD_MAX_BYTES };
  const timed = async (label: string, isDryRun: boolean): Promise<ImportReport> => {
    started = performance.now();
    const report = await importLegacyExport(deps, folder, { isDryRun });
    const seconds = (performance.now() - started) / 1000;
    console.log(`\n${label}: ${seconds.toFixed(1)} s\n${formatImportReport(report)}`);
    return report;
  };
  console.log(`\nLegacy import benchmark on ${engine}, ${os.availableParallelism()} cores`);
  if (process.env.BENCH_DRY_RUN) await timed('Dry run', true);
  const first = await timed('Import into an empty database (target under 180 s)', false);
  const second = await timed('The same export again (target under 30 s)', false);
  const changed = second.tallies.reduce((n, { tally }) => n + tally.imported + tally.updated, 0);
  if (changed > 0) throw new Error(`the second run changed ${changed} records`);
  if (first.refusals.length !== second.refusals.length) throw new Error('the second run refused different records');
  console.log(`\nPeak memory (RSS): ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  await t.close();
} finally {
  clearInterval(sampler);
  await fs.rm(folder, { recursive: true, force: true });
}
