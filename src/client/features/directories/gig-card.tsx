import { Link } from 'react-router';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { TicketButton } from '../gigs/ticket-button.tsx';
import type { PublicGig } from '../gigs/types.ts';
import { CardImage } from './card-parts.tsx';

export function BandName({ gig, publicUrl }: { gig: PublicGig; publicUrl: string }) {
  if (!gig.band) return <>TBA</>;
  return (
    <a href={siteUrl(publicUrl, gig.band.slug)} className="underline decoration-brand-400/60 underline-offset-4 hover:text-brand-400">
      {gig.band.name}
    </a>
  );
}

/**
 * A compact gig card: date, time range in the gig's zone (D7), performer, genres, venue, cover
 * and tickets. The venue page hides the venue and shows the band image on its featured shows;
 * /gigs shows the venue. Every use shows the same facts (spec 1 §9).
 */
export function GigCard({
  gig,
  publicUrl,
  headingLevel,
  showVenue,
  showImage = false,
}: {
  gig: PublicGig;
  publicUrl: string;
  headingLevel: 2 | 3;
  showVenue: boolean;
  showImage?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { band } = gig;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-lg shadow-black/20">
      {showImage && <CardImage src={band?.imageUrl} />}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm font-semibold text-brand-400">
          {formatLocalDate(gig.localDate)} · {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}
        </p>
        <p className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{band?.performerType || 'BAND'}</p>
        <Heading className="text-xl font-bold text-white">
          <BandName gig={gig} publicUrl={publicUrl} />
        </Heading>
        {band && band.genres.length > 0 && <p className="text-sm text-zinc-300">{band.genres.join(' / ')}</p>}
        {showVenue && (
          <p className="text-sm">
            <Link to={`/venue/${gig.venue.slug}`} state={{ venueId: gig.venue.id }} className="font-semibold text-zinc-100 underline decoration-zinc-500 underline-offset-4 hover:text-brand-400 hover:decoration-brand-400">
              {gig.venue.name}
            </Link>
            <span className="block text-zinc-400">{gig.venue.address}</span>
          </p>
        )}
        {gig.coverCharge && <p className="text-sm text-zinc-300">Cover: {gig.coverCharge}</p>}
        {gig.ticketPriceCents !== null && band && (
          <div className="mt-auto pt-2">
            <TicketButton gig={gig} />
          </div>
        )}
      </div>
    </article>
  );
}
