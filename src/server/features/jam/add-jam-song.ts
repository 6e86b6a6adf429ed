import { and, eq, sql } from 'drizzle-orm';
import { JAM_MESSAGES } from '../../../core/schemas/jam.ts';
import { jamSessions, jamSongs } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import type { SessionUser } from '../../http/session.ts';
import { publishChange } from '../live/live-events.ts';
import { isUpcomingSession } from './list-jam-sessions.ts';
import { isUuid } from '../../../core/ids.ts';

const SONGS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

/**
 * 'Add First Song' and the new-row button (spec 1 §2): an empty, editable row at the end of the
 * sheet, created by the signed-in user, who then names it. At most 20 rows an hour per account
 * (issue 20: a script filled sheets with empty rows).
 */
export async function addJamSong(services: Pick<Services, 'db' | 'isRateLimitEnabled'>, user: Pick<SessionUser, 'id'>, sessionId: string) {
  const { db } = services;
  if (!isUuid(sessionId)) throw new AppError('NOT_FOUND', 'That jam session was not found.');
  await limitHits(services, `jam-song:${user.id}`, { windowMs: HOUR_MS, max: SONGS_PER_HOUR, message: 'Too many songs added in a short time. Please try again in an hour.' });
  return db.transaction(async (tx) => {
    const [session] = await tx.select({ isUpcoming: isUpcomingSession }).from(jamSessions).where(eq(jamSessions.id, sessionId));
    if (!session) throw new AppError('NOT_FOUND', 'That jam session was not found.');
    if (!session.isUpcoming) throw new AppError('CONFLICT', JAM_MESSAGES.sessionOver);
    const [song] = await tx
      .insert(jamSongs)
      .values({
        sessionId,
        song: '',
        isEditable: true,
        createdBy: user.id,
        songOrder: sql`(select coalesce(max(${jamSongs.songOrder}), -1) + 1 from ${jamSongs} where ${and(eq(jamSongs.sessionId, sessionId))})`,
      })
      .returning({ id: jamSongs.id });
    await publishChange(tx, 'jam', sessionId);
    return { songId: song!.id, message: JAM_MESSAGES.songAdded };
  });
}
