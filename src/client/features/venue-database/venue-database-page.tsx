import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { VENUE_DATABASE_TEXT, VENUE_TYPES, type VenueDatabasePage, type VenueEntryView } from '../../../core/venue-directory.ts';
import { Pagination, usePageParam } from '../../components/pagination.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { deleteVenue, exportUrl, useVenueDatabase, venueDatabaseKey, type VenueFilterParams } from './api.ts';
import { VenueForm } from './venue-form.tsx';
import { VenueImport } from './venue-import.tsx';

type Notice = { tone: 'success' | 'error'; text: string } | null;
/** The form is closed, adding a new venue, or editing one. */
type Editing = null | 'new' | VenueEntryView;

function StatusBadges({ venue }: { venue: VenueEntryView }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${venue.isActive ? 'bg-emerald-500 text-emerald-950' : 'bg-zinc-600 text-white'}`}>{venue.isActive ? 'Active' : 'Inactive'}</span>
      {venue.optedOutAt && (
        <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-amber-950" title={`Opted out of outreach e-mails on ${new Date(venue.optedOutAt).toLocaleDateString()}`}>
          Opted out
        </span>
      )}
    </span>
  );
}

function CountCards({ counts, onLocation }: { counts: VenueDatabasePage['counts']; onLocation: (slug: string) => void }) {
  const cards = [
    ['Total venues', counts.total],
    ['Active', counts.active],
    ['With an email', counts.withEmail],
  ] as const;
  return (
    <section aria-label="Counts" className="space-y-3">
      <dl className="grid grid-cols-3 gap-3">
        {cards.map(([label, value]) => (
          <div key={label} className="card p-4">
            <dt className="text-xs text-zinc-400 sm:text-sm">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{value}</dd>
          </div>
        ))}
      </dl>
      <details className="card p-4" open>
        <summary className="cursor-pointer text-sm font-semibold">By location</summary>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {counts.perLocation.map((l) => (
            <li key={l.slug}>
              <button type="button" onClick={() => onLocation(l.slug)} className="w-full rounded-lg border border-zinc-800 px-3 py-2 text-left hover:border-brand-400">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate text-sm font-medium">{l.name}</span>
                  <span className="text-sm font-bold tabular-nums">
                    {l.total}
                    <span className="sr-only"> {l.total === 1 ? 'venue' : 'venues'}</span>
                  </span>
                </span>
                <span className="block text-xs text-zinc-400">
                  {l.active} active · {l.withEmail} with email
                </span>
              </button>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

function Filters({ filters, onChange }: { filters: VenueFilterParams; onChange: (next: Partial<VenueFilterParams>) => void }) {
  const { data: config } = usePublicConfig();
  const ids = { q: useId(), location: useId(), type: useId(), active: useId() };
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    onChange({ q: typeof q === 'string' ? q.trim() : '' });
  };
  return (
    <form role="search" aria-label="Filter venues" onSubmit={search} className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
      <div>
        <label htmlFor={ids.q} className="field-label">
          Search
        </label>
        <div className="flex gap-2">
          <input key={filters.q} id={ids.q} name="q" type="search" className="field-input" placeholder="Name, city, email or contact" defaultValue={filters.q} maxLength={100} />
          <button type="submit" className="btn-secondary">
            Search
          </button>
        </div>
      </div>
      <div>
        <label htmlFor={ids.location} className="field-label">
          Location
        </label>
        <select id={ids.location} className="field-input" value={filters.location} onChange={(e) => onChange({ location: e.target.value })}>
          <option value="">All locations</option>
          {config?.regions.map((r) => (
            <option key={r.slug} value={r.slug}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.type} className="field-label">
          Venue type
        </label>
        <select id={ids.type} className="field-input" value={filters.venueType} onChange={(e) => onChange({ venueType: e.target.value })}>
          <option value="">All types</option>
          {VENUE_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.active} className="field-label">
          Status
        </label>
        <select id={ids.active} className="field-input" value={filters.active} onChange={(e) => onChange({ active: e.target.value })}>
          <option value="all">Active and inactive</option>
          <option value="yes">Active only</option>
          <option value="no">Inactive only</option>
        </select>
      </div>
    </form>
  );
}

const place = (v: VenueEntryView) => [v.city, v.state].filter(Boolean).join(', ');

/** A long address may wrap after its @ rather than anywhere; <wbr> is not copied with the text. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />@{email.slice(at + 1)}
    </>
  );
}

function RowActions({ venue, onEdit, onDelete }: { venue: VenueEntryView; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex gap-2">
      <button type="button" className="btn-secondary px-3 py-1.5" onClick={onEdit}>
        Edit<span className="sr-only"> {venue.name}</span>
      </button>
      <button type="button" className="btn-danger px-3 py-1.5" onClick={onDelete}>
        Delete<span className="sr-only"> {venue.name}</span>
      </button>
    </div>
  );
}

function VenueTable({ venues, onEdit, onDelete }: { venues: VenueEntryView[]; onEdit: (v: VenueEntryView) => void; onDelete: (v: VenueEntryView) => void }) {
  return (
    <>
      {/* Laptop: a table. Phone: one card per venue (the table's eight columns do not fit). */}
      <div className="card hidden overflow-x-auto p-0 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Venues</caption>
          <thead className="border-b border-zinc-800 text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-3">Venue</th>
              <th scope="col" className="px-4 py-3">Location</th>
              <th scope="col" className="px-4 py-3">Type</th>
              <th scope="col" className="px-4 py-3">Email</th>
              <th scope="col" className="px-4 py-3 text-right">Capacity</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {venues.map((v) => (
              <tr key={v.id} className="align-top">
                <th scope="row" className="px-4 py-3 font-medium">
                  {v.name}
                  {v.contactPerson && <span className="block text-xs font-normal text-zinc-400">{v.contactPerson}</span>}
                </th>
                <td className="px-4 py-3">
                  {v.regionName}
                  {place(v) && <span className="block text-xs text-zinc-400">{place(v)}</span>}
                </td>
                <td className="px-4 py-3">{v.venueType}</td>
                <td className="max-w-64 px-4 py-3 [overflow-wrap:anywhere]">
                  {v.email ? <EmailText email={v.email} /> : v.bookingEmail ? null : <span className="text-zinc-400">—</span>}
                  {v.bookingEmail && (
                    <span className="block text-xs text-zinc-400">
                      Booking: <EmailText email={v.bookingEmail} />
                    </span>
                  )}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{v.capacity ?? '—'}</td>
                <td className="px-4 py-3">
                  <StatusBadges venue={v} />
                </td>
                <td className="px-4 py-3">
                  <RowActions venue={v} onEdit={() => onEdit(v)} onDelete={() => onDelete(v)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label="Venues">
        {venues.map((v) => (
          <li key={v.id} className="card space-y-2 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold">{v.name}</p>
                <p className="text-sm text-zinc-400">
                  {v.venueType} · {v.regionName}
                  {place(v) ? ` · ${place(v)}` : ''}
                </p>
              </div>
              <StatusBadges venue={v} />
            </div>
            {v.email ? (
              <p className="text-sm [overflow-wrap:anywhere]">
                <EmailText email={v.email} />
              </p>
            ) : (
              v.bookingEmail && (
                <p className="text-sm [overflow-wrap:anywhere]">
                  Booking: <EmailText email={v.bookingEmail} />
                </p>
              )
            )}
            <RowActions venue={v} onEdit={() => onEdit(v)} onDelete={() => onDelete(v)} />
          </li>
        ))}
      </ul>
    </>
  );
}

function DeleteDialog({ venue, onClose, onDeleted }: { venue: VenueEntryView; onClose: () => void; onDeleted: () => void }) {
  const remove = useMutation({
    mutationFn: () => deleteVenue(venue.id),
    onSuccess: onDeleted,
    onError: (error) => console.error('Deleting the venue failed', error),
  });
  // A refusal the server explains (an opted-out venue) is shown as it is; any other failure gets §8's text.
  const message = remove.error instanceof ApiError && remove.error.code === 'CONFLICT' ? remove.error.message : VENUE_DATABASE_TEXT.deleteError;
  return (
    <Modal title="Delete venue" onClose={onClose}>
      <p>{VENUE_DATABASE_TEXT.confirmDelete}</p>
      <p className="mt-1 font-semibold">{venue.name}</p>
      {remove.isError && (
        <div className="mt-3">
          <Alert>{message}</Alert>
        </div>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" className="btn-danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/** The admin venue database (spec 3 §2): counts, filters, a paged table, add, edit, delete, CSV import and export. */
export function VenueDatabasePage() {
  useTitle('Venue Database');
  const { data: me, isPending: isSessionPending } = useSession();
  const isAdmin = me?.user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const filters: VenueFilterParams = { location: params.get('location') ?? '', venueType: params.get('venueType') ?? '', active: params.get('active') ?? 'all', q: params.get('q') ?? '' };
  const { data, isPending, isError, isPlaceholderData } = useVenueDatabase(filters, page, isAdmin);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<VenueEntryView | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [editing]);

  if (isSessionPending) return <p className="p-8 text-center text-zinc-400">Loading…</p>;
  if (!me) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Venue Database</h1>
        <p className="mt-3 text-zinc-300">{VENUE_DATABASE_TEXT.logIn}</p>
        <Link to="/login" className="btn-primary mt-6">
          Log in
        </Link>
      </div>
    );
  }
  if (!isAdmin) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Venue Database</h1>
        <div className="mt-6">
          <Alert>{VENUE_DATABASE_TEXT.accessDenied}</Alert>
        </div>
      </div>
    );
  }

  const setFilters = (next: Partial<VenueFilterParams>) => {
    const merged = { ...filters, ...next };
    setParams(new URLSearchParams(Object.entries(merged).filter(([, v]) => v !== '' && v !== 'all')));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: venueDatabaseKey });
  const hasFilters = Boolean(filters.location || filters.venueType || filters.q || filters.active !== 'all');
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Venue Database</h1>
          <p className="mt-1 text-zinc-400">The venues outreach campaigns e-mail. Only active venues with an email are reached.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            Add Venue
          </button>
          <button type="button" className="btn-secondary" aria-expanded={isImporting} onClick={() => setIsImporting((v) => !v)}>
            Import CSV
          </button>
          <a href={exportUrl(filters)} download className="btn-secondary">
            Export CSV
          </a>
        </div>
      </header>

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {isImporting && <VenueImport onImported={() => void refresh()} onClose={() => setIsImporting(false)} />}
      {editing && (
        <div ref={formRef} className="scroll-mt-40">
          <VenueForm
            key={editing === 'new' ? 'new' : editing.id}
            venue={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              setNotice({ tone: 'success', text: editing === 'new' ? `${saved.name} was added.` : `${saved.name} was saved.` });
              void refresh();
            }}
          />
        </div>
      )}

      {data && <CountCards counts={data.counts} onLocation={(location) => setFilters({ location })} />}
      <Filters filters={filters} onChange={setFilters} />

      {isPending && <p className="text-zinc-400">Loading…</p>}
      {isError && <Alert>The venue database could not be loaded. Please try again.</Alert>}
      {data && (
        <div className={isPlaceholderData ? 'opacity-60' : undefined} aria-busy={isPlaceholderData}>
          <p className="mb-3 text-sm text-zinc-400" role="status">
            {data.matching} {data.matching === 1 ? 'venue' : 'venues'}
            {hasFilters ? ' match the filters' : ''}
          </p>
          {data.venues.length === 0 ? (
            <EmptyState>{hasFilters ? 'No venues match these filters.' : 'No venues yet. Add one, or import a CSV file.'}</EmptyState>
          ) : (
            <VenueTable
              venues={data.venues}
              onEdit={(v) => {
                setNotice(null);
                setEditing(v);
              }}
              onDelete={setDeleting}
            />
          )}
          <Pagination page={page} pageSize={data.pageSize} total={data.matching} />
        </div>
      )}
      {deleting && (
        <DeleteDialog
          venue={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setNotice({ tone: 'success', text: `${deleting.name} was deleted.` });
            setDeleting(null);
            if (editing !== null && editing !== 'new' && editing.id === deleting.id) setEditing(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
