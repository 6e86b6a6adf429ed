import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatLocalDate } from '../../../core/time.ts';
import { apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { EmptyState, LoadingImage, PageHeading } from '../../components/ui/states.tsx';
import { Pagination, usePageParam } from '../../components/pagination.tsx';
import { CardImage, UpcomingSummary } from './card-parts.tsx';
import { LoadError } from './load-error.tsx';
import { useTitle } from '../../lib/use-title.ts';

type VenueCard = {
  id: string;
  name: string;
  slug: string;
  address: string;
  imageUrl: string | null;
  regionName: string;
  upcoming: { id: string; localDate: string; startTime: string; timeZone: string; bandName: string; bandSlug: string }[];
  upcomingCount: number;
};
type VenuePage = { venues: VenueCard[]; page: number; pageSize: number; total: number };

/** Venue directory (/venues, spec 1 §2): venue cards with their upcoming booked performances. */
export function VenueDirectoryPage() {
  useTitle('Venues');
  const page = usePageParam();
  const { data: config } = usePublicConfig();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['venues', page],
    queryFn: () => apiFetch<VenuePage>(`/api/venues?page=${page}`),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title="Venues" subtitle="The rooms, bars and halls where the local scene plays." />
      {isPending || !config ? (
        <LoadingImage label="Loading venues…" />
      ) : error && !data ? (
        <LoadError message="The venues could not be loaded. Please try again." onRetry={() => void refetch()} />
      ) : data.venues.length === 0 ? (
        <EmptyState>No venues yet.</EmptyState>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.venues.map((venue) => (
              <li key={venue.id}>
                <VenueDirectoryCard venue={venue} publicUrl={config.publicUrl} />
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
        </>
      )}
    </div>
  );
}

function VenueDirectoryCard({ venue, publicUrl }: { venue: VenueCard; publicUrl: string }) {
  const to = `/venue/${venue.slug}`;
  const state = { venueId: venue.id };
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-lg shadow-black/20">
      <CardImage src={venue.imageUrl} tone="cool" />
      <div className="flex flex-1 flex-col gap-1 p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-400">{venue.regionName}</p>
        <h2 className="text-xl font-bold text-white">
          <Link to={to} state={state} className="hover:text-brand-400 hover:underline">
            {venue.name}
          </Link>
        </h2>
        <p className="text-sm text-zinc-300">{venue.address}</p>
        <UpcomingSummary
          title="Upcoming performances"
          emptyText="No upcoming performances"
          more={venue.upcomingCount - venue.upcoming.length}
          items={venue.upcoming.map((gig) => ({
            id: gig.id,
            content: (
              <>
                <span className="font-semibold">{formatLocalDate(gig.localDate)}</span>
                {' · '}
                <a href={siteUrl(publicUrl, gig.bandSlug)} className="link underline">
                  {gig.bandName}
                </a>
              </>
            ),
          }))}
        />
        <div className="mt-auto pt-4">
          <Link to={to} state={state} className="btn-secondary">
            View venue<span className="sr-only">: {venue.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
