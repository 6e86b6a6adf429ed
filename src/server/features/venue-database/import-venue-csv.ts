import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { inArray, or, sql } from 'drizzle-orm';
import { venueEntrySchema, type VenueEntryFields } from '../../../core/schemas/venue-directory.ts';
import { fieldErrors } from '../../../core/field-errors.ts';
import {
  REQUIRED_CSV_COLUMNS,
  VENUE_IMPORT_MAX_BYTES,
  VENUE_IMPORT_MAX_ROWS,
  VENUE_TYPES,
  type VenueCsvColumn,
  type VenueImportError,
  type VenueImportReport,
  type VenueImportRow,
} from '../../../core/venue-directory.ts';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, regions, venueDirectory } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession } from '../../http/session.ts';
import { COLUMN_BY_FIELD, columnForHeader, FIELD_BY_COLUMN, readCell } from './venue-csv.ts';
import { isUniqueViolation, readEntryAddresses, rotateChangedAddresses, toEntryValues } from './venue-entries.ts';

type Existing = { id: string; name: string; regionSlug: string; city: string | null; email: string | null; optedOutAt: Date | null };
type ValidRow = { row: number; fields: VenueEntryFields; targetId: string | null; isOptedOut: boolean };

/** Rows written per statement: about 25 parameters a row keeps each statement well under PostgreSQL's 65,535. */
const CHUNK_ROWS = 500;

const placeKey = (name: string, regionSlug: string, city: string | null | undefined) => `${name.toLowerCase()}|${regionSlug}|${(city ?? '').toLowerCase()}`;
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The file as rows of cells with their spreadsheet row numbers; a file that is not CSV is a 422 saying where. */
function readRecords(csv: string): { cells: string[]; row: number }[] {
  if (Buffer.byteLength(csv) > VENUE_IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `That file is larger than ${megabytes(VENUE_IMPORT_MAX_BYTES)}. Please split it into smaller files.`);
  }
  try {
    const records = parse(csv, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024 }) as unknown as { record: string[]; info: { lines: number } }[];
    // Spreadsheets save rows of empty cells below the data: they are no rows at all.
    return records.filter((r) => r.record.some((cell) => cell.trim() !== '')).map((r) => ({ cells: r.record, row: r.info.lines }));
  } catch (error) {
    throw new AppError('VALIDATION', `The file could not be read as CSV: ${(error as Error).message}`);
  }
}

/** Which column each header cell names; the required ones must be there. */
function readHeader(header: string[]) {
  const columns: (VenueCsvColumn | null)[] = [];
  const ignoredColumns: string[] = [];
  for (const cell of header) {
    const column = columnForHeader(cell);
    if (column && columns.includes(column)) throw new AppError('VALIDATION', `The column ${column} appears twice in the header row.`);
    if (!column && cell.trim()) ignoredColumns.push(cell.trim());
    columns.push(column ?? null);
  }
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) {
    throw new AppError('VALIDATION', `The first row must name the columns ${REQUIRED_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`);
  }
  return { columns, ignoredColumns };
}

/**
 * Matches a valid row to an existing entry by the natural key (decision 23): its e-mail; else,
 * or when no entry has that e-mail yet, its name, location and city among the entries without one.
 * A row without an e-mail also matches the one entry with its name, location and city if that
 * entry has an e-mail and the file has no e-mail column, so a file without e-mails updates too.
 */
function findTarget(fields: VenueEntryFields, byEmail: Map<string, Existing>, byPlace: Map<string, Existing[]>, hasEmailColumn: boolean): Existing | 'ambiguous' | null {
  if (fields.email) {
    const match = byEmail.get(fields.email);
    if (match) return match;
  }
  const place = byPlace.get(placeKey(fields.name, fields.regionSlug, fields.city)) ?? [];
  const withoutEmail = place.filter((e) => !e.email);
  if (fields.email || hasEmailColumn) return withoutEmail[0] ?? null;
  if (place.length <= 1) return place[0] ?? null;
  return withoutEmail[0] ?? 'ambiguous';
}

