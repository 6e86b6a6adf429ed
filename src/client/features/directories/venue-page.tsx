import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { EmptyState, LoadingImage } from '../../components/ui/states.tsx';
import type { PublicGig } from '../gigs/types.ts';
import { SocialLinks } from '../sites/site-parts.tsx';
import { CardImage } from './card-parts.tsx';
import { GigCard } from './gig-card.tsx';
import { withHttps } from './with-https.ts';
import { LoadError } from './load-error.tsx';
import { useTitle } from '../../lib/use-title.ts';

/** Spec 1 §9: Featured Shows lists up to 4. */
const FEATURED_COUNT = 4;

type Venue = {
  id: string;
  name: string;
  slug: string;
  address: string;
  contactEmail: string | null;
  phone: string | null;
  website: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
  youtubeUrl: string | null;
  imageUrl: string | null;
  regionSlug: string;
  regionName: string;
  timeZone: string;
};
type VenuePageData = { venue: Venue; gigs: PublicGig[] };

/** Callers pass the venue id as navigation state under venueId or venueID (spec 1 §2). */
function venueIdFromState(state: unknown): string | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const { venueId, venueID } = state as { venueId?: unknown; venueID?: unknown };
  const id = venueId ?? venueID;
  return typeof id === 'string' && id ? id : undefined;
}

/** Venue public page (/venue/{venueName}): the venue, its Featured Shows and all upcoming performances. */
export function VenuePage() {
  const { venueName = '' } = useParams();
  const location = useLocation();
  const venueId = venueIdFromState(location.state);
  const { data: config } = usePublicConfig();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['venue-page', venueName, venueId ?? null],
    queryFn: () => {
      const query = new URLSearchParams({ name: venueName });
      if (venueId) query.set('id', venueId);
      return apiFetch<VenuePageData>(`/api/venues/page?${query.toString()}`);
    },
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  useTitle(data ? `${data.venue.name} | Live music in ${data.venue.regionName}` : error instanceof ApiError && error.status === 404 ? 'Venue not found' : undefined);

  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <div className="rounded-2xl border border-amber-400/60 bg-amber-950/60 p-6 text-amber-100">
          <h1 className="text-2xl font-bold">Venue not found.</h1>
        </div>
        <Link to="/venues" className="btn-secondary mt-6">
          Browse all venues
        </Link>
      </div>
    );
  }
  if (isPending || !config) return <LoadingImage label="Loading venue…" />;
  if (!data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <LoadError message="The venue could not be loaded. Please try again." onRetry={() => void refetch()} />
      </div>
    );
  }

  const { venue, gigs } = data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <VenueHeader venue={venue} />
      {gigs.length === 0 ? (
        <div className="mt-12">
          <EmptyState>
            <p className="text-lg font-semibold text-zinc-100">No upcoming performances scheduled.</p>
            <p className="mt-1">Check back soon for new shows!</p>
          </EmptyState>
        </div>
      ) : (
        <>
          <section aria-labelledby="featured-heading" className="mt-12">
            <h2 id="featured-heading" className="font-display text-3xl">
              Featured Shows
            </h2>
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              {gigs.slice(0, FEATURED_COUNT).map((gig) => (
                <li key={gig.id}>
                  <GigCard gig={gig} publicUrl={config.publicUrl} headingLevel={3} showVenue={false} showImage />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="upcoming-heading" className="mt-14">
            <h2 id="upcoming-heading" className="font-display text-3xl">
              Upcoming Performances
            </h2>
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {gigs.map((gig) => (
                <li key={gig.id}>
                  <GigCard gig={gig} publicUrl={config.publicUrl} headingLevel={3} showVenue={false} />
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

function VenueHeader({ venue }: { venue: Venue }) {
  return (
    <header className="grid gap-8 md:grid-cols-5">
      <div className="md:col-span-3">
        <CardImage src={venue.imageUrl} tone="cool" className="rounded-2xl shadow-lg" isEager />
      </div>
      <div className="flex flex-col gap-4 md:col-span-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-400">{venue.regionName}</p>
          <h1 className="font-display text-4xl sm:text-5xl">{venue.name}</h1>
          <p className="mt-2 text-lg text-zinc-300">{venue.address}</p>
        </div>
        <dl className="space-y-2 text-sm">
          {venue.contactEmail && (
            <Contact term="Email">
              <a className="link break-all" href={`mailto:${venue.contactEmail}`}>
                {venue.contactEmail}
              </a>
            </Contact>
          )}
          {venue.phone && (
            <Contact term="Phone">
              <a className="link" href={`tel:${venue.phone.replace(/[^\d+]/g, '')}`}>
                {venue.phone}
              </a>
            </Contact>
          )}
          {venue.website && (
            <Contact term="Website">
              <a href={withHttps(venue.website)} className="link break-all" target="_blank" rel="noopener noreferrer">
                {venue.website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Contact>
          )}
        </dl>
        <SocialLinks
          name={venue.name}
          links={{
            instagram: venue.instagramUrl && withHttps(venue.instagramUrl),
            facebook: venue.facebookUrl && withHttps(venue.facebookUrl),
            youtube: venue.youtubeUrl && withHttps(venue.youtubeUrl),
          }}
        />
        <div>
          <a href={`/calendar/venue/${encodeURIComponent(venue.slug)}.ics`} className="btn-primary">
            Subscribe to calendar
          </a>
        </div>
      </div>
    </header>
  );
}

function Contact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="w-20 shrink-0 font-semibold text-zinc-400">{term}</dt>
      <dd className="min-w-0 text-zinc-100">{children}</dd>
    </div>
  );
}

