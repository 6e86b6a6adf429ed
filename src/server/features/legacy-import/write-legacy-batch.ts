// Issue 25: writing a batch of mapped records in one transaction, together with the old id → new
// id rows that say they are done (decision 52). New and changed records go through the same
// statements: roots are upserted, children of changed records are replaced (or synced by stable
// id where other rows point at them), so a rerun after an interruption simply finishes the work.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { legacyRecords } from '../../db/schema.ts';

export type Row = Record<string, unknown>;
/** What one old record becomes: rows per table key of its collection's writer. */
export type RowSet = Record<string, Row[]>;

export type PlannedRecord = {
  legacyId: string;
  newId: string;
  digest: string;
  state: 'new' | 'changed' | 'unchanged';
  rows: RowSet;
};

/**
 * How one table of a collection is written.
 * - upsert: a row inserted or updated on `target` (the listed columns stay as they are). Child
 *   rows that other rows point at, or that people add to on Marquee (managed artists, jam songs and
 *   their slots), are upserted by stable ids too and never deleted: a newer export updates and adds.
 * - insert-new: written once, never updated.
 * - replace: a profile's own lists (members, gallery, links): a changed record's are deleted and
 *   written again, as its fields are.
 */
export type TableWriter = {
  key: string;
  table: PgTable;
  mode: 'upsert' | 'insert-new' | 'replace';
  target?: PgColumn[];
  /** For replace: the column naming the parent record. */
  parentColumn?: PgColumn;
  /** Columns an update leaves alone (besides the target and createdAt). */
  keep?: string[];
  /** Columns an update sets to an expression instead of the new value. */
  custom?: Record<string, SQL>;
};

const excluded = (key: string) => sql.raw(`excluded."${toSnakeCase(key)}"`);

/** PostgreSQL takes at most 65,535 parameters a statement; PGlite the same. */
const MAX_PARAMETERS = 60_000;

async function insertRows(tx: DbOrTx, writer: TableWriter, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(writer.table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const chunkSize = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, keys.length)));
  const targetKeys = new Set((writer.target ?? []).map((column) => Object.entries(columns).find(([, c]) => c === column)![0]));
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const insert = tx.insert(writer.table).values(chunk);
    if (writer.mode === 'insert-new' || writer.mode === 'replace') {
      await insert.onConflictDoNothing();
      continue;
    }
    const set: Record<string, SQL> = {};
    for (const key of keys) {
      if (targetKeys.has(key) || key === 'createdAt' || writer.keep?.includes(key)) continue;
      set[key] = writer.custom?.[key] ?? excluded(key);
    }
    for (const [key, expression] of Object.entries(writer.custom ?? {})) set[key] = expression;
    if (columns.updatedAt) set.updatedAt = sql`now()`;
    await insert.onConflictDoUpdate({ target: writer.target!, set });
  }
}

/** Writes one batch of a collection's records and their legacy_records rows, all or nothing. */
export async function writeLegacyBatch(db: DbOrTx, collection: string, writers: TableWriter[], batch: PlannedRecord[]): Promise<void> {
  const toWrite = batch.filter((record) => record.state !== 'unchanged');
  if (toWrite.length === 0) return;
  await db.transaction(async (tx) => {
    const changed = toWrite.filter((record) => record.state === 'changed');
    for (const writer of writers) {
      const rows = toWrite.flatMap((record) => record.rows[writer.key] ?? []);
      if (writer.mode === 'replace' && changed.length > 0) {
        await tx.delete(writer.table).where(inArray(writer.parentColumn!, changed.map((record) => record.newId)));
      }
      await insertRows(tx, writer, rows);
    }
    await tx
      .insert(legacyRecords)
      .values(toWrite.map((record) => ({ collection, legacyId: record.legacyId, newId: record.newId, digest: record.digest })))
      .onConflictDoUpdate({
        target: [legacyRecords.collection, legacyRecords.legacyId],
        set: { newId: sql`excluded.new_id`, digest: sql`excluded.digest`, updatedAt: sql`now()` },
      });
  });
}
