// Issue 25 test data: writes an export of the OLD system into a folder, in the layout the importer reads
// (src/server/features/legacy-import/export-format.ts): firestore.json, users.json with real
// modified-scrypt hashes, hash-config.json and storage/<folder>/<uid>/<file>. Deterministic for a seed
// and a `now`, so a committed fixture can be checked against a fresh generation.
import fs from 'node:fs/promises';
import path from 'node:path';
import { FirebaseScrypt } from 'firebase-scrypt';
import sharp from 'sharp';
import type {
  LegacyAuthExport,
  LegacyCollection,
  LegacyHashConfig,
} from '../../src/server/features/legacy-import/export-format.ts';
import { LEGACY_COLLECTIONS } from '../../src/server/features/legacy-import/export-format.ts';
import { createRandom } from '../../src/server/db/seed/seeded-random.ts';
import {
  buildLegacyScene,
  LEGACY_BUCKET,
  legacyPoolPasswordOf,
  PASSWORD_POOL_SIZE,
  type LegacyExportCounts,
  type LegacyScene,
} from './build-legacy-scene.ts';

export { legacyPasswordOf, legacyPoolPasswordOf, type LegacyFault } from './build-legacy-scene.ts';

export type LegacyExportSize = 'small' | 'bench' | LegacyExportCounts;

export type LegacyExportOptions = { size: LegacyExportSize; seed?: number; now?: Date };

export type LegacyExportSummary = {
  seed: number;
  now: string;
  bucket: string;
  counts: Record<LegacyCollection | 'songs' | 'authUsers' | 'images', number>;
} & Pick<LegacyScene, 'bandWithSite' | 'venueWithApplications' | 'ids' | 'broken' | 'missingImages' | 'authOnly' | 'noAuth' | 'noPassword'> & {
  /** localId → the password its hash was made from, for every account that has one. */
  passwords: Record<string, string>;
};

export const BENCH_SIZE: LegacyExportCounts = { accounts: 10_000, gigs: 50_000, applications: 100_000, images: 5_000 };

/** Firebase's usual salt separator; the signer key is random per export. */
const SALT_SEPARATOR = 'Bw==';
const MEM_COST = 14;
const ROUNDS = 8;

