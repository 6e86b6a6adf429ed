import { stringify } from 'csv-stringify/sync';

/**
 * A spreadsheet runs a cell that starts with = + - or @ (or a tab or carriage return) as a
 * formula; every export guards such cells with a leading apostrophe (OWASP "CSV injection").
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export const guardFormula = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** Rows as CSV with CRLF line ends (as spreadsheets write them), every cell formula-guarded. */
export function toSafeCsv(rows: string[][]): string {
  return stringify(
    rows.map((row) => row.map(guardFormula)),
    { record_delimiter: '\r\n' },
  );
}
