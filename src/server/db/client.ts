import nodeFs, { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { prepareRepeatedReadsOnPglite, prepareRepeatedReadsOnPool } from './prepared-reads.ts';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import * as schema from './schema.ts';

/** One query interface over both back ends; node-postgres and PGlite share Drizzle's pg-core API. */
export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** How many migrations this build carries (drizzle's journal). */
export function countMigrationsInBuild(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance (embedded) or the pg pool (server), for pg-boss and raw access. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The server's connection string, for clients that need their own connection (LISTEN). */
  url?: string;
  close(): Promise<void>;
};

/** Issue 20: the live database is the owner's alone (backups already are). */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

export class DataFolderLockedError extends Error {}

/** Who holds the data folder: kept inside the lock, so it goes when the lock goes. */
type LockHolder = { pid: number; host: string; processStartedAt: number; since: string };
const HOLDER_FILE = 'holder.json';
/** Tells this process from an earlier one with the same id (a container restarted: pid 1 again). */
const PROCESS_STARTED_AT = Math.round(Date.now() - process.uptime() * 1000);

type Done = (error: NodeJS.ErrnoException | null) => void;
/**
 * proper-lockfile's file system, but the lock (a folder) is made with this process's holder record
 * in it, before proper-lockfile notes the folder's time (which it checks on every refresh), and
 * removing the lock removes the record with it.
 */
const lockFs = {
  ...nodeFs,
  mkdir: (p: string, done: Done) =>
    nodeFs.mkdir(p, (error) => {
      if (error) return done(error);
      const holder: LockHolder = { pid: process.pid, host: os.hostname(), processStartedAt: PROCESS_STARTED_AT, since: new Date().toISOString() };
      nodeFs.writeFile(path.join(p, HOLDER_FILE), JSON.stringify(holder), { mode: PRIVATE_FILE }, () => done(null));
    }),
  rmdir: (p: string, done: Done) => nodeFs.rm(p, { recursive: true, force: true }, done),
  rmdirSync: (p: string) => nodeFs.rmSync(p, { recursive: true, force: true }),
};

async function readHolder(lockPath: string): Promise<LockHolder | null> {
  try {
    const holder = JSON.parse(await fs.readFile(path.join(lockPath, HOLDER_FILE), 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? (holder as LockHolder) : null;
  } catch {
    return null; // no record (a lock being taken this instant, or an older Marquee's): judged by age only
  }
}

/** Whether the holder is certainly gone: on this host, and its process no longer runs. */
function isHolderGone(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return false; // another machine's process cannot be checked
  // The same id: this process (its start time agrees, give or take the clock's rounding), or an earlier one.
  if (holder.pid === process.pid) return Math.abs(holder.processStartedAt - PROCESS_STARTED_AT) > 1_000;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'; // EPERM: it runs, as another user
  }
}

/**
 * Takes the data folder for this process; a second process is refused, not allowed to corrupt it.
 * The lock records its holder (process id and host). Issue 20: when that process is gone (this
 * host, no such process, e.g. after SIGKILL or a power cut), the lock is taken over at once and
 * `log` says so; otherwise a lock is judged stale only when not refreshed for 15 s.
 */
export async function lockDataFolder(dataDir: string, { log = () => {} }: { log?: (message: string) => void } = {}): Promise<() => Promise<void>> {
  await fs.mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const lockPath = path.join(dataDir, 'marquee.lock');
  const take = () => lockfile.lock(dataDir, { lockfilePath: lockPath, stale: 15_000, update: 5_000, retries: 0, fs: lockFs });
  const isLocked = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ELOCKED';
  try {
    return await take();
  } catch (error) {
    if (!isLocked(error)) throw error;
  }
  const holder = await readHolder(lockPath);
  if (holder && isHolderGone(holder)) {
    await fs.rm(lockPath, { recursive: true, force: true });
    try {
      const release = await take();
      log(`The data folder ${path.resolve(dataDir)} was locked by process ${holder.pid} on ${holder.host} since ${holder.since}, which is no longer running (it stopped without releasing it): this process took the lock over.`);
      return release;
    } catch (error) {
      if (!isLocked(error)) throw error; // another process took it over first
    }
  }
  const by = holder ? `process ${holder.pid} on ${holder.host}, ` : '';
  throw new DataFolderLockedError(
    `The data folder ${path.resolve(dataDir)} is in use by another Marquee process (${by}lock ${lockPath}). ` +
      'Stop that process first, or set DATA_DIR to another folder.',
  );
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/**
 * The embedded database in DATA_DIR/db, folders 0700 and files 0600. PGlite unpacks its initial
 * files 0666 (set explicitly, past the umask) and 0755; the tree is closed after it starts.
 * PostgreSQL's own new files are 0600 and folders 0700; the umask 077 around the start covers
 * the rest.
 */
export async function openEmbeddedDatabase(dataDir?: string): Promise<Database> {
  if (!dataDir) return fromPglite(await PGlite.create());
  const folder = path.join(dataDir, 'db');
  await fs.mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR });
  await fs.mkdir(folder, { recursive: true, mode: PRIVATE_DIR });
  const umask = process.umask(0o077);
  try {
    const pglite = await PGlite.create(folder);
    await closeTree(folder);
    return fromPglite(pglite);
  } finally {
    process.umask(umask);
  }
}

/** Folders 0700 and files 0600, all the way down. */
async function closeTree(folder: string): Promise<void> {
  await fs.chmod(folder, PRIVATE_DIR);
  for (const entry of await fs.readdir(folder, { withFileTypes: true, recursive: true })) {
    const entryPath = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await fs.chmod(entryPath, PRIVATE_DIR);
    else if (entry.isFile()) await fs.chmod(entryPath, PRIVATE_FILE);
  }
}

export function fromPglite(pglite: PGlite): Database {
  prepareRepeatedReadsOnPglite(pglite);
  const db = drizzlePglite({ client: pglite, ...drizzleOptions });
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

export async function openServerDatabase(
  url: string,
  max = 10,
  onConnectionError: (error: Error) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', onConnectionError);
  // Fail fast with a clear message rather than on the first request.
  const client = await pool.connect();
  client.release();
  prepareRepeatedReadsOnPool(pool);
  const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Db;
  return { db, kind: 'postgres', pool, url, close: () => pool.end() };
}

/**
 * Runs `work` while holding the start-up lock: on a server, several instances starting at once
 * (a rolling deploy) migrate and seed one after another, never together. PGlite has one process.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

/** Applies the committed SQL migrations, under the start-up lock. */
export async function migrateDatabase(database: Database): Promise<void> {
  await withStartupLock(database, () => applyMigrations(database));
}

/** The migrations alone: for a caller already holding the start-up lock. */
export async function applyMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') await migratePglite(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  else await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
}
