import { Link } from 'react-router';
import { truncate } from '../../../core/text.ts';
import { useOpenGigs } from './api.ts';
import { BandShows } from './band-shows.tsx';
import { MyApplications, OpenGigs, useOpenGigsQuery } from './open-gigs.tsx';

/**
 * A band's dashboard (spec 2 §2, issue 21 item 18): its profile link and beta outreach (D25) as
 * tools, then its own shows (with bookings to answer, D34), its applications, and open gigs.
 */
export function BandBooking({ hasBetaOutreach }: { hasBetaOutreach: boolean }) {
  return (
    <>
      <nav aria-label="Band tools" className="flex flex-wrap gap-3">
        <Link to="/edit-profile" className="btn-primary min-h-11">
          Manage Profile & Website
        </Link>
        {hasBetaOutreach && (
          <Link to="/beta-venue-outreach" className="btn-secondary min-h-11 gap-2">
            Beta Venue Outreach
            <span className="rounded-full bg-brand-400 px-2 py-0.5 text-xs font-black tracking-wide text-zinc-950">SUPERBAND</span>
          </Link>
        )}
      </nav>
      <BandShows />
      <MyApplications />
      <OpenGigs isManager={false} />
    </>
  );
}

/** An artist manager's dashboard (spec 2 §2): its artists, and open gigs to apply to for them. */
export function ManagerBooking() {
  const { data } = useOpenGigs(useOpenGigsQuery());
  const artists = data?.artists ?? [];
  return (
    <>
      <nav aria-label="Manager tools" className="flex flex-wrap gap-3">
        <Link to="/edit-artist-manager-profile" className="btn-secondary">
          Edit Manager Profile
        </Link>
        <Link to="/add-artist" className="btn-primary">
          Add Artist
        </Link>
      </nav>
      <section aria-labelledby="artists-heading" className="space-y-3">
        <h2 id="artists-heading" className="text-2xl font-semibold">
          Managed artists
        </h2>
        {data && artists.length === 0 && <p className="text-zinc-300">No artists yet. Add one to apply to gigs on their behalf.</p>}
        <ul className="grid gap-4 sm:grid-cols-2">
          {artists.map((artist, index) => (
            <li key={artist.id} className="card flex gap-4">
              {artist.imageUrl ? (
                <img src={artist.imageUrl} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded-lg object-cover" />
              ) : (
                <div aria-hidden="true" className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-zinc-800 text-3xl">
                  ♪
                </div>
              )}
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold">{artist.name}</h3>
                {artist.genre && <p className="text-sm text-zinc-400">{artist.genre}</p>}
                {artist.description && <p className="mt-1 text-sm text-zinc-300">{truncate(artist.description, 100)}</p>}
                <Link to={`/edit-artist/${index}`} className="link mt-2 inline-block text-sm">
                  Edit<span className="sr-only"> {artist.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <OpenGigs isManager />
      <MyApplications />
    </>
  );
}
