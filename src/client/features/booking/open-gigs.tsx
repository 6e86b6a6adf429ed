import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents } from '../../../core/money.ts';
import { ALL_REGIONS, PAY_FILTER_LABELS, PAY_FILTERS } from '../../../core/schemas/open-gig-filters.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Pagination } from '../../components/pagination.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { useApply, useMyApplications, useOpenGigs, type ManagedArtist, type OpenGig, type OpenGigsPage } from './api.ts';
import { GigTerms } from './gig-terms.tsx';
import { StatusBadge } from './status-badge.tsx';

function GigFacts({ gig }: { gig: OpenGig }) {
  return (
    <>
      <h3 className="text-lg font-semibold">
        {gig.venueName} · {formatLocalDate(gig.localDate)}
      </h3>
      <p className="text-sm text-zinc-400">
        {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)} · {gig.regionName}
        {gig.venueAddress && ` · ${gig.venueAddress}`}
      </p>
      <p className="mt-2 whitespace-pre-line text-zinc-200">{gig.description}</p>
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        <GigTerms gig={gig} tickets={gig.isTicketed && gig.ticketPriceCents !== null ? `${formatCents(gig.ticketPriceCents)}, band share ${gig.bandPercent}%` : null} />
      </dl>
    </>
  );
}

/** Apply as the band itself, or as one of a manager's artists (spec 2 §2). */
function ApplyControls({ gig, artists }: { gig: OpenGig; artists: ManagedArtist[] | null }) {
  const apply = useApply();
  const notApplied = artists?.filter((a) => !gig.applications.some((x) => x.artistId === a.id)) ?? [];
  const [artistId, setArtistId] = useState('');
  const submit = async () => {
    try {
      await apply.mutateAsync({ gigId: gig.id, managedArtistId: artists ? artistId : undefined });
      setArtistId('');
    } catch (error) {
      // The spec logs application errors without a message (spec 2 §8).
      console.error('Applying to the gig failed', error);
    }
  };
  if (!artists) {
    const mine = gig.applications[0];
    if (mine) return <StatusBadge status={mine.status} />;
    return (
      <button type="button" className="btn-primary min-h-11" disabled={apply.isPending} onClick={() => void submit()}>
        Apply<span className="sr-only"> to {gig.venueName} on {formatLocalDate(gig.localDate)}</span>
      </button>
    );
  }
  return (
    <div className="space-y-2">
      {gig.applications.length > 0 && (
        <ul className="space-y-1 text-sm">
          {gig.applications.map((a) => (
            <li key={a.artistId} className="flex items-center gap-2">
              {a.artistName} <StatusBadge status={a.status} />
            </li>
          ))}
        </ul>
      )}
      {artists.length === 0 ? (
        <p className="text-sm text-zinc-400">Add an artist to apply on their behalf.</p>
      ) : (
        notApplied.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`artist-${gig.id}`}>
              Artist applying to {gig.venueName} on {formatLocalDate(gig.localDate)}
            </label>
            <select id={`artist-${gig.id}`} className="field-input w-auto" value={artistId} onChange={(e) => setArtistId(e.target.value)}>
              <option value="">Choose an artist</option>
              {notApplied.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
            <button type="button" className="btn-primary" disabled={!artistId || apply.isPending} onClick={() => void submit()}>
              Apply<span className="sr-only"> to {gig.venueName} on {formatLocalDate(gig.localDate)}</span>
            </button>
          </div>
        )
      )}
    </div>
  );
}

const FILTER_KEYS = ['region', 'from', 'to', 'genre', 'pay'] as const;

/** The open-gigs query string from the page's own (filters and page), in a fixed order so equal filters share a cache entry. */
export function useOpenGigsQuery(): string {
  const [params] = useSearchParams();
  const query = new URLSearchParams();
  for (const key of [...FILTER_KEYS, 'page']) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  return query.toString();
}

/** Whether the URL names any filter, and how to clear them all (the filters' own button and the empty list's). */
function useOpenGigFilterState() {
  const [params, setParams] = useSearchParams();
  const clear = () => {
    const next = new URLSearchParams(params);
    for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
    setParams(next, { replace: true });
  };
  return { isFiltered: FILTER_KEYS.some((key) => params.has(key)), clear };
}

