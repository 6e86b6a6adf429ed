import { getTableColumns, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

/** The parts of drizzle's database and prepared query this module uses (the same on both drivers). */
type Driver = { query(...args: unknown[]): Promise<unknown> };
type DrizzlePrepared = { client: Driver; execute(values?: Record<string, unknown>): Promise<unknown> };
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
 * transaction: `execute(tx, values)` sends it on the transaction's connection. Rows come back as
 * the driver gives them (timestamps and dates as text: see `readRow`). Every parameter should carry
 * a cast (`${sql.placeholder('n')}::int`), as PostgreSQL types them once, when it prepares.
 */
export function prepareStatement<Row>(db: Db, name: string, query: SQL): PreparedStatement<Row> {
  const internals = db as unknown as Internals;
  const prepared = internals.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false);
  const byClient = new WeakMap<Driver, DrizzlePrepared>();
  return {
    async execute(on, values) {
      const { client } = (on as unknown as Internals).session;
      let bound = client === prepared.client ? prepared : byClient.get(client);
      if (!bound) byClient.set(client, (bound = Object.assign(Object.create(prepared) as DrizzlePrepared, { client })));
      const result = (await bound.execute(values)) as { rows: Row[] };
      return result.rows;
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
