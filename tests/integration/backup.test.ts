// Issue 13 item 4, decision 28: `npm run backup` and `npm run restore`. A scene with tickets and
// uploaded files is backed up, restored into an empty database and data folder, and found
// identical, row for row and byte for byte: always on the embedded database, and on PostgreSQL
// too when DATABASE_URL names a server.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataFolder, openEmbeddedDatabase, type Database } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import { createBackup, type CreatedBackup } from '../../src/server/features/ops/create-backup.ts';
import { restoreBackup } from '../../src/server/features/ops/restore-backup.ts';
import { serveBackupRequests } from '../../src/server/features/ops/serve-backup-requests.ts';
import { signUpAs } from '../helpers/accounts.ts';
import { createGig, createVenue, dayIn } from '../helpers/factories.ts';
import { imageForm, makeImage } from '../helpers/images.ts';
import { givePaymentAccount } from '../helpers/payments.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type RunQuery = (text: string) => Promise<Record<string, any>[]>;

const runOn = (database: Database): RunQuery => async (text) => (database.pglite ? (await database.pglite.query<Record<string, any>>(text)).rows : (await database.pool!.query(text)).rows);

/**
 * A band that uploaded its logo and a photo, a ticketed gig at a venue, three fans who bought a
 * ticket through the sandbox's hosted checkout, and the generated auth secret beside the database.
 */
async function buildScene(t: TestApp) {
  const band = await signUpAs(t, 'band');
  expect((await band.client.post('/api/profile/images?kind=logo', imageForm(await makeImage(200, 100, 'png'), 'logo.png', 'image/png'))).status).toBe(201);
  expect((await band.client.post('/api/profile/images?kind=photo', imageForm(await makeImage(640, 480)))).status).toBe(201);
  const venueId = (await createVenue(t.db)).id;
  await givePaymentAccount(t.db, band.id);
  await givePaymentAccount(t.db, venueId);
  const gigId = await createGig(t.db, { venueId, bandId: band.id, localDate: dayIn('America/Chicago', 7), isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 20 });
  for (const fan of ['ana', 'ben', 'cy']) {
    const checkout = await t.client().post('/api/tickets/checkout', { gigId, email: `${fan}@backup.test` });
    const paid = await t.app.request(new URL(checkout.json.url as string).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }),
    });
    expect(paid.status).toBe(303);
  }
  await fs.writeFile(path.join(t.services.env.DATA_DIR, 'auth-secret'), randomBytes(32).toString('base64url'), { mode: 0o600 });
}