/** Region (the applicant's own unless changed), dates, genre and pay (decision 41); the server filters. */
function OpenGigFilters({ data }: { data: OpenGigsPage | undefined }) {
  const [params, setParams] = useSearchParams();
  const { isFiltered, clear } = useOpenGigFilterState();
  const { data: config } = usePublicConfig();
  const regions = config?.regions ?? [];
  const fieldClass = 'field-input min-h-11';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const key of FILTER_KEYS) {
      const entry = form.get(key);
      const value = typeof entry === 'string' ? entry.trim() : '';
      if (value && !(key === 'pay' && value === 'any')) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  // The form remounts when the URL's filters change, so its fields show what is applied. The default
  // region counts only while the URL names none: once it does, an answer arriving late must not
  // remount the form and wipe what the user has typed since.
  const defaultRegion = params.has('region') ? '' : (data?.region ?? '');
  return (
    <form key={`${params.toString()}|${defaultRegion}|${regions.length}`} role="search" aria-label="Filter gig opportunities" onSubmit={submit} className="card grid grid-cols-2 gap-3 lg:grid-cols-5 lg:items-end">
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="filter-region" className="field-label">
          Region
        </label>
        <select id="filter-region" name="region" className={fieldClass} defaultValue={params.get('region') ?? data?.region ?? ''}>
          <option value={ALL_REGIONS}>All regions</option>
          {regions.map((region) => (
            <option key={region.slug} value={region.slug}>
              {region.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-from" className="field-label">
          From
        </label>
        <input id="filter-from" name="from" type="date" className={fieldClass} defaultValue={params.get('from') ?? ''} />
      </div>
      <div>
        <label htmlFor="filter-to" className="field-label">
          To
        </label>
        <input id="filter-to" name="to" type="date" className={fieldClass} defaultValue={params.get('to') ?? ''} />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor="filter-genre" className="field-label">
          Genre
        </label>
        <input id="filter-genre" name="genre" type="search" maxLength={40} placeholder="e.g. Rock" className={fieldClass} defaultValue={params.get('genre') ?? ''} />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor="filter-pay" className="field-label">
          Pay
        </label>
        <select id="filter-pay" name="pay" className={fieldClass} defaultValue={params.get('pay') ?? 'any'}>
          {PAY_FILTERS.map((pay) => (
            <option key={pay} value={pay}>
              {PAY_FILTER_LABELS[pay]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-5">
        <button type="submit" className="btn-primary min-h-11">
          Show gigs
        </button>
        {isFiltered && (
          <button type="button" className="btn-secondary min-h-11" onClick={clear}>
            Clear filters
          </button>
        )}
        <p className="self-center text-xs text-zinc-400">A genre matches gigs that mention it and venues that have booked bands of it.</p>
      </div>
    </form>
  );
}

/** An empty list: filters that match nothing say so, with the way back (issue 34); otherwise there is nothing open. */
function NoOpenGigs({ isError }: { isError: boolean }) {
  const { isFiltered, clear } = useOpenGigFilterState();
  if (isError || !isFiltered) return <p className="text-zinc-300">No gigs available at this time.</p>;
  return (
    <div className="card flex flex-wrap items-center justify-between gap-3">
      <p className="text-zinc-300">No gigs match these filters.</p>
      <button type="button" className="btn-secondary min-h-11" onClick={clear}>
        Clear filters
      </button>
    </div>
  );
}

/** Open gig opportunities with filters, Apply and the applicant's own states; a manager also sees its artists. */
export function OpenGigs({ isManager }: { isManager: boolean }) {
  const { data, isPending, isError, error } = useOpenGigs(useOpenGigsQuery());
  const total = data?.total ?? 0;
  return (
    <section aria-labelledby="open-gigs-heading" className="space-y-4">
      <h2 id="open-gigs-heading" className="text-2xl font-semibold">
        Open gig opportunities
      </h2>
      <OpenGigFilters data={data} />
      {isPending ? (
        <LoadingImage label="Loading gigs…" />
      ) : isError && error instanceof ApiError && error.status === 422 ? (
        <Alert>{Object.values(error.fields)[0] ?? error.message}</Alert>
      ) : isError || data.gigs.length === 0 ? (
        <NoOpenGigs isError={isError} />
      ) : (
        <>
          <p className="text-sm text-zinc-400" aria-live="polite">
            {total === 1 ? '1 gig' : `${total} gigs`}
          </p>
          <ul className="space-y-4">
            {data.gigs.map((gig) => (
              <li key={gig.id} className="card flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <GigFacts gig={gig} />
                </div>
                <div className="shrink-0">
                  <ApplyControls gig={gig} artists={isManager ? data.artists : null} />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      )}
    </section>
  );
}

/** What became of the applicant's applications, including gigs that went to someone else. */
export function MyApplications() {
  const { data } = useMyApplications();
  if (!data?.applications.length) return null;
  return (
    <section aria-labelledby="my-applications-heading" className="card space-y-3">
      <h2 id="my-applications-heading" className="text-xl font-semibold">
        Your applications
      </h2>
      <ul className="divide-y divide-zinc-800">
        {data.applications.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {a.artistName && <span className="font-semibold">{a.artistName} · </span>}
              {a.venueName}, {formatLocalDate(a.localDate)} ({formatTimeRange(a.localDate, a.startTime, a.endTime, a.timeZone)})
            </span>
            <StatusBadge status={a.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
