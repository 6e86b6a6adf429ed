import { formatGigPrice, type PublicGig } from '../../../core/public-pages.ts';
import { gigTicketsPath, sellsTickets } from '../../../core/site-urls.ts';
import { formatLocalDate } from '../../../core/time.ts';
import { MainSiteLink } from '../../components/main-site-link.tsx';

/**
 * The ticket button of a gig sold through Marquee: price (or its types' range, issue 34) plus fees (spec 1 §2), or 'Sold out'
 * once every ticket is gone (D12). Nothing for gigs without Marquee tickets.
 */
export function TicketButton({
  gig,
  label = 'Buy Tickets',
  className = 'btn-primary',
  soldOutClassName = 'font-semibold text-red-300',
}: {
  gig: PublicGig;
  label?: 'Buy Tickets' | 'Tickets';
  className?: string;
  soldOutClassName?: string;
}) {
  if (!sellsTickets(gig)) return null;
  if (gig.isSoldOut) return <p className={soldOutClassName}>Sold out</p>;
  return (
    <MainSiteLink to={gigTicketsPath(gig)} className={className}>
      {label} {formatGigPrice(gig)} + fees
      <span className="sr-only">
        {' '}
        for {gig.band.name} on {formatLocalDate(gig.localDate)}
      </span>
    </MainSiteLink>
  );
}
