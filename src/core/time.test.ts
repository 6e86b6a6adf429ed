import { describe, expect, it } from 'vitest';
import { endsNextDay, formatTimeRange, todayIn, toInstant, zoneAbbreviation } from './time.ts';

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
});
