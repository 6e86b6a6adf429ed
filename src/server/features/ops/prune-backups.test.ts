import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { pruneBackups } from './prune-backups.ts';

it('keeps the newest complete backups and leaves everything else in the folder alone', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-prune-'));
  const complete = ['marquee-20261120-031500', 'marquee-20261121-031500', 'marquee-20261122-031500', 'marquee-20261123-031500'];
  for (const name of complete) {
    await fs.mkdir(path.join(dir, name));
    await fs.writeFile(path.join(dir, name, 'manifest.json'), '{}');
  }
  await fs.mkdir(path.join(dir, '.marquee-20261124-031500.partial'));
  await fs.mkdir(path.join(dir, 'marquee-20261119-031500')); // no manifest: not a whole backup
  await fs.writeFile(path.join(dir, 'notes.txt'), 'mine');

  const deleted = await pruneBackups(dir, 2);
  expect(deleted.map((p) => path.basename(p)).sort()).toEqual(['marquee-20261120-031500', 'marquee-20261121-031500']);
  expect((await fs.readdir(dir)).sort()).toEqual(['.marquee-20261124-031500.partial', 'marquee-20261119-031500', 'marquee-20261122-031500', 'marquee-20261123-031500', 'notes.txt']);
  await fs.rm(dir, { recursive: true, force: true });
});
