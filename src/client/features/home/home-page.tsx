import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingImage } from '../../components/ui/states.tsx';
import { apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { useLiveGigUpdates } from '../../lib/live.ts';
import { HomeGigCard } from '../gigs/home-gig-card.tsx';
import type { PublicGig } from '../gigs/types.ts';
import { LocationButtons } from '../regions/location-selector.tsx';
import { useTitle } from '../../lib/use-title.ts';

const HOME_GIGS_KEY = ['home-gigs'] as const;

/** The grid of upcoming approved gigs: 1 large, a row of 2, a row of 2, then rows of 4 (spec 1 §2). */
function UpcomingGigGrid() {
  const { data: config } = usePublicConfig();
  const { data, isPending, isError } = useQuery({
    queryKey: HOME_GIGS_KEY,
    queryFn: () => apiFetch<{ gigs: PublicGig[] }>('/api/gigs/home'),
  });
  useLiveGigUpdates([HOME_GIGS_KEY]);
  if (isPending || !config) return <LoadingImage label="Loading shows…" />;
  if (isError) return <p className="text-center text-red-700">The shows could not be loaded. Please try again.</p>;
  const gigs = data.gigs;
  if (gigs.length === 0) return <p className="text-center text-lg text-zinc-700">No upcoming shows; check back soon.</p>;
  const [first, ...rest] = gigs;
  const rows = [rest.slice(0, 2), rest.slice(2, 4)];
  const tail = rest.slice(4);
  return (
    <div className="space-y-6">
      {first && <HomeGigCard gig={first} publicUrl={config.publicUrl} size="large" />}
      {rows.map(
        (row, i) =>
          row.length > 0 && (
            <div key={i} className="grid gap-6 md:grid-cols-2">
              {row.map((gig) => (
                <HomeGigCard key={gig.id} gig={gig} publicUrl={config.publicUrl} size="medium" />
              ))}
            </div>
          ),
      )}
      {tail.length > 0 && (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {tail.map((gig) => (
            <HomeGigCard key={gig.id} gig={gig} publicUrl={config.publicUrl} size="small" />
          ))}
        </div>
      )}
    </div>
  );
}

const ICON_PATHS = {
  // A map pin, a ticket and a heart: drawn inline so they look the same on every device.
  discover: 'M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z',
  tickets: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2a2 2 0 0 0 0-4V7Zm10 0v2m0 2v2m0 2v2',
  support: 'M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.7 5c2 0 3.4 1.1 4.3 2.4h2C13.9 6.1 15.3 5 17.3 5c3.5 0 5.6 3.6 4.2 6.9C19.5 16.4 12 21 12 21Z',
} as const;

const FEATURES = [
  { title: 'Discover Shows', text: 'Every upcoming gig in your city, from dive-bar openers to sold-out headliners, in one place.', icon: ICON_PATHS.discover },
  { title: 'Buy Tickets', text: 'Grab your ticket in a few taps. Your ticket arrives by e-mail with a QR code for the door.', icon: ICON_PATHS.tickets },
  { title: 'Support Artists', text: 'Follow the bands you love and most of every ticket goes straight to the people on stage.', icon: ICON_PATHS.support },
];

/** National home page (spec 1 §2): about, features, Get Started, mission, and the locations. */
export function HomePage() {
  useTitle('Marquee');
  return (
    <div className="text-zinc-900">
      <section className="bg-gradient-to-b from-zinc-950 to-zinc-900 px-4 pb-16 pt-14 text-center text-white">
        <h1 className="font-display mx-auto max-w-4xl text-4xl leading-tight sm:text-6xl">
          Your city's live music, <span className="text-brand-400">all in one place</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-zinc-300">
          Marquee connects fans, bands, venues and promoters. Find a show tonight, buy a ticket, and back the local scene.
        </p>
        <div className="mt-8">
          <LocationButtons />
        </div>
      </section>

      <section aria-labelledby="upcoming-heading" className="mx-auto max-w-7xl px-4 pt-14">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <h2 id="upcoming-heading" className="text-3xl font-bold">
            Upcoming shows
          </h2>
          <Link to="/gigs" className="font-semibold text-amber-800 underline-offset-4 hover:underline">
            See all upcoming gigs →
          </Link>
        </div>
        <UpcomingGigGrid />
      </section>

      <section aria-labelledby="about-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="about-heading" className="text-center text-3xl font-bold">
          What is Marquee?
        </h2>
        <p className="mx-auto mt-4 max-w-3xl text-center text-lg text-zinc-700">
          A home for the local scene: bands keep their own mini-site, venues and promoters post gigs and book acts, and fans
          see everything that is on near them.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-2xl bg-white p-6 shadow-md ring-1 ring-zinc-200">
              <span aria-hidden="true" className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-amber-100 text-amber-700">
                <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  <path d={f.icon} />
                </svg>
              </span>
              <h3 className="mt-3 text-xl font-bold">{f.title}</h3>
              <p className="mt-2 text-zinc-700">{f.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/register" className="btn-primary px-8 py-3 text-base">
            Get Started
          </Link>
          <p className="mt-2 text-sm text-zinc-600">Musicians and venues: register free and get on the map.</p>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="bg-amber-100 px-4 py-14">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="mission-heading" className="text-3xl font-bold">
            Our mission
          </h2>
          <p className="mt-4 text-lg text-zinc-800">
            Keep live music local and alive. We make it easy for people to find shows, for artists to get booked and paid
            fairly, and for venues to fill their rooms, one gig at a time.
          </p>
        </div>
      </section>
    </div>
  );
}
