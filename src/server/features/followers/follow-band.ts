import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { bandFollowers, bandProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { followConfirmationEmail } from '../../mail/templates.ts';

export type FollowResult = { success: true; message: string };

/**
 * D19: records the follower (once per band and address), and sends a confirmation with an
 * unsubscribe link. Following again after unsubscribing re-activates the same record.
 */
export async function followBand({ db, mailer, env }: Services, bandId: string, email: string): Promise<FollowResult> {
  const [band] = await db.select({ id: bandProfiles.userId, name: bandProfiles.name }).from(bandProfiles).where(eq(bandProfiles.userId, bandId));
  if (!band) throw new AppError('NOT_FOUND', 'That band does not exist.');

  return db.transaction(async (tx) => {
    const token = randomBytes(24).toString('base64url');
    const [row] = await tx
      .insert(bandFollowers)
      .values({ bandId, email, unsubscribeToken: token })
      .onConflictDoUpdate({
        target: [bandFollowers.bandId, bandFollowers.email],
        set: { unsubscribedAt: null },
        setWhere: isNotNull(bandFollowers.unsubscribedAt),
      })
      .returning({ token: bandFollowers.unsubscribeToken });
    if (!row) return { success: true, message: `You're already following ${band.name}.` };
    const unsubscribeUrl = `${env.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(row.token)}`;
    await mailer.send({ to: email, kind: 'follow_confirmation', ...followConfirmationEmail({ bandName: band.name, unsubscribeUrl }) }, tx);
    return { success: true, message: `You're now following ${band.name}! Check your inbox.` };
  });
}

/** The unsubscribe link of every follow e-mail (D19). Idempotent. */
export async function unsubscribeFollower({ db }: Services, token: string): Promise<{ bandName: string }> {
  const [row] = await db
    .select({ id: bandFollowers.id, bandName: bandProfiles.name, unsubscribedAt: bandFollowers.unsubscribedAt })
    .from(bandFollowers)
    .innerJoin(bandProfiles, eq(bandProfiles.userId, bandFollowers.bandId))
    .where(eq(bandFollowers.unsubscribeToken, token));
  if (!row) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
  if (!row.unsubscribedAt) {
    await db.update(bandFollowers).set({ unsubscribedAt: new Date() }).where(and(eq(bandFollowers.id, row.id)));
  }
  return { bandName: row.bandName };
}
