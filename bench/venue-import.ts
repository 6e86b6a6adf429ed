// Venue database CSV import benchmark (issue 11): 5,000 venues through the API.
//   - a dry run (the preview) of the file, then the real import (5,000 creates);
//   - the same file again: its dry run and import, now 5,000 updates and no new rows;
//   - the export of the whole directory.
//
//   npx node bench/venue-import.ts            (npm run bench:venue-import)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/venue-import.ts
//
// Settings (environment): BENCH_VENUES (5000, the import limit).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { venueDirectory } from '../src/server/db/schema.ts';
import { REGIONS } from '../src/server/db/seed/seed-regions.ts';
import { VENUE_TYPES, type VenueImportReport } from '../src/core/venue-directory.ts';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { signUpAs } from '../tests/helpers/accounts.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const VENUES = Number(process.env.BENCH_VENUES ?? 5000);
if (!Number.isInteger(VENUES) || VENUES < 1 || VENUES > 5000) throw new Error('BENCH_VENUES must be a whole number from 1 to 5000');

const t = await createTestApp();
const engine = t.services.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server';
const admin = await signUpAs(t, 'admin');

// A realistic file: every column the export writes, one venue per row; every fifth has no e-mail
// (matched on name, location and city), a few need quoting.
const header = 'name,location,venue_type,address,city,state,zip_code,phone,email,booking_email,website,contact_person,capacity,booking_lead_days,music_genres,has_stage,has_sound_system,allows_original_music,payment_structure,notes,active';
const lines = Array.from({ length: VENUES }, (_, i) => {
  const region = REGIONS[i % REGIONS.length]!;
  const hasEmail = i % 5 !== 0;
  return [
    `Bench Venue ${i}`,
    `"${region.name}"`,
    VENUE_TYPES[i % VENUE_TYPES.length],
    `${100 + (i % 900)} Main St`,
    `City ${i % 40}`,
    'IL',
    String(60000 + (i % 999)),
    '312-555-0100',
    hasEmail ? `venue${i}@bench.example` : '',
    i % 3 === 0 ? `booking${i}@bench.example` : '',
    `https://venue${i}.bench.example`,
    'Pat Booker',
    String(50 + (i % 950)),
    String([14, 21, 30, 45][i % 4]),
    'Rock; Blues; Jazz',
    i % 2 ? 'yes' : 'no',
    'yes',
    'yes',
    'Door split',
    i % 10 === 0 ? '"Loud room, early curfew"' : 'Books local bands',
    i % 7 ? 'yes' : 'no',
  ].join(',');
});
const csv = [header, ...lines].join('\n');

async function timed(dryRun: boolean, expect: { creates: number; updates: number }) {
  const start = performance.now();
  const res = await admin.client.post(`/api/admin/venue-database/import?dryRun=${dryRun}`, { csv });
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${res.text.slice(0, 300)}`);
  const report = res.json as VenueImportReport;
  if (report.creates.length !== expect.creates || report.updates.length !== expect.updates || report.errors.length) {
    throw new Error(`expected ${expect.creates} creates and ${expect.updates} updates, got ${report.creates.length}, ${report.updates.length} and ${report.errors.length} errors`);
  }
  return { ms, responseKB: res.text.length / 1024 };
}
const rowsInDirectory = async () => (await t.db.select({ n: count() }).from(venueDirectory))[0]!.n;

console.log(`Venue import benchmark on ${engine}: ${VENUES} venues, ${(csv.length / 1024).toFixed(0)} KB of CSV`);
const firstPreview = await timed(true, { creates: VENUES, updates: 0 });
const firstImport = await timed(false, { creates: VENUES, updates: 0 });
if ((await rowsInDirectory()) !== VENUES) throw new Error('the first import did not create every venue');
const secondPreview = await timed(true, { creates: 0, updates: VENUES });
const secondImport = await timed(false, { creates: 0, updates: VENUES });
if ((await rowsInDirectory()) !== VENUES) throw new Error('the re-import duplicated venues');
const exportStart = performance.now();
const exported = await admin.client.get('/api/admin/venue-database/export');
const exportMs = performance.now() - exportStart;
if (exported.status !== 200) throw new Error(`export answered ${exported.status}`);
await t.close();

const result = {
  date: new Date().toISOString().slice(0, 10),
  engine,
  venues: VENUES,
  csvKB: csv.length / 1024,
  firstPreview,
  firstImport,
  secondPreview,
  secondImport,
  export: { ms: exportMs, KB: exported.text.length / 1024 },
};
const line = (label: string, r: { ms: number; responseKB: number }) => `  ${label.padEnd(34)} ${r.ms.toFixed(0).padStart(6)} ms  (${((VENUES / r.ms) * 1000).toFixed(0)} rows/s, ${r.responseKB.toFixed(0)} KB JSON)`;
console.log(`
${line('dry run, new file (5,000 creates)', firstPreview)}
${line('import (5,000 creates)', firstImport)}
${line('dry run, same file (5,000 updates)', secondPreview)}
${line('re-import (5,000 updates)', secondImport)}
  ${'export of the directory'.padEnd(34)} ${exportMs.toFixed(0).padStart(6)} ms  (${(exported.text.length / 1024).toFixed(0)} KB CSV)
  the directory holds ${VENUES} venues after both imports`);

const name = t.services.database.kind === 'pglite' ? 'venue-import' : 'venue-import-postgres';
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
await fs.writeFile(path.join(HERE, 'results', `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
