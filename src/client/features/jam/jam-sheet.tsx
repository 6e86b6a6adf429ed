import { lazy, Suspense } from 'react';
import { JAM_MESSAGES, type JamField } from '../../../core/jam.ts';
import { LoadingImage } from '../../components/ui/states.tsx';
import type { JamSession, JamSong } from './api.ts';
import { CellText, describeCell, SheetTable, valueOf, type Notify } from './jam-sheet-table.tsx';

export type { Toast } from './jam-sheet-table.tsx';

// Editing (the cell editor and the writes) loads for signed-in users only: a visitor reads the sheet.
const loadEditing = () => import('./jam-editing.tsx');
const EditableJamSheet = lazy(async () => ({ default: (await loadEditing()).EditableJamSheet }));
/** Starts loading the editing code as soon as the user is known to be signed in. */
export const preloadJamEditing = () => void loadEditing();

/** A visitor's cell: an open slot says why they cannot take it (spec 1 §5). */
function VisitorCell({ song, field, notify }: { song: JamSong; field: JamField; notify: Notify }) {
  if (valueOf(song, field) || field === 'song') return <CellText song={song} field={field} />;
  return (
    <button type="button" aria-label={`${describeCell(song, field)}: open`} onClick={() => notify({ tone: 'error', text: JAM_MESSAGES.logInToSignUp })} className="min-h-11 w-full rounded-md px-2 py-1.5 text-left text-sm text-zinc-400">
      open
    </button>
  );
}

/** The sheet: read-only for visitors, editable cell by cell for signed-in users (D22). */
export function JamSheet({ session, isSignedIn, notify }: { session: JamSession; isSignedIn: boolean; notify: Notify }) {
  if (!isSignedIn) return <SheetTable session={session} cell={(song, field) => <VisitorCell song={song} field={field} notify={notify} />} />;
  return (
    <Suspense fallback={<LoadingImage label="Loading jam sessions…" />}>
      <EditableJamSheet session={session} notify={notify} />
    </Suspense>
  );
}
