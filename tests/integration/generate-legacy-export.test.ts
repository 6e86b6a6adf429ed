// Issue 25 test data: the generator of old-system exports (scripts/legacy-export) is deterministic, its
// image addresses resolve to files in storage/ (except the one it says is missing), its password hashes
// are real modified scrypt, and the committed fixture (tests/fixtures/legacy-export) is exactly what it
// generates, so the fixture never drifts from the generator.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FirebaseScrypt } from 'firebase-scrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateLegacyExport,
  legacyPasswordOf,
  writeLegacyExportSummary,
  type LegacyExportSummary,
} from '../../scripts/legacy-export/generate-legacy-export.ts';
import {
  legacyStoragePath,
  type LegacyAuthExport,
  type LegacyFirestore,
  type LegacyHashConfig,
} from '../../src/server/features/legacy-import/export-format.ts';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/legacy-export');
const NOW = new Date('2026-11-01T00:00:00Z');

let workDir: string;
let first: string;
let summary: LegacyExportSummary;

async function listFiles(root: string, under = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, under), { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry) => (entry.isDirectory() ? listFiles(root, path.join(under, entry.name)) : [path.join(under, entry.name)])),
  );
  return files.flat().sort();
}

async function expectSameFiles(a: string, b: string) {
  const files = await listFiles(a);
  expect(await listFiles(b)).toEqual(files);
  for (const file of files) {
    const [left, right] = await Promise.all([fs.readFile(path.join(a, file)), fs.readFile(path.join(b, file))]);
    expect(left.equals(right), file).toBe(true);
  }
}

const readJson = async <T>(folder: string, file: string) => JSON.parse(await fs.readFile(path.join(folder, file), 'utf8')) as T;

function collectStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
  return into;
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-legacy-export-'));
  first = path.join(workDir, 'first');
  summary = await generateLegacyExport(first, { size: 'small', seed: 1, now: NOW });
  await writeLegacyExportSummary(first, summary);
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

