import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
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

/** A song as the statement below hands it over: the sheet's own fields, and who wrote it and each slot. */
type StoredSong = { id: string; song: string; isEditable: boolean; createdBy: string | null; slots: { slot: JamSlot; name: string; userId: string | null }[] };

/**
 * The open-jam page (spec 1 §2, §7): upcoming sessions, soonest first, each with its songs in
 * sheet order (songOrder, then name) and who holds each slot. User ids never leave the server:
 * the viewer learns only which entries are its own. One statement however long the sheets are:
 * the database hands each session's songs and slots over as one JSON value (issue 22: every
 * viewer reloads the sheet at each change, and 1,000 songs read as rows took twice as long).
 */
export async function listJamSessions(db: DbOrTx, viewer: Pick<SessionUser, 'id' | 'role'> | null, { sessionId }: { sessionId?: string } = {}) {
  const where: SQL[] = [isUpcomingSession];
  if (sessionId) where.push(eq(jamSessions.id, sessionId));
  // Fragments of their own: drizzle leaves the columns of a one-table select's own fields
  // unqualified, and jam_songs' "id" would shadow the session's (see listManagedJamSessions).
  const slots = sql`(select coalesce(json_agg(json_build_object('slot', ${jamSongSlots.slot}, 'name', ${jamSongSlots.name}, 'userId', ${jamSongSlots.userId})), '[]')
    from ${jamSongSlots} where ${jamSongSlots.songId} = ${jamSongs.id})`;
  const songs = sql`coalesce((select json_agg(json_build_object('id', ${jamSongs.id}, 'song', ${jamSongs.song}, 'isEditable', ${jamSongs.isEditable}, 'createdBy', ${jamSongs.createdBy}, 'slots', ${slots})
      order by ${jamSongs.songOrder}, ${jamSongs.song}, ${jamSongs.createdAt})
    from ${jamSongs} where ${jamSongs.sessionId} = ${jamSessions.id}), '[]')`;
  const sessions = await db
    .select({
      id: jamSessions.id,
      localDate: jamSessions.localDate,
      location: jamSessions.location,
      timeStart: jamSessions.timeStart,
      timeEnd: jamSessions.timeEnd,
      timeZone: jamSessions.timeZone,
      houseBand: jamSessions.houseBand,
      venueId: jamSessions.venueId,
      songs: sql<StoredSong[]>`${songs}`,
    })
    .from(jamSessions)
    .where(and(...where))
    .orderBy(asc(jamSessions.localDate), asc(jamSessions.timeStart))
    .limit(20);

  const isViewer = (userId: string | null) => viewer !== null && userId === viewer.id;
  return sessions.map(({ venueId, songs, ...session }) => ({
    ...session,
    canModerate: canModerate(viewer, { venueId }),
    songs: songs.map((song): JamSongRow => {
      const cells = Object.fromEntries(JAM_SLOTS.map((slot) => [slot, null])) as Record<JamSlot, JamCell>;
      for (const slot of song.slots) cells[slot.slot] = { name: slot.name, isMine: isViewer(slot.userId) };
      return { id: song.id, song: song.song, isEditable: song.isEditable, isMine: isViewer(song.createdBy), cells };
    }),
  }));
}
export type JamSessionSheet = Awaited<ReturnType<typeof listJamSessions>>[number];
