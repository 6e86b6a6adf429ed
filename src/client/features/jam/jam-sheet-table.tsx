import type { ReactNode } from 'react';
import { JAM_FIELD_LABELS, JAM_FIELDS, type JamField } from '../../../core/jam.ts';
import type { JamSession, JamSong } from './api.ts';

/** What the visitor's sheet and the editing sheet both draw: a cell's value and text, and the table. */
export type Toast = { tone: 'success' | 'error'; text: string };
export type Notify = (toast: Toast) => void;

export const valueOf = (song: JamSong, field: JamField) => (field === 'song' ? song.song : (song.cells[field]?.name ?? ''));
export const describeCell = (song: JamSong, field: JamField) => `${JAM_FIELD_LABELS[field]} for ${song.song || 'the new song'}`;

/** A cell's text when it is not a button. */
export function CellText({ song, field }: { song: JamSong; field: JamField }) {
  return <span className={`block px-2 py-1.5 text-sm ${field === 'song' ? 'font-semibold text-white' : 'text-zinc-200'}`}>{valueOf(song, field) || '—'}</span>;
}

/**
 * A session's song table (spec 1 §2): the ten columns on a laptop; on a phone each song stacks
 * into a card of labelled cells, still editable. `cell` draws each cell's content; `children`
 * follow the table (or the empty sheet's sentence).
 */
export function SheetTable({ session, cell, children }: { session: JamSession; cell: (song: JamSong, field: JamField) => ReactNode; children?: ReactNode }) {
  if (session.songs.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-zinc-700 p-6 text-center">
        <p className="text-zinc-300">No songs found for this jam session.</p>
        {children}
      </div>
    );
  }
  return (
    <div>
      <table className="block w-full md:table md:table-fixed" aria-label={`Songs for the jam on ${session.localDate}`}>
        <thead className="sr-only md:not-sr-only">
          <tr>
            {JAM_FIELDS.map((field) => (
              <th key={field} scope="col" className={`px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-400 ${field === 'song' ? 'md:w-[14%]' : ''}`}>
                {JAM_FIELD_LABELS[field]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">
          {session.songs.map((song) => (
            <tr key={song.id} className="block rounded-xl border border-zinc-800 bg-zinc-950/60 p-2 md:table-row md:rounded-none md:border-0 md:border-t md:bg-transparent md:p-0">
              {JAM_FIELDS.map((field) => (
                <td
                  key={field}
                  data-label={JAM_FIELD_LABELS[field]}
                  className="flex items-center gap-3 px-2 py-1 before:w-20 before:shrink-0 before:text-xs before:font-semibold before:uppercase before:tracking-wide before:text-zinc-400 before:content-[attr(data-label)] md:table-cell md:before:content-none"
                >
                  <div className="min-w-0 flex-1">{cell(song, field)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </div>
  );
}
