import { useState, type KeyboardEvent } from 'react';
import { JAM_COUNTER_FROM, JAM_COUNTER_RED_FROM, JAM_FIELD_LABELS, JAM_FIELDS, JAM_MESSAGES, JAM_TEXT_MAX, normaliseJamText, type JamField } from '../../../core/jam.ts';
import { ApiError } from '../../lib/api.ts';
import { useAddJamSong, useWriteJamCell, type JamSession, type JamSong } from './api.ts';

export type Toast = { tone: 'success' | 'error'; text: string };
type Notify = (toast: Toast) => void;

const valueOf = (song: JamSong, field: JamField) => (field === 'song' ? song.song : (song.cells[field]?.name ?? ''));

/** Who may change a cell, as the server decides it (spec 1 §5): mirrored so only those cells are buttons. */
function canEdit(session: JamSession, song: JamSong, field: JamField, isSignedIn: boolean) {
  if (!isSignedIn) return false;
  if (session.canModerate) return true;
  if (field === 'song') return song.isEditable && song.isMine;
  const cell = song.cells[field];
  return cell === null || cell.isMine;
}

/** The text box a clicked cell turns into: saves on Enter or when it loses focus, Escape leaves it. */
function CellEditor({ label, initial, onSave, onCancel }: { label: string; initial: string; onSave: (value: string, seen: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(initial);
  const [isDone, setIsDone] = useState(false);
  const finish = (save: boolean) => {
    if (isDone) return;
    setIsDone(true);
    // `initial` is what the cell showed when editing began: the server refuses the write if it has changed since (D22).
    if (save && normaliseJamText(value) !== normaliseJamText(initial)) onSave(value, initial);
    else onCancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finish(true);
    if (event.key === 'Escape') finish(false);
  };
  return (
    <div className="relative">
      <input
        autoFocus
        aria-label={label}
        className="field-input min-w-32 px-2 py-1.5 text-sm"
        value={value}
        maxLength={JAM_TEXT_MAX}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => finish(true)}
      />
      {value.length > JAM_COUNTER_FROM && (
        <span aria-live="polite" className={`absolute -top-5 right-0 text-xs font-semibold ${value.length > JAM_COUNTER_RED_FROM ? 'text-red-400' : 'text-zinc-400'}`}>
          {value.length}/{JAM_TEXT_MAX}
        </span>
      )}
    </div>
  );
}

function Cell({ session, song, field, isSignedIn, notify }: { session: JamSession; song: JamSong; field: JamField; isSignedIn: boolean; notify: Notify }) {
  const [isEditing, setIsEditing] = useState(false);
  const write = useWriteJamCell();
  const value = valueOf(song, field);
  const label = JAM_FIELD_LABELS[field];
  const describe = `${label} for ${song.song || 'the new song'}`;
  const isEditable = canEdit(session, song, field, isSignedIn);
  const isMine = field === 'song' ? song.isMine && song.song !== '' : song.cells[field]?.isMine === true;

  const [seen, setSeen] = useState('');
  const save = (next: string, before: string) => {
    setIsEditing(false);
    write.mutate(
      { songId: song.id, field, value: next, expected: before },
      {
        onSuccess: ({ message }) => notify({ tone: 'success', text: message }),
        onError: (error) => {
          if (error instanceof ApiError && error.code !== 'NETWORK') return notify({ tone: 'error', text: error.fields.value ?? error.message });
          // Clearing a song's name deletes its row (spec 1 §4), so a failure then is a failed delete (spec 1 §8).
          const isDelete = field === 'song' && normaliseJamText(next) === '';
          notify({ tone: 'error', text: isDelete ? JAM_MESSAGES.failedToDelete : JAM_MESSAGES.operationFailed });
        },
      },
    );
  };

  let content;
  if (isEditing) {
    content = <CellEditor label={describe} initial={seen} onSave={save} onCancel={() => setIsEditing(false)} />;
  } else if (isEditable) {
    content = (
      <button
        type="button"
        aria-label={value ? `${describe}: ${value}. Edit` : `${describe}: empty. ${field === 'song' ? 'Name it' : 'Sign up'}`}
        onClick={() => {
          setSeen(value);
          setIsEditing(true);
        }}
        disabled={write.isPending}
        className={`min-h-11 w-full rounded-md border px-2 py-1.5 text-left text-sm transition hover:border-brand-400 focus-visible:border-brand-400 ${
          isMine ? 'border-brand-400/60 bg-brand-400/10 text-brand-100' : 'border-dashed border-zinc-600 text-zinc-100'
        }`}
      >
        {write.isPending ? 'Saving…' : value || <span className="text-zinc-400">{field === 'song' ? 'Click to name' : 'Sign up'}</span>}
      </button>
    );
  } else if (!isSignedIn && !value && field !== 'song') {
    // Visitors see the sheet; a click on an open slot says why they cannot take it (spec 1 §5).
    content = (
      <button type="button" aria-label={`${describe}: open`} onClick={() => notify({ tone: 'error', text: JAM_MESSAGES.logInToSignUp })} className="min-h-11 w-full rounded-md px-2 py-1.5 text-left text-sm text-zinc-400">
        open
      </button>
    );
  } else {
    content = <span className={`block px-2 py-1.5 text-sm ${field === 'song' ? 'font-semibold text-white' : 'text-zinc-200'}`}>{value || '—'}</span>;
  }
  return (
    <td data-label={label} className="flex items-center gap-3 px-2 py-1 before:w-20 before:shrink-0 before:text-xs before:font-semibold before:uppercase before:tracking-wide before:text-zinc-400 before:content-[attr(data-label)] md:table-cell md:before:content-none">
      <div className="min-w-0 flex-1">{content}</div>
    </td>
  );
}

/**
 * A session's song table (spec 1 §2): the ten columns on a laptop; on a phone each song stacks
 * into a card of labelled cells, still editable.
 */
export function JamSheet({ session, isSignedIn, notify }: { session: JamSession; isSignedIn: boolean; notify: Notify }) {
  const addSong = useAddJamSong();
  const add = () =>
    addSong.mutate(session.id, {
      onSuccess: ({ message }) => notify({ tone: 'success', text: message }),
      onError: (error) => notify({ tone: 'error', text: error instanceof ApiError && error.code === 'UNAUTHENTICATED' ? error.message : JAM_MESSAGES.failedToAdd }),
    });

  if (session.songs.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-zinc-700 p-6 text-center">
        <p className="text-zinc-300">No songs found for this jam session.</p>
        {isSignedIn && (
          <button type="button" className="btn-primary mt-4" onClick={add} disabled={addSong.isPending}>
            Add First Song
          </button>
        )}
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
                <Cell key={field} session={session} song={song} field={field} isSignedIn={isSignedIn} notify={notify} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {isSignedIn && (
        <button type="button" className="btn-secondary mt-4" onClick={add} disabled={addSong.isPending}>
          + Add Song
        </button>
      )}
    </div>
  );
}
