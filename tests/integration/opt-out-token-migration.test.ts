import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS_FOLDER, type Database } from '../../src/server/db/client.ts';
import { findVenueByOptOutToken, optOutVenue } from '../../src/server/features/outreach/answer-outreach.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/**
 * Issue 20, finding 13: venue opt-out tokens move from a plain md5 column to hashed per-e-mail
 * tokens. A link sent before the upgrade must still opt the venue out after it.
 */
let database: Database;
let folder: string;
beforeAll(async () => {
  database = await openTestDatabase();
  // The migrations as they were before the change: the journal up to the one that adds the table.
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-migrations-'));
  await fs.cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith('_venue_opt_out_tokens'));
  expect(cut).toBeGreaterThan(0);
  await fs.writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
});
afterAll(async () => {
  await database.close();
  await fs.rm(folder, { recursive: true, force: true });
});

describe('upgrading venue opt-out tokens (issue 20)', () => {
  it('a link sent before the upgrade still opts out after it; the plain token is gone', async () => {
    if (database.kind === 'pglite') await migratePglite(database.db, { migrationsFolder: folder });
    else await migratePg(database.db as never, { migrationsFolder: folder });
    await database.db.execute(sql`insert into regions (slug, name, time_zone) values ('old-town', 'Old Town', 'America/Chicago')`);
    await database.db.execute(sql`insert into venue_directory (name, region_slug, email) values ('The Old Link', 'old-town', 'old@venues.test')`);
    const [{ token }] = (await database.db.execute(sql`select opt_out_token as token from venue_directory`)).rows as [{ token: string }];
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    await applyMigrations(database);
    const columns = (await database.db.execute(sql`select column_name from information_schema.columns where table_name = 'venue_directory'`)).rows.map((r) => (r as { column_name: string }).column_name);
    expect(columns).not.toContain('opt_out_token');
    expect(await findVenueByOptOutToken(database.db, token)).not.toBeNull();
    expect(await optOutVenue(database.db, token)).toEqual({ venueName: 'The Old Link' });
  });
});
