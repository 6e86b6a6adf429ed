import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openEmbeddedDatabase, openServerDatabase, type Database } from '../../src/server/db/client.ts';

/**
 * A fresh, empty database: in-memory PGlite by default, or a scratch database on the PostgreSQL
 * server named by DATABASE_URL (dropped again on close). Used by tests and benchmarks.
 */
export async function openScratchDatabase({ prefix = 'marquee_test', poolSize = 5 } = {}): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openEmbeddedDatabase();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openServerDatabase(url.toString(), poolSize);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** One test file's own database (a pool of 5 on a server, unless told otherwise). */
export const openTestDatabase = (poolSize?: number) => openScratchDatabase(poolSize ? { poolSize } : {});
