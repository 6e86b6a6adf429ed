import { Link } from 'react-router';
import { LocationButtons } from '../regions/location-selector.tsx';

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
