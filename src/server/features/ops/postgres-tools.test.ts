import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPostgresTool, describeDatabaseUrl, readMajorVersion, toolConnection } from './postgres-tools.ts';

describe('the PostgreSQL client tools a server backup needs', () => {
  let bin: string;
  beforeAll(async () => {
    // A stand-in pg_dump that is too old, so the check does not depend on what this machine has.
    bin = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-pg-tools-'));
    await fs.writeFile(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 13.16 (Debian 13.16-0+deb11u1)"\n', { mode: 0o755 });
  });
  afterAll(() => fs.rm(bin, { recursive: true, force: true }));

  it('reads the major version from --version', () => {
    expect(readMajorVersion('pg_dump (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)')).toBe(15);
    expect(readMajorVersion('pg_restore (PostgreSQL) 9.6.24')).toBe(9);
    expect(readMajorVersion('something else')).toBeNull();
  });

  it('says how to install pg_dump when there is none, and refuses one older than the server', async () => {
    await expect(assertPostgresTool('pg_dump', 15, 'the server is PostgreSQL 15', { PATH: path.join(bin, 'nothing-here') })).rejects.toThrow(/pg_dump was not found on PATH.*apt-get install postgresql-client/);
    await expect(assertPostgresTool('pg_dump', 15, 'the server is PostgreSQL 15', { PATH: bin })).rejects.toThrow(
      'pg_dump is version 13, but the server is PostgreSQL 15: pg_dump must be version 15 or newer. Install the PostgreSQL 15 client tools (Debian and Ubuntu: apt-get install postgresql-client-15)',
    );
    expect(await assertPostgresTool('pg_dump', 13, 'the server is PostgreSQL 13', { PATH: bin })).toBe(13);
  });

  it('keeps the password off the command line and out of messages', () => {
    const { dbname, env } = toolConnection('postgres://marquee:s%40cret@db.example.com:5432/marquee?sslmode=require');
    expect(dbname).toBe('postgres://marquee@db.example.com:5432/marquee?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
    expect(describeDatabaseUrl('postgres://marquee:s%40cret@db.example.com/marquee')).toBe('postgres://marquee:***@db.example.com/marquee');
  });
});
