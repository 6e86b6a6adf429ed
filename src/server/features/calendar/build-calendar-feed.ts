import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { DateTime } from 'luxon';
import type { PublicGig } from '../discovery/public-gigs.ts';

/** The end instant of a gig; an end time before the start means past midnight (D8). */
function endOf(gig: PublicGig): Date {
  const startDay = DateTime.fromISO(gig.localDate, { zone: gig.timeZone });
  const day = gig.endTime <= gig.startTime ? startDay.plus({ days: 1 }) : startDay;
  const [h = 0, m = 0] = gig.endTime.split(':').map(Number);
  return day.set({ hour: h, minute: m }).toJSDate();
}

/**
 * An iCalendar feed of upcoming approved gigs (beyond the spec: calendar apps subscribe to it).
 * When every gig shares one zone (a region's or venue's feed) events carry it with a VTIMEZONE
 * block; a band touring several zones gets UTC times. Either way the instants are exact.
 */
export function buildCalendarFeed({ name, url, gigs, siteUrl }: { name: string; url: string; gigs: PublicGig[]; siteUrl: (slug: string) => string }): string {
  const zones = new Set(gigs.map((g) => g.timeZone));
  const zone = zones.size === 1 ? [...zones][0]! : null;
  const calendar = ical({
    name,
    url,
    prodId: { company: 'Marquee', product: 'gigs', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
    timezone: zone ? { name: zone, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null } : null,
  });
  for (const gig of gigs) {
    const title = gig.band ? `${gig.band.name} at ${gig.venue.name}` : `Live music at ${gig.venue.name}`;
    calendar.createEvent({
      id: `${gig.id}@marquee`,
      start: zone ? DateTime.fromJSDate(new Date(gig.startsAt), { zone }) : new Date(gig.startsAt),
      end: zone ? DateTime.fromJSDate(endOf(gig), { zone }) : endOf(gig),
      timezone: zone,
      summary: title,
      location: `${gig.venue.name}, ${gig.venue.address}`,
      description: [gig.description, gig.coverCharge ? `Cover: ${gig.coverCharge}` : ''].filter(Boolean).join('\n'),
      url: gig.band ? siteUrl(gig.band.slug) : undefined,
    });
  }
  return calendar.toString();
}
