import { describe, expect, it } from 'vitest';
import { truncate, truncateAtWord } from './text.ts';

describe('truncate (band cards: 75 characters)', () => {
  it('leaves a short description as it is', () => {
    expect(truncate('Loud and fast.', 75)).toBe('Loud and fast.');
  });

  it('keeps a description of exactly the limit whole', () => {
    const exact = 'x'.repeat(75);
    expect(truncate(exact, 75)).toBe(exact);
  });

  it('cuts a longer one at the limit and marks the cut', () => {
    const long = 'a'.repeat(80);
    expect(truncate(long, 75)).toBe(`${'a'.repeat(75)}…`);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('abcd efgh', 5)).toBe('abcd…');
  });
});

describe('truncateAtWord (rehearsal spaces: 100 characters)', () => {
  it('cuts at the last whole word within the limit', () => {
    expect(truncateAtWord('Twelve soundproofed rooms with full backline', 20)).toBe('Twelve soundproofed…');
  });

  it('keeps a word that ends exactly at the limit', () => {
    expect(truncateAtWord('one two three', 7)).toBe('one two…');
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(truncateAtWord('Rooms, lockouts, parking and more', 16)).toBe('Rooms, lockouts…');
  });

  it('cuts inside a single word longer than the limit', () => {
    expect(truncateAtWord('Supercalifragilistic', 5)).toBe('Super…');
  });

  it('never returns more than the limit plus the ellipsis', () => {
    const text = 'Twelve soundproofed rooms with full backline, PA and 24/7 keycard access. Hourly rooms from $20, monthly lockouts from $450.';
    const result = truncateAtWord(text, 100);
    expect(result.endsWith('…')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(101);
    expect(text.startsWith(result.slice(0, -1))).toBe(true);
  });
});
