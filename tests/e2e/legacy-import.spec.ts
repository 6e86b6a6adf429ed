import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { formatLocalDate } from '../../src/core/time.ts';
import type { LegacyExportSummary } from '../../scripts/legacy-export/generate-legacy-export.ts';
import { expectAccessible, logIn, logOut, shot } from './helpers.ts';

// Issue 25, "Done when": an operator generates an export of the old system, dry-runs it, imports it
// and imports it again; then, on a Marquee started on that data, the band signs in with its old
// password and finds its site on its old subdomain, the venue its applications, and the jam sheet
// its songs. Its own server, beside the suite's (which holds the demo scene), on the next port down.
const PORT = Number(process.env.E2E_PORT ?? 3199) - 1;
const LEGACY_URL = `http://localhost:${PORT}`;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test.use({ baseURL: LEGACY_URL });

type Doc = Record<string, unknown>;
type Firestore = Record<string, Record<string, Doc>>;
type Table = { heading: string[]; rows: Record<string, number[]> };

let work: string;
let exportDir: string;
let server: ChildProcess | undefined;
let serverErrors = '';
let summary: LegacyExportSummary;
let firestore: Firestore;

/** The settings both the import and the server read: this test's data folder, never a .env's database or bucket. */
const settings = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  S3_BUCKET: '',
  S3_REGION: '',
  S3_ACCESS_KEY_ID: '',
  S3_SECRET_ACCESS_KEY: '',
  S3_ENDPOINT: '',
  S3_PUBLIC_URL: '',
  PORT: String(PORT),
  PUBLIC_URL: LEGACY_URL,
  // Skipped: the database has users once the import ran.
  DEMO_DATA: 'true',
  LOG_LEVEL: 'warn',
  SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
  REGISTER_RATE_LIMIT_PER_HOUR: '1000',
  TZ: 'UTC',
});

/** `npm run <script> -- <args>`, as the operator types it; its output. */
async function npmRun(script: string, args: string[], dataDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: settings(dataDir), maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/**
 * The summary table a run ends with (issue 36): per collection (and 'total'), imported, updated,
 * unchanged, refused, then the seconds it took (left out here: times vary); rules of dashes between.
 */
function readTable(stdout: string): Table {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith('collection '));
  expect(start, stdout).toBeGreaterThanOrEqual(0);
  const heading = lines[start]!.trim().split(/\s{2,}/);
  expect(heading.at(-1)).toBe('seconds');
  const rows: Record<string, number[]> = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    const match = /^(\w+)((?:\s+\d+){4})\s+\d+\.\d+$/.exec(line.trim());
    if (match) rows[match[1]!] = match[2]!.trim().split(/\s+/).map(Number);
  }
  return { heading: heading.slice(0, -1), rows };
}

async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (${child.exitCode}): ${serverErrors}`);
    const ready = await fetch(url).then((res) => res.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s: ${serverErrors}`);
}

/** The calendar date an old gig was on: its dateString, or else its timestamp's day at the venue (these are in Chicago). */
function dateOf(gig: Doc): string {
  if (typeof gig.dateString === 'string') return gig.dateString;
  const stamp = gig.date as { _seconds?: number; value?: { _seconds: number } };
  const seconds = stamp._seconds ?? stamp.value!._seconds;
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(seconds * 1000));
}

