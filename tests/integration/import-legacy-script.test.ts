// Issue 36: `npm run import:legacy` as an operator sees it in CI or a pipe: a line per collection as
// it finishes, the summary table with the report's path and honest times; and a dry run that leaves
// the data folder exactly as it was (no lock, no database, no files, no report in it).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegacyExportSummary } from '../../scripts/legacy-export/generate-legacy-export.ts';

const SCRIPT = path.join(import.meta.dirname, '../../scripts/import-legacy.ts');
const FIXTURE = path.join(import.meta.dirname, '../fixtures/legacy-export');
const summary = JSON.parse(await fs.readFile(path.join(FIXTURE, 'summary.json'), 'utf8')) as LegacyExportSummary;

let workDir: string;
let exportDir: string;
/** The records and files the first import brought in: a dry run afterwards finds them all unchanged. */
let importedTotal = 0;

/** Runs the script as the operator would, its output a pipe (not a terminal). */
async function importLegacy(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, exportDir, ...args], {
    cwd: workDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ: 'UTC', DATA_DIR: dataDir },
  });
  return stdout;
}

/** Every file and folder under a folder with its size, mode and modification time (nanoseconds). */
async function snapshot(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(file, { bigint: true });
      return `${path.relative(folder, file)} ${stat.size} ${stat.mode} ${stat.mtimeNs}`;
    }),
  );
  const root = await fs.stat(folder, { bigint: true });
  return [`. ${root.mode} ${root.mtimeNs}`, ...lines.sort()];
}

/** The summary table's row for a collection: imported, updated, unchanged, refused. */
function rowOf(output: string, collection: string): number[] {
  const line = output.split('\n').find((l) => new RegExp(`^${collection} +\\d+ +\\d+ +\\d+ +\\d+ +\\d+\\.\\d$`).test(l));
  expect(line, `the summary table has a row for ${collection}`).toBeDefined();
  return line!.split(/ +/).slice(1, 5).map(Number);
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-import-script-'));
  exportDir = path.join(workDir, 'export');
  await fs.cp(FIXTURE, exportDir, { recursive: true });
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

describe('npm run import:legacy, its output in a pipe (issue 36)', () => {
  it('says what it does per collection, ends with the table and the report, and a second run finds everything unchanged', async () => {
    const dataDir = path.join(workDir, 'data');
    const output = await importLegacy(dataDir);

    expect(output).toMatch(/^Opening the database…$/m);
    expect(output).toMatch(/^database opened +\d+\.\d s/m);
    // One plain line per collection as it finishes (no bar, no carriage returns in a pipe).
    expect(output).not.toContain('\r');
    const fileCount = summary.counts.images;
    expect(output).toMatch(new RegExp(`^storage +${fileCount} files +\\d+\\.\\d s +${fileCount} imported, 0 updated, 0 unchanged, 0 refused$`, 'm'));
    const brokenUsers = summary.broken.filter((b) => b.collection === 'users').length;
    expect(output).toMatch(new RegExp(`^users +\\d+ records +\\d+\\.\\d s +\\d+ imported, 0 updated, 0 unchanged, ${brokenUsers} refused$`, 'm'));
    const brokenGigs = summary.broken.filter((b) => b.collection === 'gigs').length;
    expect(output).toMatch(new RegExp(`^gigs +${summary.counts.gigs} records +\\d+\\.\\d s +${summary.counts.gigs - brokenGigs} imported, 0 updated, 0 unchanged, ${brokenGigs} refused$`, 'm'));

    expect(rowOf(output, 'storage')).toEqual([fileCount, 0, 0, 0]);
    expect(rowOf(output, 'gigs')).toEqual([summary.counts.gigs - brokenGigs, 0, 0, brokenGigs]);
    const [imported, updated, unchanged, refused] = rowOf(output, 'total');
    expect([updated, unchanged, refused]).toEqual([0, 0, summary.broken.length]);
    expect(imported).toBeGreaterThan(100);
    importedTotal = imported!;

    const refusedFile = path.join(exportDir, 'import-refused.csv');
    expect(output).toContain(`Report: ${refusedFile} (${summary.broken.length} refused, with their reasons) and ${path.join(exportDir, 'import-notes.csv')}`);
    expect((await fs.readFile(refusedFile, 'utf8')).trim().split('\n')).toHaveLength(summary.broken.length + 1);
    // The total time counts everything, opening the database first of all.
    const times = /^Times: starting (\d+\.\d) s, opening the database (\d+\.\d) s, .* took (\d+\.\d) s in all/m.exec(output);
    expect(times).not.toBeNull();
    expect(Number(times![3])).toBeGreaterThanOrEqual(Number(times![1]) + Number(times![2]));

    const again = await importLegacy(dataDir);
    expect(rowOf(again, 'total')).toEqual([0, 0, imported, summary.broken.length]);
  }, 120_000);

  it('a dry run leaves the data folder exactly as it was, and creates none where there is none', async () => {
    const dataDir = path.join(workDir, 'data');
    const before = await snapshot(dataDir);
    const reportDir = path.join(workDir, 'dry-run-report');
    const output = await importLegacy(dataDir, '--dry-run', '--report-dir', reportDir);
    expect(output).toMatch(/a copy of its database in .*, removed afterwards/);
    expect(rowOf(output, 'total')).toEqual([0, 0, importedTotal, summary.broken.length]);
    expect(output).toContain('dry run: nothing was written');
    expect(await snapshot(dataDir)).toEqual(before);
    // The report goes where it was asked, outside the data folder.
    await fs.access(path.join(reportDir, 'import-refused.csv'));

    const noData = path.join(workDir, 'no-data');
    const fresh = await importLegacy(noData, '--dry-run', '--report-dir', path.join(noData, 'report'));
    expect(fresh).toContain('no database there yet: an empty one in memory');
    expect(fresh).toContain('Report: not written');
    expect(rowOf(fresh, 'storage')).toEqual([summary.counts.images, 0, 0, 0]);
    await expect(fs.access(noData)).rejects.toThrow();
  }, 120_000);

  it('a record corrected in the refused CSV imports with --fixes and is never refused again, though each run rewrites that CSV', async () => {
    const dataDir = path.join(workDir, 'data');
    const refusedFile = path.join(exportDir, 'import-refused.csv');
    const rows = parse<Record<string, string>>(await fs.readFile(refusedFile, 'utf8'), { columns: true });
    const row = rows.find((r) => r.collection === 'users' && r.reason === 'missing bandName')!;
    row.document = JSON.stringify({ ...(JSON.parse(row.document!) as object), bandName: 'The Corrected Name' });
    await fs.writeFile(refusedFile, stringify(rows, { header: true, columns: ['collection', 'id', 'reason', 'document'] }));

    const fixed = await importLegacy(dataDir, '--fixes', refusedFile);
    expect(fixed).toContain(`with ${rows.length} corrected records`);
    const [imported, , , refused] = rowOf(fixed, 'users');
    expect([imported, refused]).toEqual([1, rows.filter((r) => r.collection === 'users').length - 1]);
    expect(fixed).not.toContain(`refused users/${row.id}:`);

    // The run rewrote the CSV without the corrected record; running again as told keeps it.
    expect(await fs.readFile(refusedFile, 'utf8')).not.toContain(row.id);
    for (const args of [['--fixes', refusedFile], []]) {
      const later = await importLegacy(dataDir, ...args);
      expect(rowOf(later, 'users')).toEqual([0, 0, rowOf(fixed, 'users')[2]! + 1, refused]);
      expect(later).not.toContain(`refused users/${row.id}:`);
    }
  }, 120_000);
});
