import { describe, expect, it } from 'vitest';
import { endsNextDay, formatLocalDate, formatTimeRange, todayIn, toInstant, zoneAbbreviation } from './time.ts';

describe('region time zones (D7, D8)', () => {
  it('names the zone in force on the date: CST in winter, CDT in summer', () => {
    expect(zoneAbbreviation('2026-12-05', '19:00', 'America/Chicago')).toBe('CST');
    expect(zoneAbbreviation('2026-07-04', '19:00', 'America/Chicago')).toBe('CDT');
  });
  it('uses Eastern time for Cleveland, which the old system labelled CST', () => {
    expect(formatTimeRange('2026-12-05', '19:00', '22:30', 'America/New_York')).toBe('7:00 PM - 10:30 PM EST');
  });
  it('turns a local date and time into the absolute instant', () => {
    expect(toInstant('2026-12-05', '19:00', 'America/Chicago').toISOString()).toBe('2026-12-06T01:00:00.000Z');
  });
  it("decides 'today' in the region's zone", () => {
    const lateEveningInChicago = new Date('2026-12-06T04:30:00Z'); // 22:30 on Dec 5 in Chicago
    expect(todayIn('America/Chicago', lateEveningInChicago)).toBe('2026-12-05');
    expect(todayIn('America/New_York', lateEveningInChicago)).toBe('2026-12-05');
    expect(todayIn('UTC', lateEveningInChicago)).toBe('2026-12-06');
  });
  it('knows a show ending before it starts runs past midnight', () => {
    expect(endsNextDay('22:00', '01:00')).toBe(true);
    expect(endsNextDay('19:00', '22:00')).toBe(false);
  });
  it('keeps DST changes straight: a skipped time moves forward, a repeated one is its first occurrence', () => {
    expect(toInstant('2026-03-08', '03:00', 'America/Chicago').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(toInstant('2026-03-08', '02:30', 'America/Chicago').toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(toInstant('2026-11-01', '01:30', 'America/Chicago').toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(toInstant('2026-11-01', '02:00', 'America/Chicago').toISOString()).toBe('2026-11-01T08:00:00.000Z');
    expect(toInstant('2026-04-04', '19:00', 'Australia/Lord_Howe').toISOString()).toBe('2026-04-04T08:00:00.000Z');
    expect(toInstant('2026-12-05', '19:00', 'Asia/Kolkata').toISOString()).toBe('2026-12-05T13:30:00.000Z');
  });
  it('refuses dates and times that do not exist', () => {
    expect(() => toInstant('2026-02-30', '19:00', 'America/Chicago')).toThrow();
    expect(() => toInstant('2026-12-05', '25:00', 'America/Chicago')).toThrow();
  });
  it('formats a local date the same wherever the viewer is', () => {
    expect(formatLocalDate('2026-12-05')).toBe('Sat, Dec 5, 2026');
    expect(formatLocalDate('not a date')).toBe('Date TBD');
  });
});
