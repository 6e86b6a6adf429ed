import { describe, expect, it } from 'vitest';
import { addressColumnsOf, oneLineAddress, parseOneLineAddress, postalAddressOf } from './postal-address.ts';

describe('postal addresses (issue 35)', () => {
  it('reads the usual one-line shapes into fields', () => {
    expect(parseOneLineAddress('2200 N Lincoln Ave, Chicago, IL 60614')).toEqual({
      streetAddress: '2200 N Lincoln Ave',
      addressLocality: 'Chicago',
      addressRegion: 'IL',
      postalCode: '60614',
      addressCountry: 'US',
    });
    expect(parseOneLineAddress('1 Main St, Suite 2, Cortland, NY, 13045, USA')).toMatchObject({ streetAddress: '1 Main St, Suite 2', addressLocality: 'Cortland', addressRegion: 'NY', postalCode: '13045', addressCountry: 'US' });
    expect(parseOneLineAddress('5 Euclid Ave, Cleveland, OH')).toMatchObject({ streetAddress: '5 Euclid Ave', addressLocality: 'Cleveland', addressRegion: 'OH', postalCode: null });
  });

  it('keeps what it cannot tell apart in the street line', () => {
    expect(parseOneLineAddress('1 Main St')).toEqual({ streetAddress: '1 Main St', addressLocality: null, addressRegion: null, postalCode: null, addressCountry: null });
    expect(parseOneLineAddress('123 Main St, Springfield')).toMatchObject({ streetAddress: '123 Main St, Springfield', addressLocality: null });
  });

  it('stores the fields a venue gives and makes the one line from them', () => {
    expect(addressColumnsOf({ address: '2200 N Lincoln Ave', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60614' })).toEqual({
      address: '2200 N Lincoln Ave, Chicago, IL 60614',
      streetAddress: '2200 N Lincoln Ave',
      addressLocality: 'Chicago',
      addressRegion: 'IL',
      postalCode: '60614',
      addressCountry: 'US',
    });
    // Only one line: kept as typed, the fields read from it.
    expect(addressColumnsOf({ address: '5 Euclid Ave, Cleveland, OH 44115' })).toMatchObject({ address: '5 Euclid Ave, Cleveland, OH 44115', addressLocality: 'Cleveland', postalCode: '44115' });
  });

  it('round-trips: the one line of the fields read from a line is that line', () => {
    for (const line of ['2200 N Lincoln Ave, Chicago, IL 60614', '5 Euclid Ave, Cleveland, OH', '1 Main St']) expect(oneLineAddress(parseOneLineAddress(line))).toBe(line);
  });

  it('prefers the stored fields over the one line', () => {
    const stored = { streetAddress: '9 Elm St', addressLocality: 'Evanston', addressRegion: 'IL', postalCode: '60201', addressCountry: 'US' };
    expect(postalAddressOf({ address: 'anything', postalAddress: stored })).toEqual(stored);
    // A whole profile row passed as the stored fields gives the five fields only, never its one line.
    expect(postalAddressOf({ address: 'anything', postalAddress: { ...stored, address: 'anything', name: 'Hall' } as typeof stored })).toEqual(stored);
    expect(postalAddressOf({ address: '9 Elm St, Evanston, IL 60201', postalAddress: { streetAddress: null, addressLocality: null, addressRegion: null, postalCode: null, addressCountry: null } })).toEqual(stored);
  });
});
