import { randomUUID } from 'node:crypto';
import { toSiteSlug, toVenueSlug } from '../../src/core/slugs.ts';
import { todayIn, toInstant } from '../../src/core/time.ts';
import type { DbOrTx } from '../../src/server/db/client.ts';
import { bandMembers, bandProfiles, gigs, promoterProfiles, regions, rehearsalSpaceProfiles, user, venueProfiles } from '../../src/server/db/schema.ts';
import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';

type Role = typeof user.$inferInsert.role;

async function createUser(db: DbOrTx, role: Role, location = 'chicagoland', name = 'Someone') {
  const id = randomUUID();
  await db.insert(user).values({ id, name, email: `${role}-${id}@factory.test`, role, location, emailVerified: true });
  return id;
}

export async function createRegion(db: DbOrTx, over: Partial<typeof regions.$inferInsert> & { slug: string; timeZone: string }) {
  await db.insert(regions).values({ name: over.slug, path: `/${over.slug}`, sortOrder: 99, ...over });
  return over.slug;
}

export async function createVenue(db: DbOrTx, over: Partial<typeof venueProfiles.$inferInsert> & { location?: string } = {}) {
  const name = over.name ?? `Venue ${randomUUID().slice(0, 8)}`;
  const userId = await createUser(db, 'venue', over.location, name);
  await db.insert(venueProfiles).values({ address: '1 Main St, Chicago', ...over, userId, name, slug: over.slug ?? toVenueSlug(name) });
  return { id: userId, name, slug: over.slug ?? toVenueSlug(name) };
}

export async function createBand(db: DbOrTx, over: Partial<typeof bandProfiles.$inferInsert> & { location?: string; members?: { name: string; instrument: string }[] } = {}) {
  const name = over.name ?? `Band ${randomUUID().slice(0, 8)}`;
  const userId = await createUser(db, 'band', over.location, name);
  const slug = over.slug ?? toSiteSlug(name);
  await db.insert(bandProfiles).values({ description: 'A band.', genres: ['Rock'], ...over, userId, name, slug });
  if (over.members?.length) await db.insert(bandMembers).values(over.members.map((m, i) => ({ ...m, bandId: userId, position: i })));
  return { id: userId, name, slug };
}

export async function createPromoter(db: DbOrTx, over: Partial<typeof promoterProfiles.$inferInsert> = {}) {
  const name = over.name ?? `Promoter ${randomUUID().slice(0, 8)}`;
  const userId = await createUser(db, 'promoter', 'chicagoland', name);
  const slug = over.slug ?? toSiteSlug(name);
  await db.insert(promoterProfiles).values({ ...over, userId, name, slug });
  return { id: userId, name, slug };
}

export async function createRehearsalSpace(db: DbOrTx, over: Partial<typeof rehearsalSpaceProfiles.$inferInsert> = {}) {
  const userId = await createUser(db, 'rehearsal_space');
  await db.insert(rehearsalSpaceProfiles).values({ name: 'Room', address: '2 Side St', ...over, userId });
  return { id: userId };
}

/** A date relative to today in a zone: 0 is today there, -1 yesterday. */
export function dayIn(timeZone: string, offsetDays: number): string {
  return DateTime.fromISO(todayIn(timeZone), { zone: timeZone }).plus({ days: offsetDays }).toISODate()!;
}

export async function createGig(
  db: DbOrTx,
  over: Partial<typeof gigs.$inferInsert> & { venueId: string; localDate: string; regionSlug?: string },
) {
  const regionSlug = over.regionSlug ?? 'chicagoland';
  const [region] = await db.select({ timeZone: regions.timeZone }).from(regions).where(eq(regions.slug, regionSlug));
  const startTime = over.startTime ?? '19:00';
  const isApproved = over.isApproved ?? true;
  const [row] = await db
    .insert(gigs)
    .values({
      description: 'A night of music',
      endTime: '22:00',
      ...over,
      regionSlug,
      startTime,
      isApproved,
      status: isApproved ? 'confirmed' : 'open',
      startsAt: toInstant(over.localDate, startTime, region!.timeZone),
    })
    .returning({ id: gigs.id });
  return row!.id;
}
