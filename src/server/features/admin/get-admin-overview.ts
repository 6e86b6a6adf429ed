import { count, desc, eq, sql } from 'drizzle-orm';
import { todayIn } from '../../../core/time.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, gigs, regions, user, venueProfiles } from '../../db/schema.ts';

/** Admin dashboard: platform counts, every user and every gig (spec 2 §2 Admin dashboard). */
export async function getAdminOverview(db: Db) {
  const [usersByRole, [gigCounts], users, gigList] = await Promise.all([
    db.select({ role: user.role, n: count() }).from(user).groupBy(user.role),
    db
      .select({
        total: count(),
        approved: sql<number>`count(*) filter (where ${gigs.isApproved})`.mapWith(Number),
        upcoming: sql<number>`count(*) filter (where ${gigs.localDate} >= ${todayIn('America/Chicago')})`.mapWith(Number),
      })
      .from(gigs),
    db
      .select({ id: user.id, email: user.email, name: user.name, role: user.role, location: user.location, createdAt: user.createdAt })
      .from(user)
      .orderBy(desc(user.createdAt)),
    db
      .select({
        id: gigs.id,
        localDate: gigs.localDate,
        startTime: gigs.startTime,
        isApproved: gigs.isApproved,
        isTicketed: gigs.isTicketed,
        ticketsSold: gigs.ticketsSold,
        venueName: venueProfiles.name,
        bandName: bandProfiles.name,
        regionName: regions.name,
      })
      .from(gigs)
      .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
      .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
      .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
      .orderBy(desc(gigs.localDate)),
  ]);
  return {
    counts: {
      users: users.length,
      usersByRole: Object.fromEntries(usersByRole.map((r) => [r.role, r.n])),
      gigs: gigCounts?.total ?? 0,
      approvedGigs: gigCounts?.approved ?? 0,
      upcomingGigs: gigCounts?.upcoming ?? 0,
    },
    users,
    gigs: gigList,
  };
}