test.beforeAll(async () => {
  // Four commands and a server start on two cores shared with the rest of the suite.
  test.setTimeout(300_000);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-legacy-e2e-'));
  exportDir = path.join(work, 'export');
  const dataDir = path.join(work, 'data');

  await npmRun('legacy:generate', [exportDir, '--size', 'small', '--seed', '1', '--now', '2026-11-01T00:00:00Z'], dataDir);
  summary = JSON.parse(await fs.readFile(path.join(exportDir, 'summary.json'), 'utf8')) as LegacyExportSummary;
  firestore = JSON.parse(await fs.readFile(path.join(exportDir, 'firestore.json'), 'utf8')) as Firestore;

  // The dry run: what it would import, and every broken record named with its reason.
  const dryRun = await npmRun('import:legacy', [exportDir, '--dry-run'], dataDir);
  const wouldImport = readTable(dryRun);
  expect(wouldImport.heading).toEqual(['collection', 'would import', 'would update', 'unchanged', 'refused']);
  expect(wouldImport.rows.total).toEqual([expect.any(Number), 0, 0, summary.broken.length]);
  expect(wouldImport.rows.users![0]).toBeGreaterThan(0);
  for (const broken of summary.broken) expect(dryRun).toMatch(new RegExp(`^refused ${broken.collection}/${broken.id}: \\S`, 'm'));
  expect(dryRun).toContain('dry run: nothing was written');
  const refusedCsv = await fs.readFile(path.join(exportDir, 'import-refused.csv'), 'utf8');
  for (const broken of summary.broken) expect(refusedCsv).toContain(broken.id);

  // The import writes what the dry run said it would (as new records: the dry run wrote none of them).
  const imported = readTable(await npmRun('import:legacy', [exportDir], dataDir));
  expect(imported.heading).toEqual(['collection', 'imported', 'updated', 'unchanged', 'refused']);
  expect(imported.rows).toEqual(wouldImport.rows);

  // Run again, it changes nothing.
  const again = readTable(await npmRun('import:legacy', [exportDir], dataDir));
  expect(again.rows.total).toEqual([0, 0, imported.rows.total![0], summary.broken.length]);

  // A server left over from an interrupted run would answer in place of this one.
  const isPortTaken = await fetch(`${LEGACY_URL}/readyz`).then(() => true, () => false);
  expect(isPortTaken, `Port ${PORT} is in use: stop what listens there`).toBe(false);
  server = spawn(process.execPath, ['src/server/main.ts'], { cwd: ROOT, env: settings(dataDir), stdio: ['ignore', 'ignore', 'pipe'] });
  // Should the worker die before afterAll, the server goes with it rather than holding the port.
  process.once('exit', () => server?.kill('SIGKILL'));
  server.stderr!.on('data', (chunk: Buffer) => (serverErrors = (serverErrors + chunk.toString()).slice(-4000)));
  await waitUntilReady(server, `${LEGACY_URL}/readyz`, 120_000);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (server && server.exitCode === null) {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    const timer = setTimeout(() => server!.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
  if (work) await fs.rm(work, { recursive: true, force: true });
});

test('an imported scene: the band signs in with its old password and has its site, the venue its applicants, the jam its songs', async ({ page }) => {
  test.setTimeout(180_000);
  const users = firestore.users!;
  const gigs = firestore.gigs!;
  const band = users[summary.bandWithSite]!;
  const bandName = band.bandName as string;
  const venue = users[summary.venueWithApplications]!;

  // The band signs in with the password it had on the old system.
  await logIn(page, band.email as string, summary.passwords[summary.bandWithSite]!);
  await expect(page).toHaveTitle('Dashboard | Marquee');
  await expect(page.getByText(`Signed in as ${band.email as string}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your shows' })).toBeVisible();
  await shot(page, 'legacy-band-dashboard');

  // Its site on its old subdomain: its name, its images (from Marquee's storage, loaded), its upcoming gigs.
  await page.goto(`http://thevelvetstatic.localhost:${PORT}/`);
  await expect(page.getByRole('heading', { level: 1, name: bandName })).toBeVisible();
  await expect(page.getByRole('img', { name: `${bandName} logo` })).toHaveAttribute('src', /^\/files\//);
  const shows = page.getByRole('region', { name: 'Upcoming shows' });
  for (const id of summary.ids.upcomingGigsOfBandWithSite) {
    const gig = gigs[id]!;
    expect(dateOf(gig) >= '2031-01-01').toBe(true);
    await expect(shows.getByRole('listitem').filter({ hasText: formatLocalDate(dateOf(gig)) }).filter({ hasText: gig.venue as string })).toBeVisible();
  }
  await shot(page, 'legacy-band-site');
  const images = page.locator('img[src^="/files/"]');
  expect(await images.count()).toBeGreaterThanOrEqual(2);
  for (const image of await images.all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: await image.getAttribute('src') ?? '' }).toBeGreaterThan(0);
  }
  await expectAccessible(page);

  // The venue, with its old password, sees who applied for its open gigs.
  await page.goto('/dashboard');
  await logOut(page);
  await logIn(page, venue.email as string, summary.passwords[summary.venueWithApplications]!);
  await page.getByRole('tab', { name: /^Upcoming Gigs to be Approved/ }).click();
  const refused = new Set(summary.broken.map((b) => b.id));
  const applications = Object.entries(firestore.gigApplications!).flatMap(([id, application]) => (refused.has(id) ? [] : [application]));
  for (const id of summary.ids.openGigsAtVenue) {
    const gig = gigs[id]!;
    const heading = new RegExp(`^${formatLocalDate(dateOf(gig))},`);
    // Pending is 'pending' or empty in the old system (spec 2 §3).
    const pending = applications.filter((a) => (a.gigID ?? a.gigId) === id && ['pending', '', undefined].includes(a.status as string | undefined));
    expect(pending.length).toBeGreaterThan(0);
    if (gig.promoterId) {
      // A promoter's gig at the venue: the promoter chooses; the venue sees how many wait.
      const promoterGig = page.getByRole('region', { name: "Promoters' gigs at your venue" }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading }) });
      await expect(promoterGig.getByText(`Open: ${pending.length} applicants waiting for the promoter`)).toBeVisible();
      continue;
    }
    const card = page.getByRole('article', { name: heading });
    for (const application of pending) {
      const applicant = application.bandID ? (users[application.bandID as string]!.bandName as string) : (application.artistName as string);
      await expect(card.getByRole('button', { name: `Approve ${applicant}` })).toBeVisible();
    }
    await expect(card.getByRole('button', { name: /^Approve / })).toHaveCount(pending.length);
  }
  await shot(page, 'legacy-venue-applicants');
  await expectAccessible(page);

  // The jam session in 2031 on the open-jam sheet, with its songs and who signed up for them.
  await page.goto('/open-jam');
  const jam = firestore.jamSessions![summary.ids.upcomingJamSession]!;
  const session = page.getByRole('article').filter({ hasText: formatLocalDate(jam.date as string) });
  await expect(session.getByText(jam.location as string)).toBeVisible();
  const songs = Object.values((jam.__collections__ as { songs: Record<string, Doc> }).songs);
  expect(songs.length).toBeGreaterThan(0);
  await expect(session.getByRole('row')).toHaveCount(songs.length + 1);
  // Each song's row, with its artist and everyone in its slots (a cell is a name, or an object holding one).
  const nameIn = (cell: unknown) => (typeof cell === 'string' ? cell : (cell as { name?: string } | null)?.name);
  for (const song of songs) {
    let row = session.getByRole('row').filter({ hasText: song.song as string });
    for (const field of ['artist', 'drums', 'bass', 'guitar1', 'guitar2', 'keys', 'vocal1', 'other']) {
      const name = nameIn(song[field]);
      if (name) row = row.filter({ hasText: name });
    }
    await expect(row.first(), song.song as string).toBeVisible();
  }
  await shot(page, 'legacy-open-jam');
  await expectAccessible(page);
});
