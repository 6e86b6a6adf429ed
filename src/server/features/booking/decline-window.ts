import { sql, type SQL } from 'drizzle-orm';

/**
 * D34: a band booked with 'Band already Chosen' may decline for this long before the gig is told
 * to anyone beyond the organiser and the band: its followers' e-mails, the fediverse (the venue's
 * Create, the band's and region's boosts) and the organiser's `gig.published` webhook (issue 33).
 */
export const FOLLOWER_MAIL_WAIT_HOURS = 24;

/** True while the gig's pre-picked band (not declined) is still within its window at `now` (an SQL timestamptz). */
export const bandMayStillDecline = (gigId: SQL | SQL.Aliased, now: SQL = sql`now()`) =>
  sql`exists (select 1 from band_bookings bb where bb.gig_id = ${gigId} and bb.declined_at is null and bb.created_at > ${now} - make_interval(hours => ${FOLLOWER_MAIL_WAIT_HOURS}))`;
