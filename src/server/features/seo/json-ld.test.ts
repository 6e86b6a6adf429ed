// D17 and issue 34: a gig's schema.org offers say what /tickets charges, one price or the range.
import { describe, expect, it } from 'vitest';
import type { PublicGig } from '../../../core/public-pages.ts';
import { musicEventJsonLd } from './json-ld.ts';

const gig: PublicGig = {
  id: '6c1f8e2a-1b2c-4d3e-8f40-5a6b7c8d9e01',
  localDate: '2026-12-04',
  startTime: '20:00',
  endTime: '01:00',
  startsAt: '2026-12-05T02:00:00.000Z',
  timeZone: 'America/Chicago',
  regionSlug: 'chicagoland',
  description: 'Loud night',
  coverCharge: null,
  ticketPriceCents: 1500,
  priceRange: null,
  isSoldOut: false,
  advanceTicketUrl: null,
  venue: { id: 'v', name: 'The Lantern Room', slug: 'thelanternroom', address: '1832 W Division St' },
  band: { id: 'b', name: 'The Velvet Static', slug: 'thevelvetstatic', performerType: 'BAND', genres: ['rock'], imageUrl: null },
  promoter: null,
};
const urls = { publicUrl: 'https://marquee.test', siteUrl: (slug: string) => `https://${slug}.marquee.test` };

describe('musicEventJsonLd', () => {
  it('one price is an Offer; several public prices are an AggregateOffer from the lowest to the highest', () => {
    expect(musicEventJsonLd(gig, urls).offers).toMatchObject({ '@type': 'Offer', price: '15.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    const ranged = musicEventJsonLd({ ...gig, priceRange: { minCents: 1500, maxCents: 4500 }, isSoldOut: true }, urls).offers;
    expect(ranged).toEqual({ '@type': 'AggregateOffer', lowPrice: '15.00', highPrice: '45.00', priceCurrency: 'USD', availability: 'https://schema.org/SoldOut', url: expect.stringContaining('/tickets?') as string });
    expect(ranged).not.toHaveProperty('price');
  });

  it('ends the next day when the end time is before the start (D8)', () => {
    const ld = musicEventJsonLd(gig, urls);
    expect([ld.startDate, ld.endDate]).toEqual(['2026-12-04T20:00:00-06:00', '2026-12-05T01:00:00-06:00']);
  });
});
