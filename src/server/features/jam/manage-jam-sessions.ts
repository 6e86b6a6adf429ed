import { and, count, desc, eq, gte } from 'drizzle-orm';
import { jamSessionSchema } from '../../../core/schemas/jam.ts';
import { todayIn } from '../../../core/time.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, jamSessions, jamSongs, regions, user as users, venueProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { publishChange } from '../live/live-events.ts';
import { isUuid } from '../../../core/ids.ts';

type Manager = Pick<SessionUser, 'id' | 'role'>;
const NOT_FOUND = 'That jam session was not found.';
const checkSessionId = (id: string) => {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
};

/** Admins manage every session; a venue only its own (D22). */
const managedBy = (manager: Manager) => (manager.role === 'admin' ? undefined : eq(jamSessions.venueId, manager.id));

/** The dashboard's list: the manager's sessions from a week ago on, soonest first, with their song counts. */
export async function listManagedJamSessions(db: Db, manager: Manager) {
  const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const [sessions, regionList] = await Promise.all([
    db
      .select({
        id: jamSessions.id,
        regionSlug: jamSessions.regionSlug,
        localDate: jamSessions.localDate,
        location: jamSessions.location,
        timeStart: jamSessions.timeStart,
        timeEnd: jamSessions.timeEnd,
        timeZone: jamSessions.timeZone,
        houseBand: jamSessions.houseBand,
        // A join, not a correlated subquery: in a subquery drizzle leaves column names unqualified,
        // and jam_songs' own "id" shadowed the session's, so every sheet counted 0 songs (issue 21).
        songCount: count(jamSongs.id),
      })
      .from(jamSessions)
      .leftJoin(jamSongs, eq(jamSongs.sessionId, jamSessions.id))
      .where(and(managedBy(manager), gte(jamSessions.localDate, weekAgo)))
      .groupBy(jamSessions.id)
      .orderBy(desc(jamSessions.localDate))
      .limit(100),
    db.select({ slug: regions.slug, name: regions.name }).from(regions).orderBy(regions.sortOrder),
  ]);
  return { sessions, regions: manager.role === 'admin' ? regionList : [] };
}

/** Where a session is: a venue's own region and, unless typed, its name and address; an admin's choice. */
async function placeOf(db: Db, manager: Manager, regionSlug: string | undefined) {
  if (manager.role === 'venue') {
    const [venue] = await db
      .select({ regionSlug: regions.slug, timeZone: regions.timeZone, name: venueProfiles.name, address: venueProfiles.address })
      .from(users)
      .innerJoin(regions, eq(regions.slug, users.location))
      .leftJoin(venueProfiles, eq(venueProfiles.userId, users.id))
      .where(eq(users.id, manager.id));
    if (!venue) throw new AppError('NOT_FOUND', 'Your venue was not found.');
    return { ...venue, venueId: manager.id };
  }
  const [region] = await db.select({ regionSlug: regions.slug, timeZone: regions.timeZone }).from(regions).where(eq(regions.slug, regionSlug ?? ''));
  if (!region) throw new AppError('VALIDATION', 'Please choose the region.', { regionSlug: 'Please choose the region.' });
  return { ...region, venueId: null, name: null, address: null };
}

function checkDate(localDate: string, timeZone: string) {
  if (localDate < todayIn(timeZone)) throw new AppError('VALIDATION', 'Please choose today or a later date.', { localDate: 'Please choose today or a later date.' });
}

export async function createJamSession(db: Db, manager: Manager, rawInput: unknown) {
  const input = parseInput(jamSessionSchema, rawInput);
  const place = await placeOf(db, manager, input.regionSlug);
  checkDate(input.localDate, place.timeZone);
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(jamSessions)
      .values({
        regionSlug: place.regionSlug,
        venueId: place.venueId,
        localDate: input.localDate,
        location: input.location,
        timeStart: input.timeStart,
        timeEnd: input.timeEnd,
        timeZone: place.timeZone,
        houseBand: input.houseBand,
        createdBy: manager.id,
      })
      .returning({ id: jamSessions.id });
    await publishChange(tx, 'jam', session!.id);
    return { id: session!.id, message: 'Jam session created.' };
  });
}

export async function updateJamSession(db: Db, manager: Manager, sessionId: string, rawInput: unknown) {
  checkSessionId(sessionId);
  const input = parseInput(jamSessionSchema, rawInput);
  const [existing] = await db.select().from(jamSessions).where(and(eq(jamSessions.id, sessionId), managedBy(manager)));
  if (!existing) throw new AppError('NOT_FOUND', NOT_FOUND);
  const place = manager.role === 'admin' ? await placeOf(db, manager, input.regionSlug ?? existing.regionSlug) : { regionSlug: existing.regionSlug, timeZone: existing.timeZone };
  if (input.localDate !== existing.localDate) checkDate(input.localDate, place.timeZone);
  await db.transaction(async (tx) => {
    await tx
      .update(jamSessions)
      .set({ regionSlug: place.regionSlug, timeZone: place.timeZone, localDate: input.localDate, location: input.location, timeStart: input.timeStart, timeEnd: input.timeEnd, houseBand: input.houseBand, updatedAt: new Date() })
      .where(eq(jamSessions.id, sessionId));
    await publishChange(tx, 'jam', sessionId);
  });
  return { message: 'Jam session updated.' };
}

/** Deleting a session deletes its sheet; an admin's deletion of a venue's session is audited. */
export async function deleteJamSession(db: Db, manager: Manager, sessionId: string) {
  checkSessionId(sessionId);
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(jamSessions).where(and(eq(jamSessions.id, sessionId), managedBy(manager))).returning();
    if (!deleted) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (manager.role === 'admin') await tx.insert(auditLog).values({ actorId: manager.id, action: 'jam.session_deleted', targetId: sessionId, details: { localDate: deleted.localDate, location: deleted.location } });
    await publishChange(tx, 'jam', sessionId);
  });
  return { message: 'Jam session deleted.' };
}

/** The location a venue's form starts with. */
export async function defaultJamLocation(db: Db, manager: Manager) {
  if (manager.role !== 'venue') return '';
  const [venue] = await db.select({ name: venueProfiles.name, address: venueProfiles.address }).from(venueProfiles).where(eq(venueProfiles.userId, manager.id));
  return venue ? [venue.name, venue.address].filter(Boolean).join(', ') : '';
}
