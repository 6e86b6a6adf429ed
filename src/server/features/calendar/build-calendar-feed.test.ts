// Issue 35, item 3: the feeds and a ticket's .ics as a real iCalendar parser (ical.js) reads them:
// DTSTAMP in UTC with its 'Z' (RFC 5545 §3.8.7.2), whatever the server's own zone; no TIMEZONE-ID
// line; each show's start and end the exact instants, in the show's zone.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { PublicGig } from '../../../core/public-pages.ts';
import { publicGig } from '../../../../tests/helpers/public-gig.ts';
import { buildCalendarFeed, buildShowInvite } from './build-calendar-feed.ts';

const gig = (over: Partial<PublicGig>) => publicGig({ coverCharge: '$10', ...over });

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}

describe('iCalendar output, as a parser reads it', () => {
  it('a feed in one zone: DTSTAMP in UTC, no TIMEZONE-ID, the show at its exact instants in its zone', () => {
    const before = Date.now();
    const ics = buildCalendarFeed({ name: 'The Velvet Static', url: 'https://marquee.test', gigs: [gig({})], siteUrl: (slug) => `https://${slug}.marquee.test` });
    expect(ics).not.toMatch(/^TIMEZONE-ID/m);
    expect(ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r?$/m);
    const event = new ICAL.Event(parse(ics).getFirstSubcomponent('vevent')!);
    const stamp = event.component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(Math.abs(stamp.toJSDate().getTime() - before)).toBeLessThan(60_000);
    expect(event.startDate.zone.tzid).toBe('America/Chicago');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T02:00:00.000Z');
    // 1 AM is the next day (D8).
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-05T07:00:00.000Z');
    expect(event.summary).toBe('The Velvet Static at The Lantern Room');
  });

  it('shows in several zones are written in UTC; a ticket’s invite carries its show’s zone', () => {
    const ics = buildCalendarFeed({
      name: 'On tour',
      url: 'https://marquee.test',
      gigs: [gig({}), gig({ id: '7d2f8e2a-1b2c-4d3e-8f40-5a6b7c8d9e02', timeZone: 'America/New_York', localDate: '2026-12-06', startsAt: '2026-12-07T01:00:00.000Z' })],
      siteUrl: (slug) => `https://${slug}.marquee.test`,
    });
    const starts = parse(ics).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c).startDate.toJSDate().toISOString());
    expect(starts).toEqual(['2026-12-05T02:00:00.000Z', '2026-12-07T01:00:00.000Z']);

    const invite = buildShowInvite({ id: 't1', summary: 'The Velvet Static at The Lantern Room', startsAt: new Date('2026-12-05T02:00:00Z'), endsAt: new Date('2026-12-05T05:00:00Z'), location: 'The Lantern Room', timeZone: 'America/Chicago' });
    const event = new ICAL.Event(parse(invite).getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone.tzid).toBe('America/Chicago');
    expect(event.startDate.toString()).toBe('2026-12-04T20:00:00');
    expect((event.component.getFirstPropertyValue('dtstamp') as ICAL.Time).zone).toBe(ICAL.Timezone.utcTimezone);
  });
});