/**
 * A CSV import into the venue database (spec 3 §2, issue 11): every row is checked with the
 * form's schema; a dry run reports what would be created, updated or skipped, a real one writes
 * every valid row in one transaction and skips the rest. Re-importing a file updates its venues
 * rather than duplicating them. A venue's opt-out is never changed by an import.
 */
export async function importVenueCsv(db: Db, session: CurrentSession, csv: string, { isDryRun }: { isDryRun: boolean }): Promise<VenueImportReport> {
  const records = readRecords(csv);
  const [header, ...data] = records;
  if (!header) throw new AppError('VALIDATION', 'The file is empty. Please choose a CSV file with a header row and one venue per row.');
  const { columns, ignoredColumns } = readHeader(header.cells);
  if (data.length === 0) throw new AppError('VALIDATION', 'The file has a header row but no venues.');
  if (data.length > VENUE_IMPORT_MAX_ROWS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `That file has ${data.length.toLocaleString('en-US')} venues; an import takes at most ${VENUE_IMPORT_MAX_ROWS.toLocaleString('en-US')}. Please split it into smaller files.`,
    );
  }

  const allRegions = await db.select({ slug: regions.slug, name: regions.name }).from(regions);
  const regionName = new Map(allRegions.map((r) => [r.slug, r.name]));
  const regionSlugByName = new Map(allRegions.flatMap((r) => [[r.slug, r.slug] as const, [r.name.toLowerCase(), r.slug] as const]));
  const locationError = `Unknown location: use one of ${allRegions.map((r) => r.name).join(', ')}.`;

  const errors: VenueImportError[] = [];
  const parsed: { row: number; fields: VenueEntryFields }[] = [];
  for (const { cells, row } of data) {
    const input: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      const field = column && FIELD_BY_COLUMN[column];
      if (field) input[field] = readCell(column, cells[i] ?? '', regionSlugByName);
    });
    const result = venueEntrySchema.safeParse(input);
    const name = typeof input.name === 'string' ? input.name : '';
    if (cells.length > columns.length) {
      errors.push({ row, name, messages: { row: `This row has ${cells.length} cells but the header names ${columns.length} columns.` } });
    } else if (!result.success) {
      const messages: VenueImportError['messages'] = {};
      for (const [field, message] of Object.entries(fieldErrors(result.error))) messages[COLUMN_BY_FIELD.get(field) ?? 'row'] = message;
      if (messages.venue_type) messages.venue_type = `Unknown venue type: use one of ${VENUE_TYPES.join(', ')}.`;
      errors.push({ row, name, messages });
    } else if (!regionName.has(result.data.regionSlug)) {
      errors.push({ row, name, messages: { location: locationError } });
    } else {
      parsed.push({ row, fields: result.data });
    }
  }

  // The entries these rows may be: the same e-mails anywhere, or the same locations.
  const emails = [...new Set(parsed.flatMap((p) => (p.fields.email ? [p.fields.email] : [])))];
  const locations = [...new Set(parsed.map((p) => p.fields.regionSlug))];
  const existing: Existing[] = parsed.length
    ? await db
        .select({ id: venueDirectory.id, name: venueDirectory.name, regionSlug: venueDirectory.regionSlug, city: venueDirectory.city, email: venueDirectory.email, optedOutAt: venueDirectory.optedOutAt })
        .from(venueDirectory)
        .where(or(inArray(venueDirectory.regionSlug, locations), emails.length ? inArray(sql`lower(${venueDirectory.email})`, emails) : undefined))
    : [];
  const byEmail = new Map(existing.flatMap((e) => (e.email ? [[e.email.toLowerCase(), e] as const] : [])));
  const byPlace = new Map<string, Existing[]>();
  for (const e of existing) {
    const key = placeKey(e.name, e.regionSlug, e.city);
    byPlace.set(key, [...(byPlace.get(key) ?? []), e]);
  }

  const hasEmailColumn = columns.includes('email');
  const rowByKey = new Map<string, number>();
  const rowByTarget = new Map<string, number>();
  const valid: ValidRow[] = [];
  for (const { row, fields } of parsed) {
    const key = fields.email ?? placeKey(fields.name, fields.regionSlug, fields.city);
    const target = findTarget(fields, byEmail, byPlace, hasEmailColumn);
    const sameKeyRow = rowByKey.get(key);
    const sameTargetRow = target && target !== 'ambiguous' ? rowByTarget.get(target.id) : undefined;
    const fail = (messages: VenueImportError['messages']) => errors.push({ row, name: fields.name, messages });
    if (sameKeyRow !== undefined) fail(fields.email ? { email: `Row ${sameKeyRow} has the same email.` } : { name: `Row ${sameKeyRow} has the same name, location and city.` });
    else if (sameTargetRow !== undefined) fail({ row: `Row ${sameTargetRow} already updates the same venue.` });
    else if (target === 'ambiguous') fail({ name: 'More than one venue has this name, location and city: add the email column to tell them apart.' });
    else {
      rowByKey.set(key, row);
      if (target) rowByTarget.set(target.id, row);
      valid.push({ row, fields, targetId: target?.id ?? null, isOptedOut: Boolean(target?.optedOutAt) });
    }
  }

  const summary = (v: ValidRow): VenueImportRow => ({
    row: v.row,
    name: v.fields.name,
    location: regionName.get(v.fields.regionSlug) ?? v.fields.regionSlug,
    city: v.fields.city ?? null,
    email: v.fields.email ?? null,
    ...(v.isOptedOut ? { isOptedOut: true } : {}),
  });
  errors.sort((a, b) => a.row - b.row);
  const report: VenueImportReport = {
    isDryRun,
    rowCount: data.length,
    creates: valid.filter((v) => !v.targetId).map(summary),
    updates: valid.filter((v) => v.targetId).map(summary),
    errors,
    ignoredColumns,
    created: 0,
    updated: 0,
  };
  if (isDryRun || valid.length === 0) return report;

  await writeRows(db, valid, new Set(columns.flatMap((c) => (c && FIELD_BY_COLUMN[c] ? [FIELD_BY_COLUMN[c]] : []))), async (tx) => {
    await tx.insert(auditLog).values({
      actorId: session.user.id,
      action: 'venue_directory.imported',
      details: { created: report.creates.length, updated: report.updates.length, skipped: errors.length, rows: data.length },
    });
  });
  return { ...report, created: report.creates.length, updated: report.updates.length };
}

