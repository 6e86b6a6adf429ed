import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFolderLockedError, lockDataFolder } from './client.ts';

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
});
