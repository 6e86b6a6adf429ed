import { toInstant, todayIn } from '../../../core/time.ts';

const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type DigestSchedule = { weekday: number; time: string };

/** 'MON 10:00' (the DIGEST_SCHEDULE setting) as a weekday (0 = Sunday) and HH:MM. */
export function parseDigestSchedule(value: string): DigestSchedule {
  const match = /^([A-Za-z]{3})\s+([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  const weekday = match ? DAYS.indexOf(match[1]!.toUpperCase() as (typeof DAYS)[number]) : -1;
  if (!match || weekday < 0) throw new Error(`DIGEST_SCHEDULE must look like "MON 10:00", not "${value}"`);
  return { weekday, time: `${match[2]}:${match[3]}` };
}

const addDays = (localDate: string, days: number) => {
  const d = new Date(`${localDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** How long after its send time a week's digest may still go out: the hour the job's four runs in it cover. */
export const DIGEST_SEND_WINDOW_MS = 60 * 60 * 1000;

/**
 * The digest week a moment falls in, in a region's zone (D30): the week starts on the schedule's
 * weekday, and its digest is due in the hour from that day's local send time, and only then
 * (issue 34): a first start, a restart or an import later in the week sends nothing until the
 * next send time. The instant is computed for that date in the zone, so 10:00 stays 10:00 across
 * a daylight-saving change.
 */
export function digestWeek(schedule: DigestSchedule, timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const weekStart = addDays(today, -((weekday - schedule.weekday + 7) % 7));
  const dueAt = toInstant(weekStart, schedule.time, timeZone);
  const isDue = now >= dueAt && now.getTime() < dueAt.getTime() + DIGEST_SEND_WINDOW_MS;
  return { weekStart, dueAt, isDue, today, lastDay: addDays(today, 6) };
}
