import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination, usePageParam } from '../../components/pagination.tsx';
import { EmptyState, LoadingImage, PageHeading } from '../../components/ui/states.tsx';
import { useLiveEvents } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { useTitle } from '../../lib/use-title.ts';
import { gearQueryKey, useGearPage } from './api.ts';
import { GearCard } from './gear-card.tsx';
import { JoinPrompt } from '../../components/ui/join-prompt.tsx';

// Listing gear is for signed-in users: a visitor's page does not load it.
const GearSellerPanel = lazy(async () => ({ default: (await import('./gear-seller-panel.tsx')).GearSellerPanel }));

type FilterChanges = Partial<Record<'location' | 'search', string>>;

/** /gear-swap (spec 1 §2): unsold gear, newest first, live; signed-in users list their own. */
export function GearSwapPage() {
  useTitle('Gear Swap');
  const { data: me } = useSession();
  const page = usePageParam();
  const [params, setParams] = useSearchParams();
  const location = params.get('location') ?? '';
  const search = params.get('search')?.trim() ?? '';
  const isFiltered = Boolean(location || search);
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useGearPage({ page, location, search }, me?.user.id ?? null);
  /** A new filter starts again at page 1. */
  const setFilters = (changes: FilterChanges) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('page');
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  useLiveEvents('gear', () => void queryClient.invalidateQueries({ queryKey: gearQueryKey }));

  const listings = data?.listings ?? [];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title="Gear Swap" subtitle="Buy and sell instruments, amps and pedals with musicians near you." />

      {me ? (
        // The panel's height while its code arrives, so the listings below do not jump.
        <Suspense fallback={<div className="mb-8 h-16" />}>
          <GearSellerPanel />
        </Suspense>
      ) : (
        <div className="mb-10"><JoinPrompt title="Got gear to sell?" text="Register or log in to list your gear and to see sellers' contact details." /></div>
      )}

      <GearFiltersForm location={location} search={search} onChange={setFilters} />

      {isPending ? (
        <LoadingImage label="Loading gear…" />
      ) : error ? (
        <div role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 p-4 text-red-100">
          Failed to load gear listings: {error.message}{' '}
          <button type="button" className="link ml-2 font-semibold" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : listings.length === 0 && isFiltered ? (
        <EmptyState>
          <p className="text-lg font-semibold text-zinc-100">No gear matches your search.</p>
          <p className="mt-1">Try another location or other words.</p>
        </EmptyState>
      ) : listings.length === 0 ? (
        <EmptyState>
          <p className="text-lg font-semibold text-zinc-100">No gear listed yet.</p>
          {me && <p className="mt-1">Be the first to list something!</p>}
        </EmptyState>
      ) : (
        <>
          <h2 className="sr-only">Gear for sale</h2>
          <p className="mb-4 text-sm text-zinc-400" aria-live="polite">
            {data.total === 1 ? '1 listing' : `${data.total} listings`}
            {isFiltered && (data.total === 1 ? ' matches' : ' match')}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {listings.map((listing) => (
              <li key={listing.id}>
                <GearCard listing={listing} isAdmin={me?.user.role === 'admin'} />
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      )}
    </div>
  );
}


/** Location and words (issue 21): the server filters, so every page of results is filtered. */
function GearFiltersForm({ location, search, onChange }: { location: string; search: string; onChange: (changes: FilterChanges) => void }) {
  const { data: config } = usePublicConfig();
  const [words, setWords] = useState(search);
  // Back and forward change the URL under the form: keep the box in step (adjusted while rendering).
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setWords(search);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ search: words.trim() });
  };
  return (
    <form role="search" aria-label="Gear" onSubmit={submit} className="mb-8 grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end">
      <div>
        <label htmlFor="gear-location" className="field-label">
          Location
        </label>
        <select id="gear-location" className="field-input" value={location} onChange={(e) => onChange({ location: e.target.value })}>
          <option value="">All locations</option>
          {(config?.regions ?? []).map((r) => (
            <option key={r.slug} value={r.slug}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="gear-search" className="field-label">
          Search gear
        </label>
        <input id="gear-search" type="search" className="field-input" value={words} onChange={(e) => setWords(e.target.value)} maxLength={100} placeholder="Amp, pedal, Stratocaster…" />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary min-h-11 flex-1 sm:flex-none">
          Search
        </button>
        {(search || location) && (
          <button
            type="button"
            className="btn-secondary min-h-11 flex-1 sm:flex-none"
            onClick={() => {
              setWords('');
              onChange({ search: '', location: '' });
            }}
          >
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
