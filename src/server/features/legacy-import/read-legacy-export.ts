import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { LegacyAuthExport, LegacyFirestore, LegacyHashConfig } from './export-format.ts';

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
  if (hashConfig && (typeof hashConfig.base64_signer_key !== 'string' || typeof hashConfig.base64_salt_separator !== 'string' || !Number.isInteger(hashConfig.rounds) || !Number.isInteger(hashConfig.mem_cost))) {
    throw new LegacyExportError('hash-config.json needs base64_signer_key, base64_salt_separator, rounds and mem_cost');
  }
  const storage = path.join(folder, 'storage');
  const hasStorage = (await fs.stat(storage).catch(() => null))?.isDirectory() ?? false;
  const missing = [
    ...(firestore ? [] : ['firestore.json (no documents)']),
    ...(auth ? [] : ['users.json (no sign-in accounts: imported accounts get no password)']),
    ...(hashConfig ? [] : auth ? ['hash-config.json (old passwords cannot be checked)'] : []),
    ...(hasStorage ? [] : ['storage/ (no images)']),
  ];
  return { firestore, auth, hashConfig, storageFolder: hasStorage ? storage : null, missing };
}

/**
 * The operator's corrections: a refused-records CSV (as the importer writes it) whose document
 * column was edited. Each row's document replaces the export's document of that id.
 */
export async function readFixes(file: string): Promise<Array<{ collection: string; legacyId: string; document: Record<string, unknown> }>> {
  const rows = parse<Record<string, string>>(await fs.readFile(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true });
  return rows.map((row, index) => {
    const unguard = (value: string | undefined) => (value ?? '').replace(/^'(?=[=+\-@\t\r])/, '');
    const collection = unguard(row.collection);
    const legacyId = unguard(row.id);
    try {
      const document = JSON.parse(unguard(row.document)) as unknown;
      if (!collection || !legacyId || typeof document !== 'object' || document === null || Array.isArray(document)) throw new Error('not an object');
      return { collection, legacyId, document: document as Record<string, unknown> };
    } catch {
      throw new LegacyExportError(`${path.basename(file)} line ${index + 2}: the document column must be the record as JSON`);
    }
  });
}
