import { spawn } from 'node:child_process';
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
  }, 90_000); // a fresh PGlite folder: a few seconds, far more on a loaded machine

  it('after its holder is killed, the lock is taken over at once and the log says so; a live holder still refuses (issue 20)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-crash-'));
    // Another process takes the data folder, as `npm start` does, and stays.
    const holder = spawn(
      process.execPath,
      ['--input-type=module', '-e', `import { lockDataFolder } from ${JSON.stringify(new URL('./client.ts', import.meta.url).href)}; await lockDataFolder(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      holder.on('exit', (code) => reject(new Error(`the holder exited (${code})`)));
    });
    await expect(lockDataFolder(dir)).rejects.toThrow(new RegExp(`in use by another Marquee process \\(process ${holder.pid} on ${os.hostname()}, lock `));

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const said: string[] = [];
    const started = Date.now();
    const release = await lockDataFolder(dir, { log: (message) => said.push(message) });
    expect(Date.now() - started).toBeLessThan(10_000); // not the 15 s the stale rule would take (generous: a loaded machine is slow)
    expect(said).toEqual([expect.stringMatching(new RegExp(`was locked by process ${holder.pid} on ${os.hostname()} since .*, which is no longer running .*: this process took the lock over\\.$`))]);
    // Now this process holds it: another attempt is refused, naming this process.
    await expect(lockDataFolder(dir)).rejects.toThrow(`process ${process.pid} on ${os.hostname()}`);
    await release();
    await (await lockDataFolder(dir))();
    await fs.rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('a lock left by an earlier start with this same process id (a restarted container, pid 1 again) is taken over too', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-restart-'));
    await fs.mkdir(path.join(dir, 'marquee.lock'));
    const earlier = { pid: process.pid, host: os.hostname(), processStartedAt: Date.now() - 3_600_000, since: new Date(Date.now() - 3_600_000).toISOString() };
    await fs.writeFile(path.join(dir, 'marquee.lock', 'holder.json'), JSON.stringify(earlier));
    const said: string[] = [];
    const release = await lockDataFolder(dir, { log: (message) => said.push(message) });
    expect(said).toEqual([expect.stringContaining(`was locked by process ${process.pid} on ${os.hostname()} since ${earlier.since}`)]);
    await release();
    await fs.rm(dir, { recursive: true, force: true });
  });
});
