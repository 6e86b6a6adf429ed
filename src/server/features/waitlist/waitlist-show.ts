import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { joinShow, showName } from '../../db/gig-show.ts';
import { gigs, regions, venueProfiles } from '../../db/schema.ts';

/** A waitlist link's secret: 192 random bits, URL-safe. Only its SHA-256 is stored. */
export const newSecret = () => randomBytes(24).toString('base64url');
export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export type WaitlistShow = { showName: string; venueName: string; localDate: string; startTime: string; endTime: string; timeZone: string };

/** The gig as the waitlist's e-mails and pages name it. */
export async function findWaitlistShow(db: DbOrTx, gigId: string): Promise<WaitlistShow | null> {
  const query = db
    .select({ showName, venueName: venueProfiles.name, localDate: gigs.localDate, startTime: gigs.startTime, endTime: gigs.endTime, timeZone: regions.timeZone })
    .from(gigs)
    .$dynamic();
  const [show] = await joinShow(query).where(eq(gigs.id, gigId));
  return show ?? null;
}

/** "Fri, Dec 4, 2026, 8:00 PM - 11:00 PM CST" */
export const describeWhen = (show: WaitlistShow) => `${formatLocalDate(show.localDate)}, ${formatTimeRange(show.localDate, show.startTime, show.endTime, show.timeZone)}`;

/** An instant in the gig's zone, as an offer's deadline is told: "Fri, Dec 4, 6:30 PM CST". */
export const formatDeadline = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(instant);
