// Issue 23 (statement budget): a statement prepared once per database runs inside the caller's
// transaction (sees its writes, rolls back with it), outside any, with the driver's types, and is
// named in the session once; a first use while another transaction is open does not deadlock.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-database.ts';
import type { Database } from './client.ts';
import { prepareStatement } from './prepared-statement.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table statement_check (id int primary key, name text, at timestamptz)`);
});
afterAll(() => database.close());

const ph = sql.placeholder;
/** Inserts a row and says how many rows the table then holds, as one data-modifying CTE. */
const insertAndCount = () =>
  prepareStatement<{ id: number; at: string; n: number }>(
    database.db,
    `marquee_statement_check_${Math.random().toString(36).slice(2, 8)}`,
    sql`with added as (insert into statement_check (id, name, at) values (${ph('id')}::int, ${ph('name')}::text, ${ph('at')}::timestamptz) returning id, at)
      select added.id, added.at, (select count(*)::int from statement_check) + 1 as n from added`,
  );
const count = async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from statement_check`)).rows[0]!.n;

describe('statements prepared once per database (issue 23)', () => {
  it('runs inside the caller\'s transaction: its rows are the transaction\'s, and roll back with it', async () => {
    const statement = insertAndCount();
    const before = await count();
    await expect(
      database.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          const [row] = await statement.execute(tx, { id: 100 + i, name: `row ${i}`, at: '2026-12-01T20:00:00Z' });
          expect(row).toMatchObject({ id: 100 + i, n: before + i + 1 });
          expect(new Date(row!.at).toISOString()).toBe('2026-12-01T20:00:00.000Z');
        }
        const seen = await tx.execute<{ n: number }>(sql`select count(*)::int as n from statement_check where id >= 100`);
        expect(seen.rows[0]!.n).toBe(3);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await count()).toBe(before);
    // Outside a transaction it commits on its own.
    await statement.execute(database.db, { id: 200, name: null, at: null });
    expect(await count()).toBe(before + 1);
  });

  it('fails as a drizzle query fails, the database error as its cause, and runs again after', async () => {
    const statement = insertAndCount();
    await statement.execute(database.db, { id: 400, name: 'first', at: null });
    for (let i = 0; i < 2; i++) await expect(statement.execute(database.db, { id: 400, name: 'again', at: null })).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(database.db.transaction((tx) => statement.execute(tx, { id: 400, name: 'again', at: null }))).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await statement.execute(database.db, { id: 401, name: 'next', at: null })).toHaveLength(1);
  });

  it('is named in the session once (PGlite: one session)', async () => {
    if (database.kind !== 'pglite') return;
    const name = 'marquee_statement_check_named';
    const statement = prepareStatement<{ id: number }>(database.db, name, sql`select ${ph('id')}::int as id`);
    for (let i = 0; i < 5; i++) expect(await statement.execute(database.db, { id: i })).toEqual([{ id: i }]);
    await database.db.transaction(async (tx) => expect(await statement.execute(tx, { id: 7 })).toEqual([{ id: 7 }]));
    const names = await database.db.execute<{ name: string }>(sql`select name from pg_prepared_statements where name = ${name}`);
    expect(names.rows).toHaveLength(1);
  });

  it('first used outside a transaction while another is open, and inside that one: neither waits for the other', async () => {
    const statement = insertAndCount();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside: Promise<unknown> = Promise.resolve();
    const writing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into statement_check (id, name) values (300, 'open')`);
      await held;
      inside = statement.execute(tx, { id: 301, name: 'inside', at: null });
      await inside;
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = statement.execute(database.db, { id: 302, name: 'outside', at: null });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([writing, outside]);
    await inside;
    const rows = await database.db.execute<{ id: number }>(sql`select id from statement_check where id between 300 and 302 order by id`);
    expect(rows.rows.map((r) => r.id)).toEqual([300, 301, 302]);
  });
});
