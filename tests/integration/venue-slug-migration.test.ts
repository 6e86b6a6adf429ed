// Decision 33: the migration before the unique venue slug resolves the duplicates a database may
// already hold (issue 20: three "The Lantern Room"s on one slug): the oldest venue keeps the slug,
// each later one gets the first free numeric suffix, and every name stays.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS_FOLDER, type Database } from '../../src/server/db/client.ts';
import { openScratchDatabase } from '../helpers/test-database.ts';

const FIRST_NEW_MIGRATION = '0011_venue_verification';
let database: Database;
let olderFolder: string;

/** The committed migrations up to the one before this change, as a database made before it has them. */
async function copyMigrationsBefore(tag: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-migrations-'));
  await fs.cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  database = await openScratchDatabase();
  olderFolder = await copyMigrationsBefore(FIRST_NEW_MIGRATION);
  if (database.kind === 'pglite') await migratePglite(database.db, { migrationsFolder: olderFolder });
  else await migratePg(database.db as never, { migrationsFolder: olderFolder });
  await database.db.execute(sql`insert into regions (slug, name, time_zone) values ('chicagoland', 'Chicagoland', 'America/Chicago')`);
});
afterAll(async () => {
  await database.close();
  await fs.rm(olderFolder, { recursive: true, force: true });
});

async function addVenue(id: string, name: string, slug: string, daysAgo: number) {
  const at = sql.raw(`now() - interval '${daysAgo} days'`);
  await database.db.execute(sql`insert into "user" (id, name, email, email_verified, role, location, created_at, updated_at)
    values (${id}, ${name}, ${`${id}@migration.test`}, false, 'venue', 'chicagoland', ${at}, ${at})`);
  await database.db.execute(sql`insert into venue_profiles (user_id, name, slug, created_at, updated_at) values (${id}, ${name}, ${slug}, ${at}, ${at})`);
}

it('keeps the oldest venue on a shared slug and gives the others free numbered slugs, then refuses any new duplicate', async () => {
  await addVenue('copy-new', 'The Lantern Room', 'theLanternRoom', 1);
  await addVenue('original', 'The Lantern Room', 'theLanternRoom', 400);
  await addVenue('copy-case', 'THE LANTERN ROOM', 'thelanternroom', 10);
  // A venue already named so holds the first suffix: the copies skip it.
  await addVenue('numbered', 'The Lantern Room 2', 'theLanternRoom2', 5);
  await addVenue('blank-a', '***', '', 30);
  await addVenue('blank-b', '###', '', 20);
  await addVenue('alone', 'Quiet Corner', 'quietCorner', 3);

  await applyMigrations(database);

  const rows = (await database.db.execute(sql`select user_id, name, slug from venue_profiles order by user_id`)).rows as { user_id: string; name: string; slug: string }[];
  expect(Object.fromEntries(rows.map((r) => [r.user_id, r.slug]))).toEqual({
    original: 'theLanternRoom',
    'copy-case': 'thelanternroom3',
    'copy-new': 'theLanternRoom4',
    numbered: 'theLanternRoom2',
    'blank-a': '',
    'blank-b': 'venue2',
    alone: 'quietCorner',
  });
  expect(rows.find((r) => r.user_id === 'copy-new')!.name).toBe('The Lantern Room');

  await expect(database.db.execute(sql`update venue_profiles set slug = 'THELANTERNROOM' where user_id = 'alone'`)).rejects.toThrow();
});
