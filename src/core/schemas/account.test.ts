import { describe, expect, it } from 'vitest';
import { registerSchema } from './account.ts';

const base = { email: 'Someone@Example.com', password: 'long-enough-1', location: 'chicagoland' };

describe('registration schema (shared by form and server)', () => {
  it('keeps fans to the common fields and normalises the e-mail', () => {
    const parsed = registerSchema.parse({ ...base, role: 'fan' });
    expect(parsed).toEqual({ email: 'someone@example.com', password: 'long-enough-1', location: 'chicagoland', role: 'fan' });
  });
  it("says 'Password too short' below 8 characters (D4)", () => {
    const result = registerSchema.safeParse({ ...base, password: 'short', role: 'fan' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password too short');
  });
  it('never accepts admin as a role (D2)', () => {
    expect(registerSchema.safeParse({ ...base, role: 'admin' }).success).toBe(false);
  });
  it('requires a band name and caps the description at 150 characters', () => {
    const noName = registerSchema.safeParse({ ...base, role: 'band', name: ' ' });
    expect(noName.error?.issues[0]?.message).toBe('Please enter your band name.');
    const long = registerSchema.safeParse({ ...base, role: 'band', name: 'X', description: 'a'.repeat(151) });
    expect(long.error?.issues[0]?.message).toBe('Description must be 150 characters or fewer.');
  });
  it('adds https:// to a website typed without it, and rejects nonsense', () => {
    const ok = registerSchema.parse({ ...base, role: 'venue', name: 'Hall', address: '1 Main St', website: 'hall.example.com' });
    expect(ok.role === 'venue' && ok.website).toBe('https://hall.example.com');
    const bad = registerSchema.safeParse({ ...base, role: 'venue', name: 'Hall', address: '1 Main St', website: 'not a url' });
    expect(bad.error?.issues[0]?.path).toEqual(['website']);
  });
  it('lets rehearsal spaces write up to 500 characters', () => {
    const input = { ...base, role: 'rehearsal_space', name: 'Room', address: '2 Side St', description: 'a'.repeat(500) };
    expect(registerSchema.safeParse(input).success).toBe(true);
    expect(registerSchema.safeParse({ ...input, description: 'a'.repeat(501) }).success).toBe(false);
  });
});
