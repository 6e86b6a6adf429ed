import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A file in a backup: its size and SHA-256, by its path inside the backup (always with `/`). */
export type ContentEntry = { bytes: number; sha256: string };

export async function checksumFile(file: string): Promise<ContentEntry> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Flushes a file or folder to the disk, so a rename after it never points at missing bytes. */
export async function syncToDisk(target: string): Promise<void> {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeFileDurably(file: string, data: Uint8Array | string): Promise<ContentEntry> {
  await fs.writeFile(file, data, { mode: 0o600 });
  await syncToDisk(file);
  return { bytes: Buffer.byteLength(data), sha256: createHash('sha256').update(data).digest('hex') };
}

/** The regular files under a folder, as sorted relative paths with `/`; none if it is missing. */
export async function listFiles(root: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Copies every regular file under `from` into `to`, flushed to disk; returns each copy's checksum by relative path. */
export async function copyWithChecksums(from: string, to: string): Promise<Record<string, ContentEntry>> {
  const copied: Record<string, ContentEntry> = {};
  await fs.mkdir(to, { recursive: true });
  for (const relative of await listFiles(from)) {
    const target = path.join(to, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(path.join(from, relative), target);
    await syncToDisk(target);
    copied[relative] = await checksumFile(target);
  }
  return copied;
}
