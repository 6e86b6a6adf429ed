import type { PublicGig } from '../../src/core/public-pages.ts';

/** A public gig as the discovery endpoints return it, for tests of what is written from one (JSON-LD, iCalendar). */
export const publicGig = (over: Partial<PublicGig> = {}): PublicGig => ({
  id: '6c1f8e2a-1b2c-4d3e-8f40-5a6b7c8d9e01',
  localDate: '2026-12-04',
  startTime: '20:00',
  endTime: '01:00',
  startsAt: '2026-12-05T02:00:00.000Z',
  timeZone: 'America/Chicago',
  regionSlug: 'chicagoland',
  description: 'Loud night',
  coverCharge: null,
  ticketPriceCents: null,
  priceRange: null,
  onSaleAt: null,
  isSoldOut: false,
  advanceTicketUrl: null,
  venue: {
    id: 'v',
    name: 'The Lantern Room',
    slug: 'thelanternroom',
    address: '1832 W Division St, Chicago, IL 60622',
    postalAddress: { streetAddress: '1832 W Division St', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60622', addressCountry: 'US' },
  },
  band: { id: 'b', name: 'The Velvet Static', slug: 'thevelvetstatic', performerType: 'BAND', genres: ['rock'], imageUrl: null },
  promoter: null,
  ...over,
});
