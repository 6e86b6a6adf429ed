import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { VENUE_CSV_COLUMNS, VENUE_IMPORT_MAX_ROWS, type VenueImportError, type VenueImportReport, type VenueImportRow } from '../../../core/venue-directory.ts';
import { Alert } from '../../components/ui/field.tsx';
import { importVenues } from './api.ts';

/** A preview lists this many rows to write; the counts cover them all. */
const PREVIEW_ROWS = 100;

function ErrorTable({ errors }: { errors: VenueImportError[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-red-500/40">
      <table className="w-full text-left text-sm">
        <caption className="bg-red-950/50 px-3 py-2 text-left font-semibold text-red-100">
          {errors.length} {errors.length === 1 ? 'row has' : 'rows have'} errors and will be skipped
        </caption>
        <thead className="text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2">Row</th>
            <th scope="col" className="px-3 py-2">Venue</th>
            <th scope="col" className="px-3 py-2">Problems</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {errors.map((e) => (
            <tr key={e.row}>
              <td className="px-3 py-2 align-top tabular-nums">{e.row}</td>
              <td className="px-3 py-2 align-top">{e.name || <span className="text-zinc-400">(no name)</span>}</td>
              <td className="px-3 py-2">
                <ul className="space-y-1">
                  {Object.entries(e.messages).map(([column, message]) => (
                    <li key={column}>
                      {column !== 'row' && <span className="font-mono text-xs text-red-200">{column}: </span>}
                      {message}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowTable({ creates, updates }: { creates: VenueImportRow[]; updates: VenueImportRow[] }) {
  const rows = [...creates.map((r) => ({ ...r, action: 'Create' as const })), ...updates.map((r) => ({ ...r, action: 'Update' as const }))].sort((a, b) => a.row - b.row);
  const shown = rows.slice(0, PREVIEW_ROWS);
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold">Rows to import{rows.length > shown.length ? ` (the first ${shown.length} of ${rows.length})` : ''}</caption>
        <thead className="text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2">Row</th>
            <th scope="col" className="px-3 py-2">Action</th>
            <th scope="col" className="px-3 py-2">Venue</th>
            <th scope="col" className="px-3 py-2">Location</th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">Email</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {shown.map((r) => (
            <tr key={r.row}>
              <td className="px-3 py-2 tabular-nums">{r.row}</td>
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${r.action === 'Create' ? 'bg-emerald-500 text-emerald-950' : 'bg-sky-400 text-sky-950'}`}>{r.action}</span>
              </td>
              <td className="px-3 py-2">
                {r.name}
                {r.isOptedOut && <span className="ml-2 text-xs text-amber-300">(opted out: stays excluded from campaigns)</span>}
              </td>
              <td className="px-3 py-2">
                {r.location}
                {r.city ? `, ${r.city}` : ''}
              </td>
              <td className="hidden break-all px-3 py-2 sm:table-cell">{r.email ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** CSV import (issue 11): choose a file, read the preview (creates, updates, errors per row), then import. */
export function VenueImport({ onImported, onClose }: { onImported: () => void; onClose: () => void }) {
  const inputId = useId();
  const headingId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const preview = useMutation({ mutationFn: (chosen: File) => importVenues(chosen, true) });
  const apply = useMutation({ mutationFn: (chosen: File) => importVenues(chosen, false), onSuccess: onImported });
  const report: VenueImportReport | undefined = apply.data ?? preview.data;
  const toWrite = report ? report.creates.length + report.updates.length : 0;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    apply.reset();
    preview.reset();
    if (chosen) preview.mutate(chosen);
  };
  return (
    <section className="card space-y-4" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-xl font-semibold">
            Import CSV
          </h2>
          <p className="mt-1 text-sm text-zinc-400">
            Up to {VENUE_IMPORT_MAX_ROWS.toLocaleString('en-US')} venues a file, with a header row. Required columns: name, location, venue_type. A venue already in the database (same
            email, or same name, location and city) is updated, not added twice.
          </p>
        </div>
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <details className="text-sm text-zinc-300">
        <summary className="cursor-pointer text-zinc-200">All columns</summary>
        <p className="mt-2 break-words font-mono text-xs">{VENUE_CSV_COLUMNS.join(', ')}</p>
        <p className="mt-2">Location is a location's name or its slug (st-louis); yes/no columns take yes or no; music genres are separated by semicolons. Export CSV writes this same format.</p>
      </details>
      <div>
        <label htmlFor={inputId} className="field-label">
          CSV file
        </label>
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm text-zinc-300 file:mr-4 file:rounded-lg file:border-0 file:bg-zinc-800 file:px-4 file:py-2.5 file:font-semibold file:text-zinc-100 hover:file:bg-zinc-700"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
      </div>
      {preview.isPending && <p className="text-zinc-400" role="status">Reading the file…</p>}
      {preview.isError && <Alert>{preview.error.message}</Alert>}
      {report && (
        <div className="space-y-4" aria-live="polite">
          {apply.data ? (
            <Alert tone="success">
              Import complete: {apply.data.created} created, {apply.data.updated} updated{apply.data.errors.length ? `, ${apply.data.errors.length} skipped` : ''}.
            </Alert>
          ) : (
            <p className="font-semibold">
              Preview: {report.creates.length} to create, {report.updates.length} to update, {report.errors.length} with errors
            </p>
          )}
          {report.ignoredColumns.length > 0 && <Alert tone="info">These columns are not venue fields and will be ignored: {report.ignoredColumns.join(', ')}.</Alert>}
          {report.errors.length > 0 && <ErrorTable errors={report.errors} />}
          {!apply.data && toWrite > 0 && <RowTable creates={report.creates} updates={report.updates} />}
          {apply.isError && <Alert>{apply.error.message}</Alert>}
          {!apply.data && file && (
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-primary" disabled={toWrite === 0 || apply.isPending} onClick={() => apply.mutate(file)}>
                {apply.isPending ? 'Importing…' : `Import ${toWrite} ${toWrite === 1 ? 'venue' : 'venues'}`}
              </button>
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  if (fileRef.current) fileRef.current.value = '';
                  choose(null);
                }}
              >
                Choose another file
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
