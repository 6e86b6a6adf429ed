import { and, eq, sql } from 'drizzle-orm';
import { JAM_FIELD_LABELS, JAM_FIELDS, JAM_MESSAGES, jamCellSchema, type JamField } from '../../../core/schemas/jam.ts';
import type { Db } from '../../db/client.ts';
import { jamSessions, jamSongs, jamSongSlots } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { publishChange } from '../live/live-events.ts';
import { canModerate, isUpcomingSession } from './list-jam-sessions.ts';
import { isUuid } from '../../../core/ids.ts';

export type CellWrite = { message: string; isSongRemoved?: boolean };

const changedMeanwhile = () => new AppError('CONFLICT', JAM_MESSAGES.changedMeanwhile);

/**
 * One cell of the jam sheet written by a signed-in user (spec 1 §4, §5; D22). Every rule is the
 * server's: a slot is taken only when empty or already the writer's, a song name changed only by
 * its creator on an editable row, slots need a song name first. Each write is a compare-and-set
 * on the value the writer saw (`expected`): of two people writing one cell at once exactly one
 * succeeds, and the other is told the cell changed instead of silently overwriting it. Admins and
 * the session's venue may change or clear any entry. Open pages are told at commit.
 */
export async function writeJamCell(db: Db, user: Pick<SessionUser, 'id' | 'role'>, songId: string, field: string, rawInput: unknown): Promise<CellWrite> {
  if (!(JAM_FIELDS as readonly string[]).includes(field)) throw new AppError('NOT_FOUND', 'That column is not on the sheet.');
  if (!isUuid(songId)) throw new AppError('NOT_FOUND', 'That song is no longer on the sheet.');
  const { value, expected } = parseInput(jamCellSchema, rawInput);
  const column = field as JamField;

  return db.transaction(async (tx) => {
    // A slot write holds the song row FOR SHARE (slots of one song are written side by side), so
    // the row cannot be renamed or deleted under it; a song-name write holds it FOR UPDATE.
    const [row] = await tx
      .select({ song: jamSongs, venueId: jamSessions.venueId, isUpcoming: isUpcomingSession })
      .from(jamSongs)
      .innerJoin(jamSessions, eq(jamSessions.id, jamSongs.sessionId))
      .where(eq(jamSongs.id, songId))
      .for(column === 'song' ? 'update' : 'share', { of: jamSongs });
    if (!row) throw new AppError('NOT_FOUND', 'That song is no longer on the sheet.');
    if (!row.isUpcoming) throw new AppError('CONFLICT', JAM_MESSAGES.sessionOver);
    const { song } = row;
    const isModerator = canModerate(user, row);
    let result: CellWrite;

    if (column === 'song') {
      if (!isModerator) {
        if (!song.isEditable) throw new AppError('FORBIDDEN', value === '' ? JAM_MESSAGES.songNotDeletable : JAM_MESSAGES.songNotEditable);
        if (song.createdBy !== user.id) throw new AppError('FORBIDDEN', JAM_MESSAGES.notYourSong);
      }
      if (value === '') {
        const [hasData] = await tx.select({ slot: jamSongSlots.slot }).from(jamSongSlots).where(eq(jamSongSlots.songId, songId)).limit(1);
        if (hasData) throw new AppError('CONFLICT', JAM_MESSAGES.songHasData);
        const [removed] = await tx.delete(jamSongs).where(and(eq(jamSongs.id, songId), eq(jamSongs.song, expected))).returning({ id: jamSongs.id });
        if (!removed) throw changedMeanwhile();
        result = { message: JAM_MESSAGES.songRemoved, isSongRemoved: true };
      } else {
        const [renamed] = await tx
          .update(jamSongs)
          .set({ song: value, version: sql`${jamSongs.version} + 1`, updatedAt: new Date() })
          .where(and(eq(jamSongs.id, songId), eq(jamSongs.song, expected)))
          .returning({ id: jamSongs.id });
        if (!renamed) throw changedMeanwhile();
        result = { message: `Song name updated to "${value}"` };
      }
    } else {
      if (song.song === '') throw new AppError('CONFLICT', JAM_MESSAGES.songNameFirst);
      const [current] = await tx.select().from(jamSongSlots).where(and(eq(jamSongSlots.songId, songId), eq(jamSongSlots.slot, column)));
      if ((current?.name ?? '') !== expected) throw changedMeanwhile();
      if (current && current.userId !== user.id && !isModerator) throw new AppError('FORBIDDEN', JAM_MESSAGES.slotTaken);
      const label = JAM_FIELD_LABELS[column];

      if (value === '') {
        if (!current) return { message: 'Nothing to remove.' };
        const [removed] = await tx
          .delete(jamSongSlots)
          .where(and(eq(jamSongSlots.songId, songId), eq(jamSongSlots.slot, column), eq(jamSongSlots.name, expected)))
          .returning({ name: jamSongSlots.name });
        if (!removed) throw changedMeanwhile();
        result = { message: `Removed from ${label} on "${song.song}"` };
      } else if (!current) {
        // Claiming an empty slot: of any number of simultaneous claims, one insert lands.
        const [claimed] = await tx.insert(jamSongSlots).values({ songId, slot: column, name: value, userId: user.id }).onConflictDoNothing().returning({ name: jamSongSlots.name });
        if (!claimed) throw changedMeanwhile();
        result = { message: JAM_MESSAGES.signedUp };
      } else {
        const [updated] = await tx
          .update(jamSongSlots)
          .set({ name: value, updatedAt: new Date(), ...(isModerator ? {} : { userId: user.id }) })
          .where(and(eq(jamSongSlots.songId, songId), eq(jamSongSlots.slot, column), eq(jamSongSlots.name, expected)))
          .returning({ name: jamSongSlots.name });
        if (!updated) throw changedMeanwhile();
        result = { message: JAM_MESSAGES.signedUp };
      }
    }
    await publishChange(tx, 'jam', song.sessionId);
    return result;
  });
}
