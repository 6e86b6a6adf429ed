import { AppError } from '../../http/app-error.ts';

const BAD_CURSOR = 'That cursor is not one this API gave out.';

/** A 400 naming the cursor field, as every bad filter is answered. */
export const badCursor = () => new AppError('BAD_REQUEST', BAD_CURSOR, { cursor: BAD_CURSOR });

/**
 * Keyset pagination (decision 53): the cursor is the last item's sort key, base64url-encoded JSON.
 * Opaque to clients; a page is the items after it, so items added or removed between pages never
 * shift the next page (no duplicates, none skipped), and a deep page costs what the first does.
 */
export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The sort key in a cursor, or a 400 naming the field when it is not one encodeCursor made. */
export function decodeCursor(cursor: string, length: number): string[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  if (!Array.isArray(key) || key.length !== length || !key.every((part) => typeof part === 'string' && part.length <= 200)) {
    throw badCursor();
  }
  return key as string[];
}

/** A calendar date exactly as a cursor carries it (2026-02-30 or 0000-01-01 would be a database error, not a 400). */
export function isCursorDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= '0001-01-01' && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A UTC timestamp with microseconds, exactly as the cursors of ticket lists carry it. */
export function isCursorTimestamp(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/.exec(value);
  return Boolean(match && isCursorDate(match[1]!));
}

/** One page of `limit` items from `limit + 1` fetched: the extra one only says whether a next page exists. */
export function toPage<Row, Item>(rows: Row[], limit: number, toItem: (row: Row) => Item, keyOf: (row: Row) => readonly string[]) {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return { data: pageRows.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
