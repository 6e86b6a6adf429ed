import { Link } from 'react-router';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { TicketButton } from './ticket-button.tsx';
import { FollowForm } from '../followers/follow-form.tsx';
import type { PublicGig } from './types.ts';

/** A gig card of the national home page (spec 1 §2): everything the spec lists, on a light page. */
export function HomeGigCard({ gig, publicUrl, size }: { gig: PublicGig; publicUrl: string; size: 'large' | 'medium' | 'small' }) {
  const band = gig.band;
  const heading = size === 'large' ? 'text-3xl sm:text-4xl' : size === 'medium' ? 'text-2xl' : 'text-xl';
  return (
    <article className={`flex flex-col overflow-hidden rounded-2xl bg-white text-zinc-900 shadow-md ring-1 ring-zinc-200 ${size === 'large' ? 'lg:flex-row' : ''}`}>
      {band?.imageUrl ? (
        <a href={siteUrl(publicUrl, band.slug)} tabIndex={-1} aria-hidden="true" className={`block ${size === 'large' ? 'lg:w-3/5' : ''}`}>
          <img src={band.imageUrl} alt="" loading={size === 'large' ? 'eager' : 'lazy'} className="aspect-video h-full w-full object-cover" />
        </a>
      ) : (
        <div aria-hidden="true" className={`aspect-video w-full bg-gradient-to-br from-amber-400 to-fuchsia-700 ${size === 'large' ? 'lg:w-3/5' : ''}`} />
      )}
      <div className="flex flex-1 flex-col gap-1.5 p-5">
        <p className="text-sm font-semibold text-amber-800">
          {formatLocalDate(gig.localDate)} · {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}
        </p>
        <p className="text-xs font-bold uppercase tracking-wide text-zinc-600">{band?.performerType || 'BAND'}</p>
        <h3 className={`${heading} font-bold leading-tight`}>
          {band ? (
            <a href={siteUrl(publicUrl, band.slug)} className="text-amber-800 underline decoration-2 underline-offset-4 hover:text-amber-700">
              {band.name}
            </a>
          ) : (
            'TBA'
          )}
        </h3>
        {band && band.genres.length > 0 && <p className="text-sm text-zinc-700">{band.genres.join(' / ')}</p>}
        <p className="text-sm">
          <Link to={`/venue/${gig.venue.slug}`} state={{ venueId: gig.venue.id }} className="font-semibold text-amber-800 underline underline-offset-2 hover:text-amber-700">
            {gig.venue.name}
          </Link>
        </p>
        {gig.coverCharge && <p className="text-sm text-zinc-700">Cover: {gig.coverCharge}</p>}
        <div className="mt-auto pt-3">
          <TicketButton gig={gig} label="Tickets" className="btn-primary w-full sm:w-auto" soldOutClassName="font-semibold text-red-700" />
          {band && <FollowForm bandId={band.id} bandName={band.name} tone="light" />}
        </div>
      </div>
    </article>
  );
}
