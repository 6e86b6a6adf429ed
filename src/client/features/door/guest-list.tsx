import { useState, type FormEvent } from 'react';
import type { GuestEntry } from '../../../core/schemas/door.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAddGuest, useGuestList, useRemoveGuest } from './api.ts';
import { DOOR_BUTTON, failureText } from './door-staff.tsx';

type Notice = { tone: 'success' | 'error'; text: string } | null;
const EMPTY = { name: '', plusCount: '0', email: '', note: '' };
const partyText = (entry: GuestEntry) => (entry.plusCount > 0 ? `${entry.name} +${entry.plusCount}` : entry.name);

function AddGuestForm({ gigId }: { gigId: string }) {
  const add = useAddGuest(gigId);
  const [form, setForm] = useState(EMPTY);
  const [notice, setNotice] = useState<Notice>(null);
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    try {
      const entry = await add.mutateAsync({ name: form.name, plusCount: Number(form.plusCount) || 0, email: form.email.trim(), note: form.note });
      setNotice({ tone: 'success', text: `${partyText(entry)} is on the guest list${entry.email ? `: their ticket is on its way to ${entry.email}` : ''}.` });
      setForm(EMPTY);
    } catch (error) {
      const isAboutAField = error instanceof ApiError && Object.keys(error.fields).length > 0;
      if (!isAboutAField) setNotice({ tone: 'error', text: failureText(error, 'The guest was not added. Please try again.') });
    }
  };
  return (
    <form noValidate className="space-y-3" aria-label="Add to the guest list" onSubmit={(e) => void submit(e)}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_7rem]">
        <TextField label="Guest's name" required value={form.name} maxLength={100} autoComplete="off" onChange={set('name')} error={fields.name} />
        <TextField label="Plus guests" type="number" inputMode="numeric" min={0} max={20} value={form.plusCount} onChange={set('plusCount')} error={fields.plusCount} hint="+N with them" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="E-mail (optional)" type="email" autoComplete="off" value={form.email} onChange={set('email')} error={fields.email} hint="With an address, the guest is e-mailed a ticket." />
        <TextField label="Note (optional)" value={form.note} maxLength={200} onChange={set('note')} error={fields.note} />
      </div>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <button type="submit" className={`btn-primary ${DOOR_BUTTON}`} disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add to guest list'}
      </button>
    </form>
  );
}

function GuestRow({ entry, gigId }: { entry: GuestEntry; gigId: string }) {
  const remove = useRemoveGuest(gigId);
  const party = entry.plusCount + 1;
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-lg bg-zinc-900 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-semibold [overflow-wrap:anywhere]">{partyText(entry)}</p>
        <p className="text-zinc-400">
          {entry.admittedCount} of {party} in{entry.email && <span className="[overflow-wrap:anywhere]"> · ticket sent to {entry.email}</span>}
        </p>
        {entry.note && <p className="text-zinc-400 [overflow-wrap:anywhere]">{entry.note}</p>}
        {remove.isError && <p className="field-error">{failureText(remove.error, 'The guest was not removed. Please try again.')}</p>}
      </div>
      {entry.admittedCount === 0 && (
        <button type="button" className={`btn-secondary ${DOOR_BUTTON}`} disabled={remove.isPending} onClick={() => remove.mutate(entry.id)}>
          Remove<span className="sr-only"> {entry.name} from the guest list</span>
        </button>
      )}
    </li>
  );
}

/** Decision 51: the gig's guest list (comps against the capacity), added to and trimmed by the organiser. */
export function GuestListSection({ gigId, isOpen, canAdd }: { gigId: string; isOpen: boolean; canAdd: boolean }) {
  const { data, isError } = useGuestList(gigId, isOpen);
  return (
    <section className="space-y-3" aria-labelledby={`guests-${gigId}`}>
      <h4 id={`guests-${gigId}`} className="font-semibold">
        Guest list
      </h4>
      {canAdd && <AddGuestForm gigId={gigId} />}
      {isError && <Alert>The guest list could not be loaded. Please try again.</Alert>}
      {!data && !isError && <p className="text-sm text-zinc-400">Loading…</p>}
      {data && (
        <>
          <p className="text-sm text-zinc-400">
            {data.entries.reduce((n, e) => n + e.plusCount + 1, 0)} on the list
            {data.capacity !== null && ` · ${data.seatsLeft} of ${data.capacity} seats left`}
          </p>
          {data.entries.length === 0 ? (
            <p className="text-sm text-zinc-400">Nobody on the guest list yet.</p>
          ) : (
            <ul className="space-y-2" aria-label="Guests">
              {data.entries.map((entry) => (
                <GuestRow key={entry.id} entry={entry} gigId={gigId} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
