import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatClock, formatLocalDate, zoneAbbreviation } from '../../../core/time.ts';
import { apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { EmptyState, LoadingImage, PageHeading } from '../../components/ui/states.tsx';
import { Pagination, usePageParam } from '../../components/pagination.tsx';
import type { BandCard } from '../../../core/public-pages.ts';
import { truncate } from '../../../core/text.ts';
import { CardImage, UpcomingSummary } from './card-parts.tsx';
import { LoadError } from './load-error.tsx';
import { useTitle } from '../../lib/use-title.ts';

/** Spec 1 §9: band card descriptions are cut at 75 characters. */
const DESCRIPTION_LIMIT = 75;

type BandPage = { bands: BandCard[]; page: number; pageSize: number; total: number };

function useBands(page: number, search: string) {
  return useQuery({
    queryKey: ['bands', page, search],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      if (search) query.set('search', search);
      return apiFetch<BandPage>(`/api/bands?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** Band directory (/bands, spec 1 §2): every band with its next shows, linking to its own site. */
export function BandDirectoryPage() {
  useTitle('Bands');
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const search = params.get('search')?.trim() ?? '';
  const { data: config } = usePublicConfig();
  const { data, isPending, error, refetch } = useBands(page, search);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title="Bands" subtitle="Local bands, DJs and solo artists, and where they play next." />
      <SearchForm
        initial={search}
        onSearch={(value) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.delete('page');
            if (value) next.set('search', value);
            else next.delete('search');
            return next;
          })
        }
      />
      {isPending || !config ? (
        <LoadingImage label="Loading bands…" />
      ) : error && !data ? (
        <LoadError message="The bands could not be loaded. Please try again." onRetry={() => void refetch()} />
      ) : data.bands.length === 0 ? (
        <EmptyState>{search ? `No bands match “${search}”.` : 'No bands found in the system.'}</EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-zinc-400" aria-live="polite">
            {data.total === 1 ? '1 band' : `${data.total} bands`}
            {search && ` matching “${search}”`}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data.bands.map((band) => (
              <li key={band.id}>
                <BandDirectoryCard band={band} href={siteUrl(config.publicUrl, band.slug)} />
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      )}
    </div>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  // Back and forward change the URL under the form: keep the box in step (adjusted while rendering).
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setValue(initial);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" aria-label="Bands" onSubmit={submit} className="mb-8 flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor="band-search" className="field-label">
          Search by name
        </label>
        <input id="band-search" type="search" className="field-input" value={value} onChange={(e) => setValue(e.target.value)} maxLength={100} />
      </div>
      <button type="submit" className="btn-primary">
        Search
      </button>
      {initial && (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setValue('');
            onSearch('');
          }}
        >
          Clear
        </button>
      )}
    </form>
  );
}

/** The band's name links to its site and, stretched over the card, makes the whole card a link. */
function BandDirectoryCard({ band, href }: { band: BandCard; href: string }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-lg shadow-black/20 transition hover:border-brand-400 has-[a:focus-visible]:border-brand-400 has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-brand-400">
      <CardImage src={band.imageUrl} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-bold text-white">
          <a href={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-brand-400">
            {band.name}
          </a>
        </h2>
        {band.genres.length > 0 && <p className="text-sm font-medium text-brand-400">{band.genres.join(' / ')}</p>}
        {band.description && <p className="text-sm text-zinc-300">{truncate(band.description, DESCRIPTION_LIMIT)}</p>}
        <UpcomingSummary
          title="Upcoming gigs"
          emptyText="No upcoming gigs"
          more={band.upcomingCount - band.upcoming.length}
          items={band.upcoming.map((gig) => ({
            id: gig.id,
            content: (
              <>
                <span className="font-semibold">{formatLocalDate(gig.localDate)}</span>
                {' · '}
                {formatClock(gig.startTime)} {zoneAbbreviation(gig.localDate, gig.startTime, gig.timeZone)}
                <span className="block text-zinc-400">at {gig.venueName}</span>
              </>
            ),
          }))}
        />
        <p aria-hidden="true" className="mt-auto pt-3 text-sm font-semibold text-brand-400">
          Visit site →
        </p>
      </div>
    </article>
  );
}
