import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { fillPlaceholders, getTableColumns, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';
import { preparePgliteStatement, runPgliteStatement, type Exclusive, type PgliteStatement } from './prepared-reads.ts';

/** The parts of drizzle's database and prepared query this module uses (the same on both drivers). */
type Driver = { query(...args: unknown[]): Promise<unknown> };
type DrizzlePrepared = { client: Driver; params: unknown[]; rawQueryConfig: QueryOptions; execute(values?: Record<string, unknown>): Promise<unknown> };
type Internals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { client: Driver; prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, isResponseInArrayMode: boolean): DrizzlePrepared };
};

export type PreparedStatement<Row> = {
  /** Runs the statement on `on`'s connection (inside its transaction, for a transaction). */
  execute(on: DbOrTx, values: Record<string, unknown>): Promise<Row[]>;
};

/**
 * A statement written in SQL (data-modifying CTEs, which drizzle's builders cannot write), built
 * once with `sql.placeholder`s (use it with oncePerDatabase) and prepared under `name`: on
 * PostgreSQL each pooled connection parses it once and then only binds and executes it, the way
 * the door's scan is prepared (decision 42). Unlike a drizzle `.prepare()`, it can run inside a
 * transaction: `execute(tx, values)` sends it on the transaction's connection. On PGlite the
 * statement is named and described once too (as prepared-reads.ts does for plain reads), and then
 * sent as Bind and Execute under PGlite's locks: the query lock alone inside the caller's own
 * transaction, both outside one. Rows come back as the driver gives them (timestamps and dates as
 * text: see `readRow`). Every parameter should carry a cast (`${sql.placeholder('n')}::int`), as
 * PostgreSQL types them once, when it prepares.
 */
export function prepareStatement<Row>(db: Db, name: string, query: SQL): PreparedStatement<Row> {
  const internals = db as unknown as Internals;
  const built = internals.dialect.sqlToQuery(query);
  const prepared = internals.session.prepareQuery(built, undefined, name, false);
  const byClient = new WeakMap<Driver, DrizzlePrepared>();
  const unprepared = async (client: Driver, values: Record<string, unknown>) => {
    let bound = client === prepared.client ? prepared : byClient.get(client);
    if (!bound) byClient.set(client, (bound = Object.assign(Object.create(prepared) as DrizzlePrepared, { client })));
    return ((await bound.execute(values)) as { rows: Row[] }).rows;
  };
  const pglite = 'execProtocol' in prepared.client ? (prepared.client as unknown as PGlite & Exclusive) : null;
  if (!pglite) return { execute: (on, values) => unprepared((on as unknown as Internals).session.client, values) };

  // PGlite: prepared by the first caller, under its own locks (a caller never waits for another's
  // prepare, which could be waiting for the caller's transaction); callers meanwhile go unprepared.
  let statement: PgliteStatement | null | undefined;
  let isPreparing = false;
  return {
    async execute(on, values) {
      const { client } = (on as unknown as Internals).session;
      const isOutsideTransaction = client === prepared.client;
      const locked = isOutsideTransaction
        ? <T>(fn: () => Promise<T>) => pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(fn))
        : <T>(fn: () => Promise<T>) => pglite._runExclusiveQuery(fn);
      if (statement === undefined && !isPreparing) {
        isPreparing = true;
        statement = await preparePgliteStatement(pglite, name, built.sql, locked).finally(() => (isPreparing = false));
      }
      if (!statement) return unprepared(client, values);
      const params = fillPlaceholders(prepared.params, values);
      try {
        return (await runPgliteStatement<Row>(pglite, statement, params, prepared.rawQueryConfig, locked, { syncToFs: isOutsideTransaction })).rows;
      } catch (error) {
        // As drizzle reports a failed query (the driver's error as `cause`), whichever way it was sent.
        throw new DrizzleQueryError(built.sql, params, error as Error);
      }
    },
  };
}

/** A column's name in the database (the schema's keys are camelCase, its columns snake_case). */
const columnName = (key: string, column: { name: string; keyAsName: boolean }) => (column.keyAsName ? toSnakeCase(key) : column.name);

/**
 * A row of `table` read from a raw result that holds its columns (`returning *`, `select o.*`),
 * each decoded as drizzle decodes it (timestamps become Dates): the same object a drizzle select
 * of the table gives.
 */
export function readRow<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[columnName(key, column)];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}
