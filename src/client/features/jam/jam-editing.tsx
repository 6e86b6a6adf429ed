import { useState, type KeyboardEvent } from 'react';
import { JAM_COUNTER_FROM, JAM_COUNTER_RED_FROM, JAM_MESSAGES, JAM_TEXT_MAX, normaliseJamText, type JamField } from '../../../core/jam.ts';
import { ApiError } from '../../lib/api.ts';
import type { JamSession, JamSong } from './api.ts';
import { CellText, describeCell, SheetTable, valueOf, type Notify } from './jam-sheet-table.tsx';
import { useAddJamSong, useWriteJamCell } from './jam-writes.ts';

/** Who may change a cell, as the server decides it (spec 1 §5): mirrored so only those cells are buttons. */
function canEdit(session: JamSession, song: JamSong, field: JamField) {
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

function EditableCell({ session, song, field, notify }: { session: JamSession; song: JamSong; field: JamField; notify: Notify }) {
  const [isEditing, setIsEditing] = useState(false);
  const write = useWriteJamCell();
  const value = valueOf(song, field);
  const describe = describeCell(song, field);
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

  if (isEditing) return <CellEditor label={describe} initial={seen} onSave={save} onCancel={() => setIsEditing(false)} />;
  if (!canEdit(session, song, field)) return <CellText song={song} field={field} />;
  return (
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
}

/** The sheet as a signed-in user sees it: the cells they may change are buttons, and songs can be added. */
export function EditableJamSheet({ session, notify }: { session: JamSession; notify: Notify }) {
  const addSong = useAddJamSong();
  const add = () =>
    addSong.mutate(session.id, {
      onSuccess: ({ message }) => notify({ tone: 'success', text: message }),
      onError: (error) => notify({ tone: 'error', text: error instanceof ApiError && error.code === 'UNAUTHENTICATED' ? error.message : JAM_MESSAGES.failedToAdd }),
    });
  const isEmpty = session.songs.length === 0;
  return (
    <SheetTable session={session} cell={(song, field) => <EditableCell session={session} song={song} field={field} notify={notify} />}>
      <button type="button" className={isEmpty ? 'btn-primary mt-4' : 'btn-secondary mt-4'} onClick={add} disabled={addSong.isPending}>
        {isEmpty ? 'Add First Song' : '+ Add Song'}
      </button>
    </SheetTable>
  );
}
