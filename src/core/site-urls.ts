import type { PublicGig } from './public-pages.ts';

/** A band's or promoter's mini-site on its own subdomain of the public host (D16). */
export function siteUrl(publicUrl: string, slug: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${slug}.${url.host}/`;
}

/**
 * /tickets with the query the spec's ticket buttons carry (spec 1 §2: band, event, price, date),
 * plus the band and gig ids the checkout needs. Only for a gig selling tickets through Marquee.
 */
export function gigTicketsPath(gig: PublicGig & { band: NonNullable<PublicGig['band']>; ticketPriceCents: number }): string {
  const q = new URLSearchParams({
    band: gig.band.name,
    event: gig.venue.name,
    price: (gig.ticketPriceCents / 100).toFixed(2),
    date: gig.localDate,
    bandId: gig.band.id,
    gigId: gig.id,
  });
  return `/tickets?${q.toString()}`;
}

/** Whether a gig offers a ticket purchase at all (sold out or not). */
export function sellsTickets(gig: PublicGig): gig is PublicGig & { band: NonNullable<PublicGig['band']>; ticketPriceCents: number } {
  return gig.ticketPriceCents !== null && gig.band !== null;
}
