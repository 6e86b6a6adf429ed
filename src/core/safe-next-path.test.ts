import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next-path.ts';

describe('where login returns to', () => {
  it.each(['/gear-swap', '/qr-scanner', '/edit-profile?tab=1', '/open-jam#sheet', '/tickets?gigId=abc'])('keeps the same-site path %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/dashboard',
    'https://evil.example',
    'http://evil.example/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.example',
    '',
    null,
    undefined,
    '/login',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j and goes to the dashboard', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });

  it.each(['/register', '/reset-password?token=x', '/email-confirmed', '/confirm-email-change?token=x'])('sends the sign-in page %s to the dashboard: nothing to come back to', (path) => {
    expect(safeNextPath(path)).toBe('/dashboard');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNextPath('/a/../../evil')).toBe('/evil');
  });

  it('builds the login address that comes back', () => {
    expect(loginPathFor('/qr-scanner')).toBe('/login?next=%2Fqr-scanner');
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
