import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files, legacyFiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { newUploadKey, type Storage } from '../../storage/storage.ts';
import { assertImageSize, checkImage, processImage } from '../uploads/process-image.ts';
import { putImage } from '../uploads/store-image.ts';
import { legacyStoragePath } from './export-format.ts';
import { toPublicWebAddress } from './public-web-address.ts';

export type LegacyFilesResult = {
  /** Every old object path Marquee knows (this run's and earlier runs') → its Marquee address. */
  urls: Map<string, string>;
  tally: { imported: number; updated: number; unchanged: number; refused: number };
  refusals: Array<{ collection: 'storage'; legacyId: string; reason: string }>;
};

type LegacyFilesDeps = { db: DbOrTx; storage: Storage; maxBytes: number };
type Recorded = { file: typeof files.$inferInsert; legacyPath: string; url: string; digest: string };

/** The old folders whose images are logos: kept as PNG with their transparency (D23). */
const LOGO_FOLDERS = new Set(['bandLogos', 'managerLogos']);
/** Processed images recorded per transaction: few statements, and an interrupted run loses little. */
const RECORD_BATCH = 100;

/**
 * Issue 25: every file of the old storage's copy goes through Marquee's image pipeline (D23) into
 * its storage (D24), and legacy_files remembers its path, new address and digest. A file whose
 * bytes are the ones already imported is not processed again; one whose bytes changed gets a new
 * key (stored images' addresses are cached for a year) and its row updated. A file the pipeline
 * refuses (not an image, too large) is reported with the pipeline's own message.
 * A dry run reads every file and checks its header only: nothing is re-encoded or written.
 */
export async function importLegacyFiles(
  { db, storage, maxBytes }: LegacyFilesDeps,
  storageFolder: string,
  { isDryRun, concurrency = os.availableParallelism(), onFile = () => {} }: { isDryRun: boolean; concurrency?: number; onFile?: (done: number, total: number) => void },
): Promise<LegacyFilesResult> {
  const known = new Map((await db.select().from(legacyFiles)).map((row) => [row.legacyPath, row]));
  const urls = new Map([...known].map(([legacyPath, row]) => [legacyPath, row.url]));
  const result: LegacyFilesResult = { urls, tally: { imported: 0, updated: 0, unchanged: 0, refused: 0 }, refusals: [] };
  const objectPaths = await listObjectPaths(storageFolder);
  let done = 0;
  onFile(done, objectPaths.length);

  // Processed images are recorded in batches, one write at a time, while the workers go on
  // (sharp is the cost; the database waits for it). Any failure but a refusal (the storage or
  // the database down) stops the workers and the run.
  let pending: Recorded[] = [];
  let writing = Promise.resolve();
  let failure: Error | undefined;
  const fail = (error: unknown) => void (failure ??= error instanceof Error ? error : new Error(String(error)));
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length > 0) writing = writing.then(() => recordImports(db, batch)).catch(fail);
  };

  const importOne = async (legacyPath: string) => {
    const file = path.join(storageFolder, ...legacyPath.split('/'));
    const kind = LOGO_FOLDERS.has(legacyPath.split('/')[0]!) ? 'logo' : 'photo';
    const before = known.get(legacyPath);
    try {
      assertImageSize((await fs.stat(file)).size, maxBytes);
      const input = await fs.readFile(file);
      const digest = createHash('sha256').update(input).digest('hex');
      if (before?.digest === digest) {
        result.tally.unchanged++;
        return;
      }
      if (isDryRun) {
        await checkImage(input, { kind, maxBytes });
        // An address of the shape a real run gives, so the records' rewrite reports the same misses.
        urls.set(legacyPath, before?.url ?? storage.urlFor(newUploadKey(kind === 'logo' ? 'png' : 'jpg')));
      } else {
        const { url, file: row } = await putImage(storage, await processImage(input, { kind, maxBytes }));
        urls.set(legacyPath, url);
        pending.push({ file: row, legacyPath, url, digest });
        if (pending.length >= RECORD_BATCH) flush();
      }
      result.tally[before ? 'updated' : 'imported']++;
    } catch (error) {
      if (!(error instanceof AppError)) return fail(error);
      result.tally.refused++;
      result.refusals.push({ collection: 'storage', legacyId: legacyPath, reason: error.message });
    }
  };

  let next = 0;
  const work = async () => {
    while (next < objectPaths.length && failure === undefined) {
      await importOne(objectPaths[next++]!);
      onFile(++done, objectPaths.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, work));
  flush();
  await writing;
  if (failure !== undefined) throw failure;
  result.refusals.sort((a, b) => a.legacyId.localeCompare(b.legacyId));
  return result;
}

/** The files under the folder as the old storage named them: bandImages/<uid>/<file>, in a stable order. */
async function listObjectPaths(storageFolder: string): Promise<string[]> {
  const entries = await fs.readdir(storageFolder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageFolder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function recordImports(db: DbOrTx, batch: Recorded[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(files).values(batch.map((entry) => entry.file));
    await tx
      .insert(legacyFiles)
      .values(batch.map(({ legacyPath, url, digest }) => ({ legacyPath, url, digest })))
      .onConflictDoUpdate({ target: legacyFiles.legacyPath, set: { url: sql`excluded.url`, digest: sql`excluded.digest` } });
  });
}

/** What earlier runs imported (old object path → Marquee address), for a run without a storage folder. */
export async function loadLegacyFileUrls(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ legacyPath: legacyFiles.legacyPath, url: legacyFiles.url }).from(legacyFiles);
  return new Map(rows.map((row) => [row.legacyPath, row.url]));
}

/**
 * A stored image address of an old record, as Marquee should keep it: an old download address
 * becomes its file's new address (or null, with the path the importer reports, when the export
 * lacks the file); any other address (someone's own image elsewhere) is kept when it is a public
 * web address (issue 33), else null with the address the importer reports; no address is null.
 */
export function rewriteLegacyImageUrl(address: unknown, urls: Map<string, string>): { url: string | null; missing?: string; refused?: string } {
  if (typeof address !== 'string' || address.trim() === '') return { url: null };
  const legacyPath = legacyStoragePath(address.trim());
  if (legacyPath === null) {
    const url = toPublicWebAddress(address.trim());
    return url === null ? { url, refused: address.trim() } : { url };
  }
  const url = urls.get(legacyPath);
  return url === undefined ? { url: null, missing: legacyPath } : { url };
}
