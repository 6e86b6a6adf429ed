// Dates and zones with the platform's own Intl (no library): the browser needs no date code on
// public pages, and server and client share these few functions.

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading of an instant in a zone, as if it were UTC (milliseconds). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of partsFormat(timeZone).formatToParts(instantMs)) parts[type] = Number(value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour! % 24, parts.minute, parts.second);
}

const offsetMs = (instantMs: number, timeZone: string) => wallClockMs(instantMs, timeZone) - Math.floor(instantMs / 1000) * 1000;

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{2}):(\d{2})$/;

/** The absolute instant of a local date and HH:MM time in an IANA zone (D8). */
export function toInstant(localDate: string, time: string, timeZone: string): Date {
  const d = LOCAL_DATE.exec(localDate);
  const t = LOCAL_TIME.exec(time);
  const local = d && t ? Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])) : NaN;
  if (!d || !t || Number.isNaN(local) || new Date(local).toISOString().slice(0, 10) !== localDate || Number(t[1]) > 23 || Number(t[2]) > 59) {
    throw new Error(`Invalid local date/time ${localDate} ${time} in ${timeZone}`);
  }
  // The zone's offset at a first guess, corrected for a DST change in between. An ambiguous time
  // (clocks going back) is its first occurrence; a time in the spring-forward gap moves forward by
  // the gap, as clocks do.
  const o1 = offsetMs(local, timeZone);
  let instant = local - o1;
  const o2 = offsetMs(instant, timeZone);
  if (o2 !== o1) {
    instant -= o2 - o1;
    const o3 = offsetMs(instant, timeZone);
    if (o3 !== o2) instant = local - Math.min(o2, o3);
  }
  return new Date(instant);
}

/** Today's date (YYYY-MM-DD) in a zone: "today or later" is decided in the gig's zone (D8). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Date(wallClockMs(now.getTime(), timeZone)).toISOString().slice(0, 10);
}

const abbreviationFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone abbreviation in force on a date, e.g. CST or CDT (D7). */
export function zoneAbbreviation(localDate: string, time: string, timeZone: string): string {
  let format = abbreviationFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    abbreviationFormats.set(timeZone, format);
  }
  return format.formatToParts(toInstant(localDate, time, timeZone)).find((p) => p.type === 'timeZoneName')?.value ?? '';
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

const localDateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** "Sat, Dec 5, 2026" from "2026-12-05", independent of the viewer's own zone. */
export function formatLocalDate(localDate: string): string {
  const match = LOCAL_DATE.exec(localDate);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  return date && date.toISOString().slice(0, 10) === localDate ? localDateFormat.format(date) : 'Date TBD';
}

/** True when an end time earlier than the start means the show runs past midnight (D8). */
export function endsNextDay(start: string, end: string): boolean {
  return end < start;
}
