import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { files, legacyFiles } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { makeImage } from '../../../../tests/helpers/images.ts';
import { legacyDownloadUrl } from './export-format.ts';
import { importLegacyFiles, loadLegacyFileUrls, rewriteLegacyImageUrl } from './import-legacy-files.ts';

const BAND = 'u1BandUid';
const PHOTO = `bandImages/${BAND}/1699999999.jpg`;
const SECOND_PHOTO = `bandImages/${BAND}/1700000000.png`;
const LOGO = `bandLogos/${BAND}/logo.png`;
const NOT_AN_IMAGE = `bandImages/${BAND}/notes.txt`;
const MAX_BYTES = 5 * 1024 * 1024;

let t: TestApp;
let folder: string;
/** The test app's storage, counting what is put into it. */
let storage: Storage;
const stored: string[] = [];
const run = (isDryRun = false) => importLegacyFiles({ db: t.db, storage, maxBytes: MAX_BYTES }, folder, { isDryRun });
const countRows = async () => ({
  files: (await t.db.select({ n: count() }).from(files))[0]!.n,
  legacyFiles: (await t.db.select({ n: count() }).from(legacyFiles))[0]!.n,
});

async function writeStorageFile(objectPath: string, data: Buffer | string) {
  const file = path.join(folder, ...objectPath.split('/'));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
}

beforeAll(async () => {
  t = await createTestApp();
  const real = t.services.storage;
  storage = { ...real, put: (key, body, type) => (stored.push(key), real.put(key, body, type)) };
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-legacy-storage-'));
  await writeStorageFile(PHOTO, await makeImage(320, 240));
  await writeStorageFile(SECOND_PHOTO, await makeImage(2000, 1000, 'png'));
  // A logo with transparency, which must stay a PNG.
  await writeStorageFile(LOGO, await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer());
  await writeStorageFile(NOT_AN_IMAGE, 'Setlist: opener, closer');
}, 60_000);
afterAll(async () => {
  await t.close();
  await fs.rm(folder, { recursive: true, force: true });
});

