import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';
import { TimeSelect } from '../booking/gig-fields.tsx';

type ManagedSession = { id: string; regionSlug: string; localDate: string; location: string; timeStart: string; timeEnd: string; timeZone: string; houseBand: string[]; songCount: number };
const songs = (n: number) => `${n} ${n === 1 ? 'song' : 'songs'}`;
type Manage = { sessions: ManagedSession[]; regions: { slug: string; name: string }[]; defaultLocation: string };
type Form = { localDate: string; timeStart: string; timeEnd: string; location: string; houseBand: string; regionSlug: string };
type Notice = { tone: 'success' | 'error'; text: string } | null;

const KEY = ['jam-manage'] as const;
const payload = (form: Form, isAdmin: boolean) => ({
  localDate: form.localDate,
  timeStart: form.timeStart,
  timeEnd: form.timeEnd,
  location: form.location,
  houseBand: form.houseBand.split(',').map((name) => name.trim()).filter(Boolean),
  ...(isAdmin ? { regionSlug: form.regionSlug } : {}),
});

function SessionForm({ initial, regions, submitLabel, onSubmit, onCancel, isPending, error }: {
  initial: Form;
  regions: Manage['regions'];
  submitLabel: string;
  onSubmit: (form: Form) => void;
  onCancel?: () => void;
  isPending: boolean;
  error: Error | null;
}) {
  const [form, setForm] = useState(initial);
  const regionId = useId();
  const fields = error instanceof ApiError ? error.fields : {};
  const set = (key: keyof Form) => (value: string) => setForm({ ...form, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(form);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Date" type="date" required value={form.localDate} onChange={(e) => set('localDate')(e.target.value)} error={fields.localDate} />
        <TimeSelect label="Start time" value={form.timeStart} onChange={set('timeStart')} error={fields.timeStart} />
        <TimeSelect label="End time" value={form.timeEnd} onChange={set('timeEnd')} error={fields.timeEnd} />
      </div>
      <TextField label="Location" required value={form.location} onChange={(e) => set('location')(e.target.value)} error={fields.location} maxLength={200} />
      <TextField label="House band" hint="Names separated by commas; the first is shown on the sheet." value={form.houseBand} onChange={(e) => set('houseBand')(e.target.value)} error={fields.houseBand} />
      {regions.length > 0 && (
        <div>
          <label htmlFor={regionId} className="field-label">
            Region
          </label>
          <select id={regionId} className="field-input" value={form.regionSlug} onChange={(e) => set('regionSlug')(e.target.value)} aria-invalid={Boolean(fields.regionSlug)}>
            <option value="">Choose a region</option>
            {regions.map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.name}
              </option>
            ))}
          </select>
          {fields.regionSlug && <p className="field-error">{fields.regionSlug}</p>}
        </div>
      )}
      {error && !Object.keys(fields).length && <Alert>{error.message}</Alert>}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={isPending}>
          {isPending ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function SessionRow({ session, regions, isAdmin, onNotice }: { session: ManagedSession; regions: Manage['regions']; isAdmin: boolean; onNotice: (n: Notice) => void }) {
  const client = useQueryClient();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['jam-sessions'] })]);
  const update = useMutation({
    mutationFn: (form: Form) => apiFetch<{ message: string }>(`/api/jam/manage/sessions/${session.id}`, { method: 'PUT', body: JSON.stringify(payload(form, isAdmin)) }),
    onSuccess: async ({ message }) => {
      setIsEditing(false);
      onNotice({ tone: 'success', text: message });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => apiFetch<{ message: string }>(`/api/jam/manage/sessions/${session.id}`, { method: 'DELETE' }),
    onSuccess: async ({ message }) => {
      setIsDeleting(false);
      onNotice({ tone: 'success', text: message });
      await refresh();
    },
  });
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">
            {formatLocalDate(session.localDate)} · {formatTimeRange(session.localDate, session.timeStart, session.timeEnd, session.timeZone)}
          </p>
          <p className="text-sm text-zinc-300">{session.location}</p>
          <p className="text-sm text-zinc-400">
            House band: {session.houseBand.join(', ') || 'TBA'} · {songs(session.songCount)} on the sheet
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={() => setIsEditing((v) => !v)} aria-expanded={isEditing}>
            Edit<span className="sr-only"> the jam on {formatLocalDate(session.localDate)}</span>
          </button>
          <button type="button" className="btn-danger" onClick={() => setIsDeleting(true)}>
            Delete<span className="sr-only"> the jam on {formatLocalDate(session.localDate)}</span>
          </button>
        </div>
      </div>
      {isEditing && (
        <SessionForm
          initial={{ ...session, houseBand: session.houseBand.join(', ') }}
          regions={regions}
          submitLabel="Save Jam Session"
          onSubmit={(form) => update.mutate(form)}
          onCancel={() => setIsEditing(false)}
          isPending={update.isPending}
          error={update.error}
        />
      )}
      {isDeleting && (
        <Modal title="Delete this jam session?" onClose={() => setIsDeleting(false)}>
          {session.songCount > 0 ? (
            <p>
              The jam on {formatLocalDate(session.localDate)} will be deleted with its sheet: <strong>{songs(session.songCount)}</strong> and everyone signed up for them. This cannot be undone.
            </p>
          ) : (
            <p>The jam on {formatLocalDate(session.localDate)} will be deleted. Its sheet has no songs yet.</p>
          )}
          {remove.isError && <Alert>{remove.error.message}</Alert>}
          <div className="mt-4 flex gap-3">
            <button type="button" className="btn-danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
              Delete Jam Session
            </button>
            <button type="button" className="btn-secondary" onClick={() => setIsDeleting(false)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </li>
  );
}

/** Jam sessions on the venue's and the admin's dashboards (D22): add, edit and delete. */
export function ManageJamSessions({ isAdmin }: { isAdmin: boolean }) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [isAdding, setIsAdding] = useState(false);
  const { data, isPending, isError } = useQuery({ queryKey: KEY, queryFn: () => apiFetch<Manage>('/api/jam/manage') });
  const create = useMutation({
    mutationFn: (form: Form) => postJson<{ message: string }>('/api/jam/manage/sessions', payload(form, isAdmin)),
    onSuccess: async ({ message }) => {
      setIsAdding(false);
      setNotice({ tone: 'success', text: message });
      await Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['jam-sessions'] })]);
    },
  });
  return (
    <section className="card space-y-4" aria-labelledby="jam-sessions-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="jam-sessions-heading" className="text-xl font-semibold">
            Jam Sessions
          </h2>
          <p className="text-sm text-zinc-400">
            Open jams on the <Link to="/open-jam" className="link">public sign-up sheet</Link>.
          </p>
        </div>
        {!isAdding && (
          <button type="button" className="btn-primary" onClick={() => setIsAdding(true)}>
            Add Jam Session
          </button>
        )}
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {isAdding && data && (
        <SessionForm
          initial={{ localDate: '', timeStart: '19:00', timeEnd: '23:00', location: data.defaultLocation, houseBand: '', regionSlug: '' }}
          regions={data.regions}
          submitLabel="Create Jam Session"
          onSubmit={(form) => create.mutate(form)}
          onCancel={() => setIsAdding(false)}
          isPending={create.isPending}
          error={create.error}
        />
      )}
      {isPending && <p className="text-zinc-400">Loading…</p>}
      {isError && <Alert>The jam sessions could not be loaded.</Alert>}
      {data && data.sessions.length === 0 && <p className="text-zinc-400">No jam sessions yet.</p>}
      {data && data.sessions.length > 0 && (
        <ul className="divide-y divide-zinc-800">
          {data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} regions={data.regions} isAdmin={isAdmin} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}