/**
 * Every valid row in one transaction, as inserts that turn into updates on an existing id. An
 * update sets only the columns the file has, so a file of names and e-mails leaves the rest of
 * an entry as it was; the opt-out columns are never in the list. A changed address ends the
 * entry's opt-out links (issue 20).
 */
async function writeRows(db: Db, rows: ValidRow[], fileFields: Set<string>, inSameTransaction: (tx: Tx) => Promise<void>) {
  const values = rows.map((r) => ({ id: r.targetId ?? randomUUID(), ...toEntryValues(r.fields) }));
  const updatable = Object.keys(values[0]!).filter((k) => k !== 'id' && fileFields.has(k)) as (keyof (typeof values)[number])[];
  const set = Object.fromEntries([...updatable.map((k) => [k, sql.raw(`excluded.${toSnake(k)}`)] as const), ['updatedAt', sql`now()`] as const]);
  try {
    await db.transaction(async (tx) => {
      const before = fileFields.has('email') || fileFields.has('bookingEmail') ? await readEntryAddresses(tx, rows.flatMap((r) => (r.targetId ? [r.targetId] : []))) : [];
      for (let i = 0; i < values.length; i += CHUNK_ROWS) {
        await tx.insert(venueDirectory).values(values.slice(i, i + CHUNK_ROWS)).onConflictDoUpdate({ target: venueDirectory.id, set });
      }
      await rotateChangedAddresses(tx, before);
      await inSameTransaction(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'The venue database changed during the import. Please preview the file again.');
    throw error;
  }
}

const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
