import { describe, expect, it } from 'vitest';
import { formatCents, parseDollarsToCents, serviceFeeCents } from './money.ts';

describe('service fee (D9)', () => {
  it('is 15% of the face price, rounded half-up to the cent', () => {
    expect(serviceFeeCents(1000)).toBe(150);
    expect(serviceFeeCents(1999)).toBe(300); // 299.85 -> 300
    expect(serviceFeeCents(1010)).toBe(152); // 151.5 -> 152 (half-up)
    expect(serviceFeeCents(1)).toBe(0); // 0.15 -> 0
    expect(serviceFeeCents(0)).toBe(0);
  });
});

describe('money formatting and parsing', () => {
  it('shows dollars and cents', () => {
    expect(formatCents(1150)).toBe('$11.50');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-5)).toBe('-$0.05');
  });
  it('reads what people type', () => {
    expect(parseDollarsToCents('12')).toBe(1200);
    expect(parseDollarsToCents('$12.5')).toBe(1250);
    expect(parseDollarsToCents(' 12.05 ')).toBe(1205);
    expect(parseDollarsToCents('12.345')).toBeNull();
    expect(parseDollarsToCents('ten')).toBeNull();
  });
});
