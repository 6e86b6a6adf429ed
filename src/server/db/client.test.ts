import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFolderLockedError, lockDataFolder, openEmbeddedDatabase } from './client.ts';

describe('the embedded data folder', () => {
  it('is taken by one process; a second is refused with a clear message, and it is free again after', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-lock-'));
    const release = await lockDataFolder(dir);
    await expect(lockDataFolder(dir)).rejects.toThrow(DataFolderLockedError);
    await expect(lockDataFolder(dir)).rejects.toThrow(/in use by another Marquee process/);
    await release();
    const again = await lockDataFolder(dir);
    await again();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps the live database private: folders 0700, files 0600, also after writes (issue 20)', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-modes-'));
    const dataDir = path.join(parent, 'data');
    const release = await lockDataFolder(dataDir);
    const database = await openEmbeddedDatabase(dataDir);
    await database.pglite!.exec('create table private_check (a int); insert into private_check values (1); checkpoint;');
    await database.close();
    await release();
    const modeOf = async (p: string) => ((await fs.stat(p)).mode & 0o777).toString(8);
    expect(await modeOf(dataDir)).toBe('700');
    const found = { dirs: new Set<string>(), files: new Set<string>() };
    for (const entry of await fs.readdir(path.join(dataDir, 'db'), { withFileTypes: true, recursive: true })) {
      const mode = await modeOf(path.join(entry.parentPath, entry.name));
      if (entry.isDirectory()) found.dirs.add(mode);
      else if (entry.isFile()) found.files.add(mode);
    }
    expect(await modeOf(path.join(dataDir, 'db'))).toBe('700');
    expect(found).toEqual({ dirs: new Set(['700']), files: new Set(['600']) });
    await fs.rm(parent, { recursive: true, force: true });
  });
});
