import { Link } from 'react-router';
import { formatClock, formatLocalDate, zoneAbbreviation } from '../../../core/time.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { TicketButton } from './ticket-button.tsx';
import type { PublicGig } from './types.ts';

/** A gig card of the location homepage (spec 1 §2): the first is large and featured. */
export function RegionGigCard({ gig, publicUrl, isFeatured }: { gig: PublicGig; publicUrl: string; isFeatured: boolean }) {
  const when = gig.localDate
    ? `${formatLocalDate(gig.localDate)} · ${formatClock(gig.startTime)} ${zoneAbbreviation(gig.localDate, gig.startTime, gig.timeZone)}`
    : 'Date TBD';
  const band = gig.band;
  return (
    <article
      className={`overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-lg ${isFeatured ? 'md:col-span-2 md:grid md:grid-cols-2' : ''}`}
    >
      {band?.imageUrl ? (
        <a href={siteUrl(publicUrl, band.slug)} tabIndex={-1} aria-hidden="true" className="block">
          <img src={band.imageUrl} alt="" loading={isFeatured ? 'eager' : 'lazy'} className={`w-full object-cover ${isFeatured ? 'aspect-video md:h-full' : 'aspect-video'}`} />
        </a>
      ) : (
        <div aria-hidden="true" className="aspect-video w-full bg-gradient-to-br from-brand-600 to-fuchsia-800" />
      )}
      <div className="flex flex-col gap-2 p-5">
        {isFeatured && <p className="text-xs font-bold uppercase tracking-widest text-brand-400">Featured show</p>}
        <p className="text-sm font-semibold text-brand-400">{when}</p>
        <p className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{band?.performerType || 'BAND'}</p>
        {/* h2: the region page's only heading above the cards is its h1. */}
        <h2 className={`${isFeatured ? 'text-3xl' : 'text-xl'} font-bold`}>
          {band ? (
            <a href={siteUrl(publicUrl, band.slug)} className="text-brand-400 underline decoration-2 underline-offset-4 hover:text-brand-500">
              {band.name}
            </a>
          ) : (
            'TBA'
          )}
        </h2>
        {band && band.genres.length > 0 && <p className="text-sm text-zinc-300">{band.genres.join(' / ')}</p>}
        <p className="text-sm">
          <Link to={`/venue/${gig.venue.slug}`} state={{ venueId: gig.venue.id }} className="font-semibold text-brand-400 underline underline-offset-2 hover:text-brand-500">
            {gig.venue.name}
          </Link>
          <span className="block text-zinc-400">{gig.venue.address}</span>
        </p>
        {gig.coverCharge && <p className="text-sm text-zinc-300">Cover: {gig.coverCharge}</p>}
        <div className="mt-auto pt-2">
          <TicketButton gig={gig} />
        </div>
      </div>
    </article>
  );
}
