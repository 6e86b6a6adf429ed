import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { LEGACY_COLLECTIONS, type LegacyAuthExport, type LegacyFirestore, type LegacyHashConfig } from './export-format.ts';

export type LegacyExport = {
  firestore: LegacyFirestore | null;
  auth: LegacyAuthExport | null;
  hashConfig: LegacyHashConfig | null;
  storageFolder: string | null;
  /** The parts of the layout that were not there, for the report. */
  missing: string[];
};

export class LegacyExportError extends Error {}

async function readJson<T>(file: string): Promise<T | null> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    throw new LegacyExportError(`${path.basename(file)} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Node's scrypt takes at most 32 MiB (128·N·r bytes); the old service's usual mem_cost 14 / rounds 8 is 16 MiB. */
const SCRYPT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The parameters every old password is checked with: wrong ones would refuse every sign-in (or,
 * with an empty signer key, accept any password), so a file that cannot be right stops the run.
 */
function checkHashConfig(config: LegacyHashConfig): void {
  const isBase64 = (value: unknown) => typeof value === 'string' && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value);
  if (!isBase64(config.base64_signer_key) || Buffer.from(config.base64_signer_key, 'base64').length < 16) {
    throw new LegacyExportError('hash-config.json: base64_signer_key must be the project\'s signer key (base64, as the console shows it)');
  }
  if (!isBase64(config.base64_salt_separator)) throw new LegacyExportError('hash-config.json: base64_salt_separator must be base64');
  if (!Number.isInteger(config.rounds) || config.rounds < 1 || config.rounds > 8 || !Number.isInteger(config.mem_cost) || config.mem_cost < 1 || config.mem_cost > 14) {
    throw new LegacyExportError('hash-config.json: rounds must be 1 to 8 and mem_cost 1 to 14, as the old service shows them');
  }
  if (128 * 2 ** config.mem_cost * config.rounds >= SCRYPT_MAX_BYTES) throw new LegacyExportError('hash-config.json: rounds and mem_cost need more memory than scrypt may take here');
}

/** Reads `<folder>/firestore.json`, `users.json`, `hash-config.json` and `storage/`; any may be missing. */
export async function readLegacyExport(folder: string): Promise<LegacyExport> {
  const stat = await fs.stat(folder).catch(() => null);
  if (!stat?.isDirectory()) throw new LegacyExportError(`${folder} is not a folder`);
  const [firestoreFile, auth, hashConfig] = await Promise.all([
    readJson<LegacyFirestore & { __collections__?: LegacyFirestore }>(path.join(folder, 'firestore.json')),
    readJson<LegacyAuthExport>(path.join(folder, 'users.json')),
    readJson<LegacyHashConfig>(path.join(folder, 'hash-config.json')),
  ]);
  // The export tool nests collections under __collections__ when it exports from the root.
  const firestore = firestoreFile ? { ...firestoreFile, ...(firestoreFile.__collections__ ?? {}) } : null;
  if (firestore) delete (firestore as Record<string, unknown>).__collections__;
  if (auth && !Array.isArray(auth.users)) throw new LegacyExportError('users.json has no "users" list');
  const unkeyed = auth ? auth.users.filter((u) => typeof u !== 'object' || u === null || typeof u.localId !== 'string' || u.localId.trim() === '').length : 0;
  if (auth && unkeyed > 0) auth.users = auth.users.filter((u) => typeof u === 'object' && u !== null && typeof u.localId === 'string' && u.localId.trim() !== '');
  if (hashConfig) checkHashConfig(hashConfig);
  const storage = path.join(folder, 'storage');
  const hasStorage = (await fs.stat(storage).catch(() => null))?.isDirectory() ?? false;
  const missing = [
    ...(firestore ? [] : ['firestore.json (no documents)']),
    ...(auth ? [] : ['users.json (no sign-in accounts: imported accounts get no password)']),
    ...(hashConfig ? [] : auth ? ['hash-config.json (old passwords cannot be checked)'] : []),
    ...(hasStorage ? [] : ['storage/ (no images)']),
    ...(unkeyed > 0 ? [`users.json: ${unkeyed} entr${unkeyed === 1 ? 'y' : 'ies'} without a localId (left out)`] : []),
  ];
  return { firestore, auth, hashConfig, storageFolder: hasStorage ? storage : null, missing };
}

/**
 * The operator's corrections: a refused-records CSV (as the importer writes it) whose document
 * column was edited. Each row's document replaces the export's document of that id.
 */
export async function readFixes(file: string): Promise<Array<{ collection: string; legacyId: string; document: Record<string, unknown> }>> {
  const rows = parse<Record<string, string>>(await fs.readFile(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true });
  const unguard = (value: string | undefined) => (value ?? '').replace(/^'(?=[=+\-@\t\r])/, '');
  // Rows without a document (a file the pipeline refused, a row the database refused) have nothing to correct here.
  const correctable = rows.map((row, index) => ({ row, line: index + 2 })).filter(({ row }) => unguard(row.document).trim() !== '' && (LEGACY_COLLECTIONS as readonly string[]).includes(unguard(row.collection)));
  return correctable.map(({ row, line }) => {
    const collection = unguard(row.collection);
    const legacyId = unguard(row.id);
    try {
      const document = JSON.parse(unguard(row.document)) as unknown;
      if (!collection || !legacyId || typeof document !== 'object' || document === null || Array.isArray(document)) throw new Error('not an object');
      return { collection, legacyId, document: document as Record<string, unknown> };
    } catch {
      throw new LegacyExportError(`${path.basename(file)} line ${line}: the document column must be the record as JSON`);
    }
  });
}