describe('generateLegacyExport', () => {
  it('writes the same bytes for the same seed and now, and different ones for another seed', async () => {
    const second = path.join(workDir, 'second');
    await writeLegacyExportSummary(second, await generateLegacyExport(second, { size: 'small', seed: 1, now: NOW }));
    await expectSameFiles(first, second);
    const other = path.join(workDir, 'other');
    await generateLegacyExport(other, { size: 'small', seed: 2, now: NOW });
    expect(await fs.readFile(path.join(other, 'users.json'), 'utf8')).not.toBe(await fs.readFile(path.join(first, 'users.json'), 'utf8'));
  });

  // After a deliberate change to the generator: rm -rf tests/fixtures/legacy-export &&
  // npm run legacy:generate -- tests/fixtures/legacy-export --size small --seed 1 --now 2026-11-01T00:00:00Z
  it('matches the committed fixture', async () => {
    await expectSameFiles(FIXTURE, first);
  });

  it('points every image address at a file in storage/, except the missing ones it lists', async () => {
    const firestore = await readJson<LegacyFirestore>(first, 'firestore.json');
    const addresses = collectStrings(firestore).filter((s) => s.startsWith('https://firebasestorage.googleapis.com/'));
    const paths = addresses.map((address) => legacyStoragePath(address));
    expect(paths.every((p) => p !== null)).toBe(true);
    const stored = new Set(await listFiles(path.join(first, 'storage')));
    const missing = [...new Set(paths)].filter((p) => !stored.has(p!));
    expect(missing).toEqual(summary.missingImages);
    expect(summary.missingImages).toHaveLength(1);
    // Every stored file is referenced by some document, and each is a real picture of a few KB.
    expect([...stored].filter((file) => !paths.includes(file))).toEqual([]);
    expect(stored.size).toBe(summary.counts.images);
    for (const file of stored) {
      const { size } = await fs.stat(path.join(first, 'storage', file));
      expect(size).toBeGreaterThan(200);
      expect(size).toBeLessThan(20_000);
    }
  });

  it('hashes passwords with real modified scrypt, under the parameters of hash-config.json', async () => {
    const config = await readJson<LegacyHashConfig>(first, 'hash-config.json');
    const { users } = await readJson<LegacyAuthExport>(first, 'users.json');
    const scrypt = new FirebaseScrypt({ memCost: config.mem_cost, rounds: config.rounds, saltSeparator: config.base64_salt_separator, signerKey: config.base64_signer_key });
    const band = users.find((user) => user.localId === summary.bandWithSite)!;
    expect(summary.passwords[band.localId]).toBe(legacyPasswordOf(band.localId));
    expect(await scrypt.verify(legacyPasswordOf(band.localId), band.salt!, band.passwordHash!)).toBe(true);
    expect(await scrypt.verify('Old-Password-wrong', band.salt!, band.passwordHash!)).toBe(false);
    for (const id of summary.noPassword) {
      const user = users.find((u) => u.localId === id)!;
      expect(user.passwordHash).toBeUndefined();
      expect(user.salt).toBeUndefined();
    }
    expect(users.filter((u) => u.passwordHash).map((u) => u.localId).sort()).toEqual(Object.keys(summary.passwords).sort());
  });

  it('lists special and broken records that exist as described', async () => {
    const firestore = await readJson<LegacyFirestore>(first, 'firestore.json');
    const { users } = await readJson<LegacyAuthExport>(first, 'users.json');
    const authIds = new Set(users.map((u) => u.localId));
    const userDocs = firestore.users!;
    expect(summary.authOnly.every((id) => authIds.has(id) && !userDocs[id])).toBe(true);
    expect(summary.noAuth.every((id) => userDocs[id] && !authIds.has(id))).toBe(true);
    for (const { collection, id } of summary.broken) expect(firestore[collection]?.[id], `${collection}/${id}`).toBeDefined();
    const faults = new Set(summary.broken.map((b) => b.fault));
    expect([...faults].sort()).toEqual(
      ['bad-date', 'bad-money', 'duplicate-email', 'missing-field', 'missing-gig', 'missing-user', 'missing-venue', 'reserved-slug', 'taken-slug', 'unknown-role'],
    );
    // E-mails are unique in any letter case except for the one duplicate.
    const duplicate = summary.broken.find((b) => b.fault === 'duplicate-email')!.id;
    const emails = Object.entries(userDocs).filter(([id, doc]) => id !== duplicate && typeof doc.email === 'string').map(([, doc]) => (doc.email as string).toLowerCase());
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toContain((userDocs[duplicate]!.email as string).toLowerCase());
    // The band with a site: approved gigs at the venue with applications, still upcoming in 2031.
    const gigs = firestore.gigs!;
    const atVenue = summary.ids.upcomingGigsOfBandWithSite.map((id) => gigs[id]!).filter((gig) => gig.venueID === summary.venueWithApplications);
    expect(atVenue.length).toBeGreaterThanOrEqual(3);
    expect(atVenue.every((gig) => gig.approved === true && gig.bookedBand === summary.bandWithSite && String(gig.dateString).startsWith('2031-'))).toBe(true);
    const applications = Object.values(firestore.gigApplications!);
    const open = summary.ids.openGigsAtVenue[0]!;
    const pending = applications.filter((a) => (a.gigID ?? a.gigId) === open && (a.status === 'pending' || a.status === ''));
    expect(pending.length).toBeGreaterThanOrEqual(3);
    // Both timestamp forms and both application spellings occur.
    const text = await fs.readFile(path.join(first, 'firestore.json'), 'utf8');
    expect(text).toContain('"__datatype__": "timestamp"');
    expect(applications.some((a) => 'gigID' in a) && applications.some((a) => 'gigId' in a)).toBe(true);
    expect(text).toContain('"price": 12.1');
    expect(text).toContain('"ticketPrice": 7.35');
  });

  it('fills larger sizes with accounts that share a pool of real hashes', async () => {
    const folder = path.join(workDir, 'sized');
    const sized = await generateLegacyExport(folder, { size: { accounts: 60, gigs: 60, applications: 100, images: 25 }, seed: 3, now: NOW });
    expect(sized.counts.authUsers).toBe(60);
    expect(sized.counts.gigs).toBe(60);
    expect(sized.counts.gigApplications).toBe(100);
    expect(sized.counts.images + sized.missingImages.length).toBe(25);
    const { users } = await readJson<LegacyAuthExport>(folder, 'users.json');
    const config = await readJson<LegacyHashConfig>(folder, 'hash-config.json');
    const scrypt = new FirebaseScrypt({ memCost: config.mem_cost, rounds: config.rounds, saltSeparator: config.base64_salt_separator, signerKey: config.base64_signer_key });
    const filler = users.at(-1)!;
    expect(sized.passwords[filler.localId]).toMatch(/^Old-Password-pool-\d+$/);
    expect(await scrypt.verify(sized.passwords[filler.localId]!, filler.salt!, filler.passwordHash!)).toBe(true);
  });
});
