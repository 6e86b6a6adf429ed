import { eq, sql } from 'drizzle-orm';
import { managedArtistSchema, MUST_LOG_IN_TO_ADD_ARTIST, ONLY_MANAGERS_ADD_ARTISTS } from '../../../core/schemas/profiles.ts';
import { managedArtists } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { assertOwnImages } from './assert-own-images.ts';
import { toArtistColumns } from './update-managed-artist.ts';

/** Add artist (spec 2 §5): signed in, an artist manager, and a name; the artist goes last in the list. */
export async function addManagedArtist(services: Services, session: CurrentSession | null, body: unknown): Promise<{ index: number }> {
  if (!session) throw new AppError('UNAUTHENTICATED', MUST_LOG_IN_TO_ADD_ARTIST);
  if (session.user.role !== 'artist_manager') throw new AppError('FORBIDDEN', ONLY_MANAGERS_ADD_ARTISTS);
  const input = managedArtistSchema.parse(body);
  const managerId = session.user.id;
  const { db } = services;
  await assertOwnImages(services, managerId, [{ field: 'imageUrl', url: input.imageUrl }], []);
  return db.transaction(async (tx) => {
    // One manager's adds queue up here, so two at once never share a position.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`managed-artists:${managerId}`}))`);
    const [{ count, last }] = await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${managedArtists.position}), -1)::int` })
      .from(managedArtists)
      .where(eq(managedArtists.managerId, managerId)) as [{ count: number; last: number }];
    await tx.insert(managedArtists).values({ ...toArtistColumns(input), managerId, position: last + 1 });
    return { index: count };
  });
}
