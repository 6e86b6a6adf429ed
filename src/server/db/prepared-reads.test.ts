// Issue 22 (decision 42): repeated reads are prepared once per session and give exactly what the
// driver gave before; errors stay errors; a read never slips into another caller's transaction.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-database.ts';
import type { Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table read_check (id int primary key, name text, day date, at timestamptz, tags text[], doc json)`);
  await database.db.execute(sql`insert into read_check values (1, 'one', '2026-12-01', '2026-12-01T20:00:00Z', '{a,b}', '{"k": [1, 2]}'), (2, null, null, null, null, null)`);
});
afterAll(() => database.close());

/** The named statements this session holds (PGlite has one session; a pool checks one client). */
async function preparedNames(): Promise<string[]> {
  const rows = await database.db.execute<{ name: string }>(sql`select name from pg_prepared_statements where name like 'marquee_%' and statement like ${'%from read_check where id =%'}`);
  return rows.rows.map((r) => r.name);
}

describe('reads prepared once (issue 22)', () => {
  it('gives the same rows, types and nulls on every call as the first', async () => {
    const read = (id: number | null) => database.db.execute(sql`select id, name, day, at, tags, doc from read_check where id = ${id} or (${id}::int is null and id = 2)`);
    const first = await read(1);
    for (let i = 0; i < 8; i++) expect((await read(1)).rows).toEqual(first.rows);
    expect(first.rows[0]).toMatchObject({ id: 1, name: 'one', tags: ['a', 'b'], doc: { k: [1, 2] } });
    expect((await read(null)).rows).toEqual([{ id: 2, name: null, day: null, at: null, tags: null, doc: null }]);
    if (database.kind === 'pglite') expect(await preparedNames()).toHaveLength(1);
  });

  it('turns bad input into the database error it was, and the next read works', async () => {
    const bad = database.db.execute(sql`select id from read_check where id = ${'not a number'}`);
    await expect(bad).rejects.toMatchObject({ cause: { code: '22P02' } });
    await expect(database.db.execute(sql`select id from read_check where id = ${'not a number'}`)).rejects.toMatchObject({ cause: { code: '22P02' } });
    expect((await database.db.execute(sql`select count(*)::int as n from read_check`)).rows).toEqual([{ n: 2 }]);
  });

  it('never reads inside a transaction another caller holds open', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into read_check (id, name) values (3, 'uncommitted')`);
      await held;
      throw new Error('rolled back on purpose');
    });
    // Give the transaction its start, then read while it is open.
    await new Promise((r) => setTimeout(r, 50));
    const reading = database.db.execute<{ n: number }>(sql`select count(*)::int as n from read_check where id = 3`);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await expect(writing).rejects.toThrow('rolled back on purpose');
    expect((await reading).rows).toEqual([{ n: 0 }]);
  });

  it('leaves reads with 33 parameters or more unprepared (lists of ids of every length)', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
    const rows = await database.db.execute<{ id: number }>(sql`select id from read_check where id in (${list}) order by id`);
    expect(rows.rows).toEqual([{ id: 1 }, { id: 2 }]);
    const held = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements where statement like ${'%$40%'}`);
    expect(held.rows).toEqual([{ n: 0 }]);
  });

  it.runIf(!process.env.DATABASE_URL)('keeps at most 500 statements in the embedded session, closing the oldest', async () => {
    for (let i = 0; i < 520; i++) await database.db.execute(sql`select ${sql.raw(String(i))}::int + ${1}::int as n`);
    await new Promise((r) => setTimeout(r, 50));
    const held = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements where name like ${'marquee_read_%'}`);
    expect(held.rows[0]!.n).toBeLessThanOrEqual(500);
    expect(held.rows[0]!.n).toBeGreaterThan(400);
  });
});
