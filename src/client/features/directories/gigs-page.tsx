import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiFetch } from '../../lib/api.ts';
import { pageRegions, usePublicConfig } from '../../lib/config.ts';
import { EmptyState, LoadingImage, PageHeading } from '../../components/ui/states.tsx';
import type { PublicGig } from '../gigs/types.ts';
import { GigCard } from './gig-card.tsx';
import { Pagination, usePageParam } from '../../components/pagination.tsx';
import { LoadError } from './load-error.tsx';
import { useTitle } from '../../lib/use-title.ts';

type GigPage = { gigs: PublicGig[]; page: number; pageSize: number; total: number };
type Filters = { region: string; from: string; to: string; genre: string };
const FILTER_KEYS = ['region', 'from', 'to', 'genre'] as const;

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters as the URL holds them, so that a filtered list can be shared. */
function useFilters(): [Filters, (key: keyof Filters, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const date = (key: 'from' | 'to') => {
    const value = params.get(key) ?? '';
    return isIsoDate(value) ? value : '';
  };
  const filters = { region: params.get('region') ?? '', from: date('from'), to: date('to'), genre: params.get('genre') ?? '' };
  const setFilter = (key: keyof Filters, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('page');
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [filters, setFilter];
}

/** /gigs (D18): every upcoming approved gig, filterable by region, dates and genre. */
export function GigsPage() {
  useTitle('All upcoming gigs');
  const [filters, setFilter] = useFilters();
  const page = usePageParam();
  const { data: config } = usePublicConfig();
  const { data: genres = [] } = useQuery({
    queryKey: ['genres'],
    queryFn: async () => (await apiFetch<{ genres: string[] }>('/api/genres')).genres,
    staleTime: 5 * 60_000,
  });
  const { data, isPending, error, refetch, isPlaceholderData } = useQuery({
    queryKey: ['gigs', filters, page],
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(page) });
      for (const key of FILTER_KEYS) if (filters[key]) query.set(key, filters[key]);
      // The filters travel with the answer: while the next page loads, the count still describes the list shown.
      return { ...(await apiFetch<GigPage>(`/api/gigs?${query.toString()}`)), filters };
    },
    placeholderData: keepPreviousData,
  });
  const regions = pageRegions(config);
  const region = config?.regions.find((r) => r.slug === filters.region);
  const shownRegion = config?.regions.find((r) => r.slug === data?.filters.region);
  const hasFilters = FILTER_KEYS.some((key) => filters[key]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title="All upcoming gigs" subtitle="Every approved show on Marquee. Narrow it down by place, date and genre." />

      <form aria-label="Filter gigs" onSubmit={(e) => e.preventDefault()} className="card mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="gigs-region" label="Region">
          <select id="gigs-region" className="field-input" value={filters.region} onChange={(e) => setFilter('region', e.target.value)}>
            <option value="">All regions</option>
            {regions.map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.name}
              </option>
            ))}
            {region && !regions.some((r) => r.slug === region.slug) && <option value={region.slug}>{region.name}</option>}
          </select>
        </Field>
        <Field id="gigs-from" label="From">
          <input id="gigs-from" type="date" className="field-input [color-scheme:dark]" value={filters.from} max={filters.to || undefined} onChange={(e) => setFilter('from', e.target.value)} />
        </Field>
        <Field id="gigs-to" label="To">
          <input id="gigs-to" type="date" className="field-input [color-scheme:dark]" value={filters.to} min={filters.from || undefined} onChange={(e) => setFilter('to', e.target.value)} />
        </Field>
        <Field id="gigs-genre" label="Genre">
          <select id="gigs-genre" className="field-input" value={filters.genre} onChange={(e) => setFilter('genre', e.target.value)}>
            <option value="">All genres</option>
            {genres.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
            {filters.genre && !genres.some((g) => g.toLowerCase() === filters.genre.toLowerCase()) && <option value={filters.genre}>{filters.genre}</option>}
          </select>
        </Field>
      </form>

      {isPending || !config ? (
        <LoadingImage label="Loading gigs…" />
      ) : error && !data ? (
        <LoadError message={error.message || 'The gigs could not be loaded.'} onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-lg font-semibold text-zinc-100">
              {data.total === 1 ? '1 gig' : `${data.total} gigs`}
              {shownRegion && <span className="font-normal text-zinc-300"> in {shownRegion.name}</span>}
            </p>
            <div className="flex flex-wrap gap-3">
              {hasFilters && (
                <Link to="/gigs" replace className="btn-secondary">
                  Clear filters
                </Link>
              )}
              {region && (
                <a href={`/calendar/region/${encodeURIComponent(region.slug)}.ics`} className="btn-primary">
                  Subscribe to calendar<span className="sr-only">: {region.name}</span>
                </a>
              )}
            </div>
          </div>
          {data.gigs.length === 0 ? (
            <EmptyState>No upcoming gigs match these filters.</EmptyState>
          ) : (
            <ul className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={isPlaceholderData}>
              {data.gigs.map((gig) => (
                <li key={gig.id}>
                  <GigCard gig={gig} publicUrl={config.publicUrl} headingLevel={2} showVenue />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      )}
    </div>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
    </div>
  );
}
