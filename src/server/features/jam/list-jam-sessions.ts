import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { JAM_SLOTS, type JamSlot } from '../../../core/schemas/jam.ts';
import type { DbOrTx } from '../../db/client.ts';
import { jamSessions, jamSongs, jamSongSlots } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';

export type JamCell = { name: string; isMine: boolean } | null;
export type JamSongRow = { id: string; song: string; isEditable: boolean; isMine: boolean; cells: Record<JamSlot, JamCell> };

/** Sessions whose date has not passed in their own zone (D7, D8). */
export const isUpcomingSession = sql<boolean>`${jamSessions.localDate} >= (now() at time zone ${jamSessions.timeZone})::date`;

/** Admins and the session's own venue look after a sheet: they may change or clear any entry (D22). */
export const canModerate = (viewer: Pick<SessionUser, 'id' | 'role'> | null, session: { venueId: string | null }) =>
  viewer !== null && (viewer.role === 'admin' || (viewer.role === 'venue' && session.venueId === viewer.id));

/**
 * The open-jam page (spec 1 §2, §7): upcoming sessions, soonest first, each with its songs in
 * sheet order (songOrder, then name) and who holds each slot. User ids never leave the server:
 * the viewer learns only which entries are its own. Three queries however long the sheets are.
 */
export async function listJamSessions(db: DbOrTx, viewer: Pick<SessionUser, 'id' | 'role'> | null, { sessionId }: { sessionId?: string } = {}) {
  const where: SQL[] = [isUpcomingSession];
  if (sessionId) where.push(eq(jamSessions.id, sessionId));
  const sessions = await db
    .select()
    .from(jamSessions)
    .where(and(...where))
    .orderBy(asc(jamSessions.localDate), asc(jamSessions.timeStart))
    .limit(20);
  const ids = sessions.map((s) => s.id);
  const songs = ids.length
    ? await db
        .select()
        .from(jamSongs)
        .where(inArray(jamSongs.sessionId, ids))
        .orderBy(asc(jamSongs.songOrder), asc(jamSongs.song), asc(jamSongs.createdAt))
    : [];
  const slots = songs.length ? await db.select().from(jamSongSlots).where(inArray(jamSongSlots.songId, songs.map((s) => s.id))) : [];

  const cellsOf = new Map<string, Record<JamSlot, JamCell>>();
  for (const song of songs) cellsOf.set(song.id, Object.fromEntries(JAM_SLOTS.map((slot) => [slot, null])) as Record<JamSlot, JamCell>);
  for (const slot of slots) cellsOf.get(slot.songId)![slot.slot] = { name: slot.name, isMine: viewer !== null && slot.userId === viewer.id };

  return sessions.map((session) => ({
    id: session.id,
    localDate: session.localDate,
    location: session.location,
    timeStart: session.timeStart,
    timeEnd: session.timeEnd,
    timeZone: session.timeZone,
    houseBand: session.houseBand,
    canModerate: canModerate(viewer, session),
    songs: songs
      .filter((song) => song.sessionId === session.id)
      .map(
        (song): JamSongRow => ({
          id: song.id,
          song: song.song,
          isEditable: song.isEditable,
          isMine: viewer !== null && song.createdBy === viewer.id,
          cells: cellsOf.get(song.id)!,
        }),
      ),
  }));
}
export type JamSessionSheet = Awaited<ReturnType<typeof listJamSessions>>[number];