/** Every table's row count and a hash of all its rows, and every sequence's position. */
async function fingerprintDatabase(query: RunQuery): Promise<Record<string, string>> {
  const tables = await query(
    `select table_schema || '.' || table_name as name, format('%I.%I', table_schema, table_name) as ident from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const fingerprint: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await query(`select count(*)::int as n, coalesce(md5(string_agg(r::text, E'\\n' order by r::text)), '') as hash from ${table.ident} r`);
    fingerprint[table.name] = `${row!.n} rows, ${row!.hash}`;
  }
  for (const sequence of await query(`select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences order by 1`)) {
    fingerprint[`sequence ${sequence.name}`] = String(sequence.value);
  }
  return fingerprint;
}

const sha256 = async (file: string) => createHash('sha256').update(await fs.readFile(file)).digest('hex');

/** The files under a folder, by their paths inside it. */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
}

/** The data folder's uploaded files and auth secret, by path, as SHA-256. */
async function fingerprintDataFolder(dataDir: string): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = { 'auth-secret': await sha256(path.join(dataDir, 'auth-secret')) };
  for (const relative of await listFiles(path.join(dataDir, 'files'))) fingerprint[`files/${relative}`] = await sha256(path.join(dataDir, 'files', relative));
  return fingerprint;
}

const listFolder = async (folder: string) => (await fs.readdir(folder)).sort();

let workDir: string;
beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-backup-test-'));
});
afterAll(() => fs.rm(workDir, { recursive: true, force: true }));

describe('the embedded database (PGlite)', () => {
  let t: TestApp;
  let before: Record<string, string>;
  let beforeFiles: Record<string, string>;
  let liveBackup: CreatedBackup;
  const backupsDir = () => path.join(workDir, 'embedded-backups');
  const restoredDir = () => path.join(workDir, 'embedded-restored');

  beforeAll(async () => {
    t = await createTestApp({ isEmbeddedInDataDir: true });
    await buildScene(t);
    before = await fingerprintDatabase(runOn(t.services.database));
    beforeFiles = await fingerprintDataFolder(t.services.env.DATA_DIR);
  });
  afterAll(() => t.close());

  it('a running Marquee hands the backup its database; restored into an empty folder, the scene is identical', async () => {
    // As `npm start` does: the data folder is locked, and backup requests are answered.
    const dataDir = t.services.env.DATA_DIR;
    const releaseLock = await lockDataFolder(dataDir);
    const stopServing = await serveBackupRequests({ dataDir, pglite: t.services.database.pglite!, logger: t.services.logger });
    try {
      liveBackup = await createBackup({ env: readEnv({ DATA_DIR: dataDir }), backupsDir: backupsDir(), now: new Date('2026-11-24T03:15:00Z') });
    } finally {
      await stopServing();
      await releaseLock();
    }
    expect(liveBackup.path).toBe(path.join(backupsDir(), 'marquee-20261124-031500'));
    expect(await listFolder(backupsDir())).toEqual(['marquee-20261124-031500']);
    expect(await listFolder(liveBackup.path)).toEqual(['auth-secret', 'files', 'manifest.json', 'pglite-data.tar.gz']);
    expect(liveBackup.manifest).toMatchObject({ kind: 'pglite', migrations: Number(before['drizzle.__drizzle_migrations']!.split(' ')[0]), uploadedFiles: { count: 2, isInBucket: false } });
    expect(liveBackup.manifest.tables).toMatchObject({ 'public.tickets': 3, 'public.files': 2, 'public.orders': 3 });

    const restored = await restoreBackup({ env: readEnv({ DATA_DIR: restoredDir() }), backupDir: liveBackup.path });
    expect(restored.facts.tables).toEqual(liveBackup.manifest.tables);
    expect(await listFolder(restoredDir())).toEqual(['auth-secret', 'db', 'files']);
    const database = await openEmbeddedDatabase(restoredDir());
    try {
      expect(await fingerprintDatabase(runOn(database))).toEqual(before);
    } finally {
      await database.close();
    }
    expect(await fingerprintDataFolder(restoredDir())).toEqual(beforeFiles);
  });

  it('with Marquee stopped, the backup opens the database itself; with a process holding it that does not answer, it says so', async () => {
    const offline = await createBackup({ env: readEnv({ DATA_DIR: restoredDir() }), backupsDir: backupsDir(), now: new Date('2026-11-24T03:16:00Z') });
    expect(offline.manifest.tables).toEqual(liveBackup.manifest.tables);
    const uploads = (backup: CreatedBackup) => Object.entries(backup.manifest.contents).filter(([name]) => name.startsWith('files/'));
    expect(uploads(offline)).toEqual(uploads(liveBackup));

    const releaseLock = await lockDataFolder(restoredDir());
    try {
      await expect(createBackup({ env: readEnv({ DATA_DIR: restoredDir() }), backupsDir: backupsDir() })).rejects.toThrow(/in use by a Marquee process that does not answer backup requests/);
    } finally {
      await releaseLock();
    }
    // Nothing half-written is left behind, and nothing that looks like a backup.
    expect(await listFolder(backupsDir())).toEqual(['marquee-20261124-031500', 'marquee-20261124-031600']);
  });

  it('refuses a data folder with a database or files, a damaged backup, the wrong database, and a folder that is not a backup', async () => {
    const restoreInto = (dataDir: string, backupDir = liveBackup.path, env: Record<string, string> = {}) => restoreBackup({ env: readEnv({ DATA_DIR: dataDir, ...env }), backupDir });
    await expect(restoreInto(restoredDir())).rejects.toThrow(/only into an empty data folder.*db\/ holds a database; files\/ holds 2 uploaded files/);

    const withFiles = path.join(workDir, 'with-files');
    await fs.mkdir(path.join(withFiles, 'files', 'images'), { recursive: true });
    await fs.writeFile(path.join(withFiles, 'files', 'images', 'old.jpg'), 'an older upload');
    await expect(restoreInto(withFiles)).rejects.toThrow(/files\/ holds 1 uploaded files/);

    const damaged = path.join(workDir, 'damaged-backup');
    await fs.cp(liveBackup.path, damaged, { recursive: true });
    const [firstUpload] = await listFiles(path.join(damaged, 'files'));
    await fs.appendFile(path.join(damaged, 'files', firstUpload!), 'x');
    const untouched = path.join(workDir, 'untouched');
    await expect(restoreInto(untouched, damaged)).rejects.toThrow(/damaged or incomplete: 1 uploaded files/);
    expect(await listFolder(untouched)).toEqual([]);

    await expect(restoreInto(path.join(workDir, 'elsewhere'), liveBackup.path, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(/without DATABASE_URL/);
    await expect(restoreInto(path.join(workDir, 'elsewhere'), backupsDir())).rejects.toThrow(/is not a Marquee backup/);
  });

  it('keeps backups out of the data folder', async () => {
    const dataDir = t.services.env.DATA_DIR;
    await expect(createBackup({ env: readEnv({ DATA_DIR: dataDir }), backupsDir: path.join(dataDir, 'backups') })).rejects.toThrow(/outside the data folder/);
  });
});

describe.runIf(process.env.DATABASE_URL)('a PostgreSQL server', () => {
  let t: TestApp;
  let target: { name: string; url: string } | undefined;
  const serverUrl = process.env.DATABASE_URL!;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  beforeAll(async () => {
    t = await createTestApp();
    await buildScene(t);
  });
  afterAll(async () => {
    await t.close();
    if (target) await onServer(`drop database if exists ${target.name} with (force)`);
  });

  it('pg_dump takes the database and the uploads; pg_restore puts the same scene into an empty database, and not into a full one', async () => {
    const before = await fingerprintDatabase(runOn(t.services.database));
    const beforeFiles = await fingerprintDataFolder(t.services.env.DATA_DIR);
    const backup = await createBackup({ env: readEnv({ DATABASE_URL: t.services.database.url, DATA_DIR: t.services.env.DATA_DIR }), backupsDir: path.join(workDir, 'server-backups') });
    expect(await listFolder(backup.path)).toEqual(['auth-secret', 'database.dump', 'files', 'manifest.json']);
    expect(backup.manifest).toMatchObject({ kind: 'postgres', uploadedFiles: { count: 2 } });
    expect(backup.manifest.pgDumpMajor).toBeGreaterThanOrEqual(15);
    expect(backup.manifest.tables).toMatchObject({ 'public.tickets': 3, 'public.files': 2 });

    target = { name: `backup_restore_test_${randomBytes(6).toString('hex')}`, url: '' };
    await onServer(`create database ${target.name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${target.name}`;
    target.url = url.toString();
    const restoredDir = path.join(workDir, 'server-restored');
    const env = readEnv({ DATABASE_URL: target.url, DATA_DIR: restoredDir });
    await restoreBackup({ env, backupDir: backup.path });

    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      expect(await fingerprintDatabase(async (text) => (await client.query(text)).rows)).toEqual(before);
    } finally {
      await client.end();
    }
    expect(await fingerprintDataFolder(restoredDir)).toEqual(beforeFiles);

    await expect(restoreBackup({ env: readEnv({ DATABASE_URL: target.url, DATA_DIR: path.join(workDir, 'server-again') }), backupDir: backup.path })).rejects.toThrow(/is not empty .* restore goes only into an empty database/);
  });
});
