import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { DateTime } from 'luxon';
import type { PublicGig } from '../discovery/public-gigs.ts';

/** One show in a calendar: exact instants, shown in the zone when there is one. */
export type CalendarShow = {
  id: string;
  summary: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
  description?: string;
  url?: string;
};

/** The end instant of a show; an end time before the start means past midnight (D8). */
export function showEndsAt({ localDate, startTime, endTime, timeZone }: { localDate: string; startTime: string; endTime: string; timeZone: string }): Date {
  const startDay = DateTime.fromISO(localDate, { zone: timeZone });
  const day = endTime <= startTime ? startDay.plus({ days: 1 }) : startDay;
  const [h = 0, m = 0] = endTime.split(':').map(Number);
  return day.set({ hour: h, minute: m }).toJSDate();
}

/**
 * A calendar of shows. When every show shares one zone they carry it with a VTIMEZONE block;
 * otherwise (a band touring several zones) they get UTC times. Either way the instants are exact.
 */
function buildCalendar({ zone, shows, ...options }: { zone: string | null; shows: CalendarShow[]; name?: string; url?: string; method: ICalCalendarMethod; ttl?: number }): ICalCalendar {
  const calendar = ical({
    ...options,
    prodId: { company: 'Marquee', product: 'gigs', language: 'EN' },
    timezone: zone ? { name: zone, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null } : null,
  });
  for (const show of shows) {
    calendar.createEvent({
      id: `${show.id}@marquee`,
      start: zone ? DateTime.fromJSDate(show.startsAt, { zone }) : show.startsAt,
      end: zone ? DateTime.fromJSDate(show.endsAt, { zone }) : show.endsAt,
      timezone: zone,
      summary: show.summary,
      location: show.location,
      description: show.description,
      url: show.url,
    });
  }
  return calendar;
}

/** An instant as RFC 5545 writes a UTC DATE-TIME: 20261129T060358Z. */
const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * The calendar as RFC 5545 text (issue 35). With a calendar zone set, ical-generator writes each
 * DTSTAMP in the server's local time without 'Z' (§3.8.7.2 requires UTC), and adds a non-standard
 * TIMEZONE-ID line: the stamps are written here in UTC and that line is left out.
 */
function toIcs(calendar: ICalCalendar, now = new Date()): string {
  return calendar
    .toString()
    .replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${utcStamp(now)}`)
    .replace(/^TIMEZONE-ID:.*\r?\n/gm, '');
}

/** An iCalendar feed of upcoming approved gigs (beyond the spec: calendar apps subscribe to it). */
export function buildCalendarFeed({ name, url, gigs, siteUrl }: { name: string; url: string; gigs: PublicGig[]; siteUrl: (slug: string) => string }): string {
  const zones = new Set(gigs.map((g) => g.timeZone));
  const shows = gigs.map((gig) => ({
    id: gig.id,
    summary: gig.band ? `${gig.band.name} at ${gig.venue.name}` : `Live music at ${gig.venue.name}`,
    startsAt: new Date(gig.startsAt),
    endsAt: showEndsAt(gig),
    location: `${gig.venue.name}, ${gig.venue.address}`,
    description: [gig.description, gig.coverCharge ? `Cover: ${gig.coverCharge}` : ''].filter(Boolean).join('\n'),
    url: gig.band ? siteUrl(gig.band.slug) : undefined,
  }));
  return toIcs(buildCalendar({ name, url, zone: zones.size === 1 ? [...zones][0]! : null, shows, method: ICalCalendarMethod.PUBLISH, ttl: 60 * 60 }));
}

/** One show as an .ics file, in the show's own zone: the calendar entry sent with a ticket. */
export function buildShowInvite(show: CalendarShow & { timeZone: string }): string {
  return toIcs(buildCalendar({ zone: show.timeZone, shows: [show], method: ICalCalendarMethod.PUBLISH }));
}
