// Writes a made-up export of the old system (issue 25 test data) into a folder:
// `npm run legacy:generate -- <folder> [--size small|bench] [--seed N] [--now 2026-11-01T00:00:00Z]`.
// The folder can then be given to `npm run import:legacy`. Its summary (special ids, broken records,
// passwords) is written beside it as summary.json.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { generateLegacyExport, writeLegacyExportSummary } from './legacy-export/generate-legacy-export.ts';

const usage = 'Usage: npm run legacy:generate -- <folder> [--size small|bench] [--seed N] [--now ISO-date]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { size: { type: 'string', default: 'small' }, seed: { type: 'string', default: '1' }, now: { type: 'string' } },
});
const folder = positionals[0];
const size = values.size;
const seed = Number(values.seed);
const now = values.now ? new Date(values.now) : new Date();
if (!folder || positionals.length > 1 || (size !== 'small' && size !== 'bench') || !Number.isInteger(seed) || Number.isNaN(now.getTime())) {
  console.error(usage);
  process.exit(2);
}
// Written into a folder that already holds files, an export would mix old images with new ones.
if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
  console.error(`${folder} is not empty: give a new or empty folder.`);
  process.exit(2);
}
const started = performance.now();
const summary = await generateLegacyExport(folder, { size, seed, now });
await writeLegacyExportSummary(folder, summary);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Wrote ${size} export (seed ${seed}) to ${folder} in ${seconds} s`);
for (const [name, count] of Object.entries(summary.counts)) console.log(`  ${name.padEnd(22)} ${count}`);
console.log(`  broken records         ${summary.broken.length}`);
console.log(`  band with a site       ${summary.bandWithSite} (password: ${summary.passwords[summary.bandWithSite]})`);