export async function generateLegacyExport(folder: string, options: LegacyExportOptions): Promise<LegacyExportSummary> {
  const seed = options.seed ?? 1;
  const now = options.now ?? new Date();
  const target = options.size === 'small' ? null : options.size === 'bench' ? BENCH_SIZE : options.size;
  const scene = buildLegacyScene(seed, now, target);

  // Key material comes from its own stream, so that changing the scene does not change the key.
  const keys = createRandom(seed ^ 0x5eed);
  const bytes = (count: number) => Buffer.from(Array.from({ length: count }, () => keys.int(0, 255))).toString('base64');
  const hashConfig: LegacyHashConfig = {
    algorithm: 'SCRYPT',
    base64_signer_key: bytes(64),
    base64_salt_separator: SALT_SEPARATOR,
    rounds: ROUNDS,
    mem_cost: MEM_COST,
  };
  const scrypt = new FirebaseScrypt({ memCost: MEM_COST, rounds: ROUNDS, saltSeparator: SALT_SEPARATOR, signerKey: hashConfig.base64_signer_key });

  // Core accounts get their own salt and hash; filler accounts share a pool of precomputed pairs
  // (10,000 scrypt hashes at mem_cost 14 would take minutes).
  const passwords: Record<string, string> = {};
  const salts = scene.accounts.map((planned) => (planned.password !== null && planned.pool === null ? bytes(12) : null));
  const poolSalts = Array.from({ length: PASSWORD_POOL_SIZE }, () => bytes(12));
  const usesPool = scene.accounts.some((planned) => planned.pool !== null);
  const poolHashes = usesPool
    ? await mapLimited(poolSalts, 2, (salt, k) => scrypt.hash(legacyPoolPasswordOf(k), salt))
    : [];
  const ownHashes = await mapLimited(scene.accounts, 2, async (planned, i) => {
    const salt = salts[i];
    return salt && planned.password !== null ? scrypt.hash(planned.password, salt) : null;
  });
  const authExport: LegacyAuthExport = {
    users: scene.accounts.map((planned, i) => {
      const { user, password, pool } = planned;
      if (password === null) return user;
      passwords[user.localId] = password;
      const [salt, passwordHash] = pool === null ? [salts[i]!, ownHashes[i]!] : [poolSalts[pool]!, poolHashes[pool]!];
      // The export tool lists the hash before the salt, after emailVerified.
      const { localId, email, emailVerified, ...rest } = user;
      return { localId, email, emailVerified, passwordHash, salt, ...rest };
    }),
  };

  await fs.mkdir(folder, { recursive: true });
  const pretty = scene.accounts.length <= 1000; // the committed fixture is read in diffs; the bench export is not
  const json = (value: unknown) => `${pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`;
  await fs.writeFile(path.join(folder, 'firestore.json'), json(scene.firestore));
  await fs.writeFile(path.join(folder, 'users.json'), json(authExport));
  await fs.writeFile(path.join(folder, 'hash-config.json'), json(hashConfig));
  await writeImages(path.join(folder, 'storage'), scene.images.filter((image) => !image.missing));

  const firestore = scene.firestore;
  const counts = Object.fromEntries(LEGACY_COLLECTIONS.map((name) => [name, Object.keys(firestore[name] ?? {}).length])) as LegacyExportSummary['counts'];
  counts.songs = Object.values(firestore.jamSessions ?? {}).reduce((sum, session) => sum + Object.keys(session.__collections__?.songs ?? {}).length, 0);
  counts.authUsers = authExport.users.length;
  counts.images = scene.images.length - scene.missingImages.length;
  return {
    seed,
    now: now.toISOString(),
    bucket: LEGACY_BUCKET,
    counts,
    bandWithSite: scene.bandWithSite,
    venueWithApplications: scene.venueWithApplications,
    ids: scene.ids,
    broken: scene.broken,
    missingImages: scene.missingImages,
    authOnly: scene.authOnly,
    noAuth: scene.noAuth,
    noPassword: scene.noPassword,
    passwords,
  };
}

/**
 * summary.json beside the export, for tests and people: kept out of generateLegacyExport so that an
 * export handed to the importer holds only what the old system would have.
 */
export async function writeLegacyExportSummary(folder: string, summary: LegacyExportSummary): Promise<void> {
  await fs.writeFile(path.join(folder, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
}

async function writeImages(root: string, images: ReturnType<typeof buildLegacyScene>['images']): Promise<void> {
  const folders = new Set(images.map((image) => path.dirname(image.path)));
  for (const folder of folders) await fs.mkdir(path.join(root, folder), { recursive: true });
  await mapLimited(images, 4, async (image) => {
    const file = sharp(drawPicture(image), { raw: { width: image.width, height: image.height, channels: 3 } });
    const encoded = image.path.endsWith('.png') ? file.png({ palette: true }) : file.jpeg({ quality: 70 });
    await fs.writeFile(path.join(root, image.path), await encoded.toBuffer());
  });
}

/** The colour with a diagonal band in its complement, so that the pictures are not flat squares. */
function drawPicture({ width, height, colour }: { width: number; height: number; colour: [number, number, number] }): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  const complement = colour.map((c) => 255 - c);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const along = x / width + y / height;
      const [r, g, b] = along > 0.7 && along < 1.3 ? complement : colour;
      const at = (y * width + x) * 3;
      pixels[at] = r!;
      pixels[at + 1] = g!;
      pixels[at + 2] = b!;
    }
  }
  return pixels;
}

/** Runs `work` over the items with at most `limit` running at once, keeping the results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
