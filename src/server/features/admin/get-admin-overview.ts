import { count, sql } from 'drizzle-orm';
import { todayIn } from '../../../core/time.ts';
import type { Db } from '../../db/client.ts';
import { gigs, user } from '../../db/schema.ts';

/** Admin dashboard counts (spec 2 §2): users by role and gigs, from two aggregate queries. */
export async function getAdminOverview(db: Db) {
  const [usersByRole, [gigCounts]] = await Promise.all([
    db.select({ role: user.role, n: count() }).from(user).groupBy(user.role),
    db
      .select({
        total: count(),
        approved: sql<number>`count(*) filter (where ${gigs.isApproved})`.mapWith(Number),
        upcoming: sql<number>`count(*) filter (where ${gigs.localDate} >= ${todayIn('America/Chicago')})`.mapWith(Number),
      })
      .from(gigs),
  ]);
  return {
    counts: {
      users: usersByRole.reduce((sum, r) => sum + r.n, 0),
      usersByRole: Object.fromEntries(usersByRole.map((r) => [r.role, r.n])),
      gigs: gigCounts?.total ?? 0,
      approvedGigs: gigCounts?.approved ?? 0,
      upcomingGigs: gigCounts?.upcoming ?? 0,
    },
  };
}