describe('the old file storage, imported through the image pipeline (issue 25)', () => {
  it('a dry run reads and checks every file and writes nothing', async () => {
    const result = await run(true);
    expect(result.tally).toEqual({ imported: 3, updated: 0, unchanged: 0, refused: 1 });
    expect(result.refusals).toEqual([{ collection: 'storage', legacyId: NOT_AN_IMAGE, reason: expect.stringMatching(/not an image/) as string }]);
    expect([...result.urls.keys()].sort()).toEqual([PHOTO, SECOND_PHOTO, LOGO].sort());
    expect(stored).toEqual([]);
    expect(await countRows()).toEqual({ files: 0, legacyFiles: 0 });
  });

  it('the first run stores every image as Marquee would (photos JPEG within 1280x800, logos PNG) and remembers each old path', async () => {
    const result = await run();
    expect(result.tally).toEqual({ imported: 3, updated: 0, unchanged: 0, refused: 1 });
    expect(result.refusals).toEqual([{ collection: 'storage', legacyId: NOT_AN_IMAGE, reason: 'That file is not an image. Please choose a JPEG, PNG or WebP image.' }]);
    expect(stored).toHaveLength(3);
    expect(await countRows()).toEqual({ files: 3, legacyFiles: 3 });
    expect(await loadLegacyFileUrls(t.db)).toEqual(result.urls);

    const read = async (legacyPath: string) => sharp((await t.services.storage.get(t.services.storage.keyFor(result.urls.get(legacyPath)!)!))!).metadata();
    expect(result.urls.get(PHOTO)).toMatch(/^\/files\/images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(await read(PHOTO)).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(await read(SECOND_PHOTO)).toMatchObject({ format: 'jpeg', width: 1280, height: 640 });
    expect(result.urls.get(LOGO)).toMatch(/\.png$/);
    expect(await read(LOGO)).toMatchObject({ format: 'png', hasAlpha: true });
  });

  it('a second run of the same storage changes nothing', async () => {
    const before = await loadLegacyFileUrls(t.db);
    stored.length = 0;
    const result = await run();
    expect(result.tally).toEqual({ imported: 0, updated: 0, unchanged: 3, refused: 1 });
    expect(result.urls).toEqual(before);
    expect(stored).toEqual([]);
    expect(await countRows()).toEqual({ files: 3, legacyFiles: 3 });
  });

  it('a file whose bytes changed gets a new address; the others stay', async () => {
    const before = await loadLegacyFileUrls(t.db);
    await writeStorageFile(PHOTO, await makeImage(640, 480));
    expect((await run(true)).tally).toEqual({ imported: 0, updated: 1, unchanged: 2, refused: 1 });
    stored.length = 0;
    const result = await run();
    expect(result.tally).toEqual({ imported: 0, updated: 1, unchanged: 2, refused: 1 });
    expect(stored).toHaveLength(1);
    expect(result.urls.get(PHOTO)).not.toBe(before.get(PHOTO));
    expect(result.urls.get(LOGO)).toBe(before.get(LOGO));
    expect(await loadLegacyFileUrls(t.db)).toEqual(result.urls);
    expect(await countRows()).toEqual({ files: 4, legacyFiles: 3 });
  });

  it('a file over the size limit is refused with the pipeline’s message', async () => {
    const huge = `bandGallery/${BAND}/huge.jpg`;
    await writeStorageFile(huge, Buffer.alloc(MAX_BYTES + 1));
    const result = await run();
    expect(result.tally).toEqual({ imported: 0, updated: 0, unchanged: 3, refused: 2 });
    expect(result.refusals).toContainEqual({ collection: 'storage', legacyId: huge, reason: 'That image is too large. Please choose one under 5 MB.' });
  });
});

describe('rewriting a stored address (issue 25)', () => {
  const urls = new Map([[PHOTO, '/files/images/2026/11/00000000-0000-4000-8000-000000000000.jpg']]);
  const old = (objectPath: string) => legacyDownloadUrl('marquee-old.appspot.com', objectPath, 'f00d-token');

  it('an old download address of an imported file becomes its new address', () => {
    expect(rewriteLegacyImageUrl(old(PHOTO), urls)).toEqual({ url: urls.get(PHOTO) });
  });
  it('an old download address whose file the export lacks is dropped and named', () => {
    expect(rewriteLegacyImageUrl(old(LOGO), urls)).toEqual({ url: null, missing: LOGO });
  });
  it('someone’s own image elsewhere is kept as it is', () => {
    expect(rewriteLegacyImageUrl('https://images.example.com/band.jpg', urls)).toEqual({ url: 'https://images.example.com/band.jpg' });
  });
  it.each([[''], ['  '], [null], [undefined], [42], [{ url: 'x' }]])('%j is no address', (address) => {
    expect(rewriteLegacyImageUrl(address, urls)).toEqual({ url: null });
  });
});

describe('old download addresses someone saved (issue 25)', () => {
  it('redirect for good to the imported file, whatever the bucket or token', async () => {
    const url = (await loadLegacyFileUrls(t.db)).get(LOGO)!;
    const oldPath = new URL(legacyDownloadUrl('marquee-old.appspot.com', LOGO, 'f00d-token'));
    const res = await t.app.fetch(new Request(`${TEST_ORIGIN}${oldPath.pathname}${oldPath.search}`));
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}${url}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const followed = await t.app.fetch(new Request(res.headers.get('location')!));
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('image/png');
  });

  it('a file name with spaces, #, ? and % finds its file too', async () => {
    const odd = `bandGallery/${BAND}/our gig #1? (100% loud).jpg`;
    await t.db.insert(legacyFiles).values({ legacyPath: odd, url: '/files/images/2026/11/00000000-0000-4000-8000-000000000000.jpg', digest: 'x' });
    const oldPath = new URL(legacyDownloadUrl('marquee-old.appspot.com', odd, 'f00d-token'));
    const res = await t.app.fetch(new Request(`${TEST_ORIGIN}${oldPath.pathname}${oldPath.search}`));
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/files/images/2026/11/00000000-0000-4000-8000-000000000000.jpg`);
  });

  it('an address of a file never imported is not found (not the single-page app)', async () => {
    const oldPath = new URL(legacyDownloadUrl('marquee-old.appspot.com', NOT_AN_IMAGE, 'f00d-token'));
    const res = await t.app.fetch(new Request(`${TEST_ORIGIN}${oldPath.pathname}${oldPath.search}`));
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });
});
