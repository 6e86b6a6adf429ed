// D17 and issue 34: a gig's schema.org offers say what /tickets charges, one price or the range.
import { describe, expect, it } from 'vitest';
import { publicGig } from '../../../../tests/helpers/public-gig.ts';
import { musicEventJsonLd } from './json-ld.ts';

const gig = publicGig({ ticketPriceCents: 1500 });
const urls = { publicUrl: 'https://marquee.test', siteUrl: (slug: string) => `https://${slug}.marquee.test` };

describe('musicEventJsonLd', () => {
  it('one price is an Offer; several public prices are an AggregateOffer from the lowest to the highest', () => {
    expect(musicEventJsonLd(gig, urls).offers).toMatchObject({ '@type': 'Offer', price: '15.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    const ranged = musicEventJsonLd({ ...gig, priceRange: { minCents: 1500, maxCents: 4500 }, isSoldOut: true }, urls).offers;
    expect(ranged).toEqual({ '@type': 'AggregateOffer', lowPrice: '15.00', highPrice: '45.00', priceCurrency: 'USD', availability: 'https://schema.org/SoldOut', url: expect.stringContaining('/tickets?') as string });
    expect(ranged).not.toHaveProperty('price');
  });

  it('names the organiser (the promoter, else the venue) and gives a plain cover charge a numeric price (issue 35)', () => {
    expect(musicEventJsonLd(gig, urls).organizer).toEqual({ '@type': 'Organization', name: 'The Lantern Room', url: 'https://marquee.test/venue/thelanternroom' });
    expect(musicEventJsonLd({ ...gig, promoter: { id: 'p', name: 'Night Owls', slug: 'nightowls' } }, urls).organizer).toMatchObject({ name: 'Night Owls', url: 'https://nightowls.marquee.test' });
    const cover = (coverCharge: string) => musicEventJsonLd({ ...gig, ticketPriceCents: null, coverCharge }, urls).offers as Record<string, unknown>;
    expect(cover('$10')).toMatchObject({ '@type': 'Offer', price: '10.00', priceCurrency: 'USD', description: 'Cover: $10' });
    expect(cover('12.5')).toMatchObject({ price: '12.50' });
    expect(cover('$10 after 9pm')).not.toHaveProperty('price');
  });

  it('ends the next day when the end time is before the start (D8)', () => {
    const ld = musicEventJsonLd(gig, urls);
    expect([ld.startDate, ld.endDate]).toEqual(['2026-12-04T20:00:00-06:00', '2026-12-05T01:00:00-06:00']);
  });
});
