import { DateTime } from 'luxon';

/** The absolute instant of a local date and HH:MM time in an IANA zone (D8). */
export function toInstant(localDate: string, time: string, timeZone: string): Date {
  const dt = DateTime.fromISO(`${localDate}T${time}`, { zone: timeZone });
  if (!dt.isValid) throw new Error(`Invalid local date/time ${localDate} ${time} in ${timeZone}`);
  return dt.toJSDate();
}

/** Today's date (YYYY-MM-DD) in a zone: "today or later" is decided in the gig's zone (D8). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? '';
}

/** The zone abbreviation in force on a date, e.g. CST or CDT (D7). */
export function zoneAbbreviation(localDate: string, time: string, timeZone: string): string {
  return DateTime.fromISO(`${localDate}T${time}`, { zone: timeZone }).toFormat('ZZZZ');
}

/** "7:00 PM" from "19:00". */
export function formatClock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** "7:00 PM - 10:00 PM CST", with the abbreviation for that date in the gig's zone (D7). */
export function formatTimeRange(localDate: string, start: string, end: string, timeZone: string): string {
  return `${formatClock(start)} - ${formatClock(end)} ${zoneAbbreviation(localDate, start, timeZone)}`;
}

/** "Sat, Dec 5, 2026" from "2026-12-05", independent of the viewer's own zone. */
export function formatLocalDate(localDate: string): string {
  const dt = DateTime.fromISO(localDate, { zone: 'UTC' });
  return dt.isValid ? dt.toFormat('ccc, LLL d, yyyy') : 'Date TBD';
}

/** True when an end time earlier than the start means the show runs past midnight (D8). */
export function endsNextDay(start: string, end: string): boolean {
  return end < start;
}
