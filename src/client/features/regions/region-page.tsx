import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { useLiveGigUpdates } from '../../lib/live.ts';
import { LoadingImage } from '../../components/ui/states.tsx';
import { RegionGigCard } from '../gigs/region-gig-card.tsx';
import type { PublicGig } from '../gigs/types.ts';
import { useTitle } from '../../lib/use-title.ts';

// An unknown region shows the home page (spec 1 §2); its code loads only then.
const HomePage = lazy(async () => ({ default: (await import('../home/home-page.tsx')).HomePage }));

type RegionGigs = { region: { slug: string; name: string; timeZone: string }; gigs: PublicGig[] };

/** Location homepage (/chicago, /cleveland, /cortland…); an unknown path shows the home page. */
export function RegionPage() {
  const { regionPath = '' } = useParams();
  const { data: config } = usePublicConfig();
  const { data, isPending, error } = useQuery({
    queryKey: ['region-gigs', regionPath],
    queryFn: () => apiFetch<RegionGigs>(`/api/regions/${encodeURIComponent(regionPath)}/gigs`),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  useLiveGigUpdates([['region-gigs', regionPath]]);
  useTitle(data ? `Live Music in ${data.region.name}` : undefined);
  if (error instanceof ApiError && error.status === 404) return <HomePage />;
  if (isPending || !config) return <LoadingImage label="Loading shows…" />;
  if (!data) return <p className="p-8 text-center text-red-300">The shows could not be loaded. Please try again.</p>;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-4xl sm:text-5xl">Live Music in {data.region.name}</h1>
        <div className="flex gap-4 text-sm">
          <Link to={`/gigs?region=${data.region.slug}`} className="link">
            All gigs in {data.region.name}
          </Link>
          <a href={`/calendar/region/${data.region.slug}.ics`} className="link">
            Subscribe to calendar
          </a>
        </div>
      </div>
      {data.gigs.length === 0 ? (
        <p className="mt-10 text-lg text-zinc-300">No upcoming shows; check back soon.</p>
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {data.gigs.map((gig, i) => (
            <RegionGigCard key={gig.id} gig={gig} publicUrl={config.publicUrl} isFeatured={i === 0} />
          ))}
        </div>
      )}
    </div>
  );
}
