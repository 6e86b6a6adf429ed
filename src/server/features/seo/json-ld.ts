import { DateTime } from 'luxon';
import type { PublicGig } from '../../../core/public-pages.ts';
import { postalAddressOf, type StoredPostalAddress } from '../../../core/postal-address.ts';
import { gigTicketsPath, sellsTickets } from '../../../core/site-urls.ts';

const isoIn = (localDate: string, time: string, zone: string) =>
  DateTime.fromISO(`${localDate}T${time}`, { zone }).toISO({ suppressMilliseconds: true });

/** A gig's start and end as ISO times with its zone's offset; an end at or before the start is the next day (D8). */
export function gigTimesIso(gig: Pick<PublicGig, 'localDate' | 'startTime' | 'endTime' | 'timeZone'>): { start: string; end: string } {
  const endDay = gig.endTime <= gig.startTime ? DateTime.fromISO(gig.localDate).plus({ days: 1 }).toISODate()! : gig.localDate;
  return { start: isoIn(gig.localDate, gig.startTime, gig.timeZone)!, end: isoIn(endDay, gig.endTime, gig.timeZone)! };
}

/** Issue 35: a venue's address as the PostalAddress Google's event guidance asks for, with only the fields it has. */
export function postalAddressJsonLd(venue: VenueAddress) {
  return { '@type': 'PostalAddress', ...postalAddressFields(venue) };
}

type VenueAddress = { address: string; postalAddress?: StoredPostalAddress | null };

/** The PostalAddress fields a venue has (an empty one is left out, as validators ask). */
export function postalAddressFields(venue: VenueAddress): { streetAddress: string } & Record<string, string> {
  const fields = Object.entries(postalAddressOf(venue)).filter(([, value]) => value);
  return Object.fromEntries(fields) as { streetAddress: string } & Record<string, string>;
}

/** A cover charge that is a plain amount ("$10", "12.50") as schema.org's numeric price; anything else ("$10 after 9") stays text only. */
function coverPrice(coverCharge: string): { price?: string } {
  const match = /^\s*\$?\s*(\d{1,4}(?:\.\d{1,2})?)\s*$/.exec(coverCharge);
  return match ? { price: Number(match[1]).toFixed(2) } : {};
}

/** schema.org MusicEvent for a gig (D17): performer, location, startDate and offers. */
export function musicEventJsonLd(gig: PublicGig, { publicUrl, siteUrl }: { publicUrl: string; siteUrl: (slug: string) => string }) {
  const times = gigTimesIso(gig);
  const ticketUrl = sellsTickets(gig) ? `${publicUrl}${gigTicketsPath(gig)}` : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: gig.band ? `${gig.band.name} at ${gig.venue.name}` : `Live music at ${gig.venue.name}`,
    startDate: times.start,
    endDate: times.end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    description: gig.description,
    image: gig.band?.imageUrl ? new URL(gig.band.imageUrl, publicUrl).toString() : undefined,
    url: gig.band ? siteUrl(gig.band.slug) : `${publicUrl}/venue/${gig.venue.slug}`,
    location: {
      '@type': 'MusicVenue',
      name: gig.venue.name,
      address: postalAddressJsonLd(gig.venue),
      url: `${publicUrl}/venue/${gig.venue.slug}`,
    },
    performer: gig.band ? { '@type': 'MusicGroup', name: gig.band.name, url: siteUrl(gig.band.slug), genre: gig.band.genres } : undefined,
    // Issue 35: the organiser as Google's event guidance asks: the promoter running it, else its venue (D10).
    organizer: gig.promoter ? { '@type': 'Organization', name: gig.promoter.name, url: siteUrl(gig.promoter.slug) } : { '@type': 'Organization', name: gig.venue.name, url: `${publicUrl}/venue/${gig.venue.slug}` },
    // Issue 34: a gig with several public ticket prices is an AggregateOffer from the lowest to the highest.
    offers: ticketUrl
      ? {
          ...(gig.priceRange
            ? { '@type': 'AggregateOffer', lowPrice: (gig.priceRange.minCents / 100).toFixed(2), highPrice: (gig.priceRange.maxCents / 100).toFixed(2) }
            : { '@type': 'Offer', price: (gig.ticketPriceCents! / 100).toFixed(2) }),
          priceCurrency: 'USD',
          ...(gig.onSaleAt ? { validFrom: gig.onSaleAt } : {}),
          availability: gig.isSoldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
          url: ticketUrl,
        }
      : gig.coverCharge
        ? { '@type': 'Offer', description: `Cover: ${gig.coverCharge}`, ...coverPrice(gig.coverCharge), priceCurrency: 'USD', url: `${publicUrl}/venue/${gig.venue.slug}` }
        : undefined,
  };
}
