import { useCallback, useEffect, useRef, useState } from 'react';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { LoadingImage, PageHeading } from '../../components/ui/states.tsx';
import { JoinPrompt } from '../../components/ui/join-prompt.tsx';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { useJamSessions, type JamSession } from './api.ts';
import { JamSheet, preloadJamEditing, type Toast } from './jam-sheet.tsx';

/** Spec 1 §8: success and error messages clear after 5 seconds. */
const TOAST_MS = 5000;

function useToasts() {
  const [toasts, setToasts] = useState<(Toast & { id: number })[]>([]);
  const next = useRef(0);
  const notify = useCallback((toast: Toast) => {
    const id = ++next.current;
    setToasts((list) => [...list.slice(-2), { ...toast, id }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  return { toasts, notify };
}

function SessionCard({ session, isSignedIn, notify }: { session: JamSession; isSignedIn: boolean; notify: (toast: Toast) => void }) {
  return (
    <article className="card space-y-5" aria-labelledby={`jam-${session.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-400">ALL SKILL LEVELS WELCOME</p>
          <h2 id={`jam-${session.id}`} className="font-display text-3xl">
            Open Jam
          </h2>
          <p className="mt-1 text-zinc-200">{session.location}</p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-zinc-400">Date</dt>
          <dd className="font-semibold">{formatLocalDate(session.localDate)}</dd>
          <dt className="text-zinc-400">Time</dt>
          <dd className="font-semibold">{formatTimeRange(session.localDate, session.timeStart, session.timeEnd, session.timeZone)}</dd>
          <dt className="text-zinc-400">House band</dt>
          <dd className="font-semibold">{session.houseBand[0] ?? 'TBA'}</dd>
        </dl>
      </header>
      <JamSheet session={session} isSignedIn={isSignedIn} notify={notify} />
    </article>
  );
}

/** The open-jam sign-up sheet (/open-jam, spec 1 §2; D22): live for everyone viewing it. */
export function OpenJamPage() {
  useTitle('Open Jam');
  const { data: me, isPending: isSessionPending } = useSession();
  const { data: sessions, isPending, isError, error } = useJamSessions();
  const { toasts, notify } = useToasts();
  const isSignedIn = Boolean(me);
  useEffect(() => {
    if (isError) console.error('Failed to load jam sessions', error);
  }, [isError, error]);
  // Alongside the sessions, so the sheet rarely waits for its editing code.
  useEffect(() => {
    if (isSignedIn) preloadJamEditing();
  }, [isSignedIn]);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <PageHeading title="Open Jam" subtitle="Pick a song, grab a slot, and play with the house band." />
      {!isSessionPending && !isSignedIn && <JoinPrompt title="Ready to Join the Open Jam?" text="Register or log in to add songs or sign up for a song." />}
      {isPending ? (
        <LoadingImage label="Loading jam sessions…" />
      ) : isError || sessions.length === 0 ? (
        <div role={isError ? 'alert' : undefined} className={`rounded-2xl border p-6 ${isError ? 'border-red-500/60 bg-red-950/50 text-red-100' : 'border-dashed border-zinc-700 text-zinc-300'}`}>
          <p>{isError ? `Failed to load jam sessions: ${error.message}` : 'No jam sessions found.'}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => window.location.reload()}>
            Retry
          </button>
        </div>
      ) : (
        sessions.map((session) => <SessionCard key={session.id} session={session} isSignedIn={isSignedIn} notify={notify} />)
      )}
      <p className="text-center text-zinc-400">Sign up for your preferred songs and instruments.</p>
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
        {toasts.map((toast) => (
          <p
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto max-w-lg rounded-xl px-4 py-3 text-sm font-semibold shadow-xl ${toast.tone === 'error' ? 'bg-red-600 text-white' : 'bg-emerald-500 text-emerald-950'}`}
          >
            {toast.text}
          </p>
        ))}
      </div>
    </div>
  );
}
