import { describe, expect, it } from 'vitest';
import { matchByName, toSiteSlug, toVenueSlug } from './slugs.ts';

describe('site and venue slugs', () => {
  it('lower-cases a band name and drops the spaces', () => {
    expect(toSiteSlug('The Velvet Static')).toBe('thevelvetstatic');
    expect(toSiteSlug('Salt & Static')).toBe('saltandstatic');
    expect(toSiteSlug("Guns N' Roses!")).toBe('gunsnroses');
  });
  it('camelCases a venue name', () => {
    expect(toVenueSlug('The Empty Bottle')).toBe('theEmptyBottle');
    expect(toVenueSlug('Beat Kitchen & Bar')).toBe('beatKitchenAndBar');
  });
});

describe('name matching (spec 1 §2)', () => {
  const bands = ['The Strokes', 'Salt & Static', 'Rock and Roll Rebels', 'Goldtop Revival'].map((name) => ({ name }));
  const find = (q: string) => matchByName(q, bands, (b) => b.name)?.name;

  it('tries exact, then case-insensitive', () => {
    expect(find('The Strokes')).toBe('The Strokes');
    expect(find('the strokes')).toBe('The Strokes');
  });
  it("treats '&' and 'And' as the same", () => {
    expect(find('Salt and Static')).toBe('Salt & Static');
    expect(find('Rock & Roll Rebels')).toBe('Rock and Roll Rebels');
  });
  it('finds a band by its site slug', () => {
    expect(find('thestrokes')).toBe('The Strokes');
    expect(find('saltandstatic')).toBe('Salt & Static');
  });
  it('falls back to a first-word prefix', () => {
    expect(find('Goldtop')).toBe('Goldtop Revival');
  });
  it('finds nothing for an unknown or empty name', () => {
    expect(find('Nobody Here')).toBeUndefined();
    expect(find('  ')).toBeUndefined();
  });
});
