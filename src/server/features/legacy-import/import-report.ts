import { toSafeCsv } from '../../http/csv.ts';
import type { ImportReport } from './import-legacy.ts';

/** The table a run ends with: imported, updated, unchanged and refused per collection, and the seconds each took (the total is the import's, reading the export included). */
export function formatImportReport(report: ImportReport): string {
  const header = ['collection', report.isDryRun ? 'would import' : 'imported', report.isDryRun ? 'would update' : 'updated', 'unchanged', 'refused', 'seconds'];
  const rows = report.tallies.map(({ collection, tally, seconds }) => [collection, ...[tally.imported, tally.updated, tally.unchanged, tally.refused].map(String), seconds.toFixed(1)]);
  const total = report.tallies.reduce((sum, { tally }) => sum.map((n, i) => n + [tally.imported, tally.updated, tally.unchanged, tally.refused][i]!), [0, 0, 0, 0]);
  rows.push(['total', ...total.map(String), report.seconds.toFixed(1)]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const lines = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(0, -1).map(line), widths.map((w) => '-'.repeat(w)).join('  '), line(rows.at(-1)!)];
  return lines.join('\n');
}

/** The refused records with their reasons, and each document as JSON to correct and import again (--fixes). */
export function formatRefusedCsv(report: ImportReport): string {
  return toSafeCsv([
    ['collection', 'id', 'reason', 'document'],
    ...report.refusals.map((refusal) => [refusal.collection, refusal.legacyId, refusal.reason, refusal.document === undefined ? '' : JSON.stringify(refusal.document)]),
  ]);
}

/** What was imported with a change the operator should know about (an admin imported as a fan, an image left out…). */
export function formatNotesCsv(report: ImportReport): string {
  return toSafeCsv([['collection', 'id', 'note'], ...report.notes.map((note) => [note.collection, note.legacyId, note.note])]);
}
