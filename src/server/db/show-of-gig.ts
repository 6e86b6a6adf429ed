import { eq, sql } from 'drizzle-orm';
import { formatLocalDate, formatTimeRange } from '../../core/time.ts';
import type { DbOrTx } from './client.ts';
import { joinShow, showColumns } from './gig-show.ts';
import { gigs, user } from './schema.ts';

/**
 * A gig's show as e-mails name it ("The Velvet Static at The Lantern Room, Fri, Dec 4, 8:00 PM –
 * 11:00 PM") and its organiser's address (D10: its promoter, else its venue): what the refund
 * e-mails say (issue 34). Null for a gig that does not exist.
 */
export async function findShowOfGig(db: DbOrTx, gigId: string) {
  const query = db
    .select({ ...showColumns, organiserEmail: user.email })
    .from(gigs)
    .innerJoin(user, eq(user.id, sql`coalesce(${gigs.promoterId}, ${gigs.venueId})`))
    .$dynamic();
  const [row] = await joinShow(query).where(eq(gigs.id, gigId));
  return row ? { showName: row.showName, venueName: row.venueName, organiserEmail: row.organiserEmail, when: `${formatLocalDate(row.localDate)}, ${formatTimeRange(row.localDate, row.startTime, row.endTime, row.timeZone)}` } : null;
}
