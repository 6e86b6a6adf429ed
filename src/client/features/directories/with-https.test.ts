import { describe, expect, it } from 'vitest';
import { withHttps } from './with-https.ts';

describe('withHttps', () => {
  it('adds https to a bare address', () => {
    expect(withHttps('lanternroom.example.com')).toBe('https://lanternroom.example.com');
    expect(withHttps('//lanternroom.example.com')).toBe('https://lanternroom.example.com');
  });

  it('keeps an address that already has a scheme', () => {
    expect(withHttps('https://a.example.com/x')).toBe('https://a.example.com/x');
    expect(withHttps('HTTP://a.example.com')).toBe('HTTP://a.example.com');
  });
});
