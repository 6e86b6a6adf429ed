import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { bandFollowers, bandProfiles } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { followConfirmationEmail } from '../../mail/emails/follow-confirmation.ts';

export type FollowResult = { success: true; message: string };

const HOUR_MS = 60 * 60 * 1000;
/** Follow requests one client address may make in an hour. */
export const FOLLOWS_PER_ADDRESS_PER_HOUR = 10;
/** Confirmation e-mails one inbox may receive in a day; while one is pending, no other is sent. */
const CONFIRMATIONS_PER_EMAIL_PER_DAY = 3;
const PENDING_CONFIRMATION_MS = 24 * HOUR_MS;

const newToken = () => randomBytes(24).toString('base64url');

/**
 * D19 with double opt-in (issue 7): the follow is recorded as pending and a confirmation e-mail
 * goes out; the follower counts only once its link is opened. While an address has a
 * confirmation pending, further follows join it without another e-mail, so nobody can make
 * Marquee flood an inbox, and each client address may ask only so often.
 */
export async function followBand({ db, mailer, env }: Services, bandId: string, email: string, requestIp: string | null): Promise<FollowResult> {
  const [band] = await db.select({ id: bandProfiles.userId, name: bandProfiles.name }).from(bandProfiles).where(eq(bandProfiles.userId, bandId));
  if (!band) throw new AppError('NOT_FOUND', 'That band does not exist.');
  const now = new Date();
  const pendingMessage = { success: true as const, message: `Almost there: check your inbox to confirm you're following ${band.name}.` };

  if (requestIp) {
    const [recent] = await db
      .select({ n: count() })
      .from(bandFollowers)
      .where(and(eq(bandFollowers.requestIp, requestIp), gt(bandFollowers.requestedAt, new Date(now.getTime() - HOUR_MS))));
    if ((recent?.n ?? 0) >= FOLLOWS_PER_ADDRESS_PER_HOUR) {
      throw new AppError('RATE_LIMITED', 'Too many follow requests from here. Please try again in an hour.');
    }
  }

  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(bandFollowers).where(and(eq(bandFollowers.bandId, bandId), eq(bandFollowers.email, email)));
    if (existing?.confirmedAt && !existing.unsubscribedAt) return { success: true, message: `You're already following ${band.name}.` };

    const [pending] = await tx
      .select({ n: count() })
      .from(bandFollowers)
      .where(
        and(
          eq(bandFollowers.email, email),
          isNull(bandFollowers.confirmedAt),
          isNull(bandFollowers.unsubscribedAt),
          gt(bandFollowers.confirmationSentAt, new Date(now.getTime() - PENDING_CONFIRMATION_MS)),
        ),
      );
    const [sentToday] = await tx
      .select({ n: count() })
      .from(bandFollowers)
      .where(and(eq(bandFollowers.email, email), gt(bandFollowers.confirmationSentAt, new Date(now.getTime() - PENDING_CONFIRMATION_MS))));
    const isMailDue = (pending?.n ?? 0) === 0 && (sentToday?.n ?? 0) < CONFIRMATIONS_PER_EMAIL_PER_DAY;

    const confirmToken = isMailDue ? newToken() : null;
    const pendingFields = { unsubscribedAt: null, confirmedAt: null, requestIp, requestedAt: now, ...(isMailDue ? { confirmToken, confirmationSentAt: now } : {}) };
    const [row] = existing
      ? await tx.update(bandFollowers).set(pendingFields).where(eq(bandFollowers.id, existing.id)).returning()
      : await tx.insert(bandFollowers).values({ bandId, email, unsubscribeToken: newToken(), ...pendingFields }).returning();
    if (isMailDue && row) {
      const confirmUrl = `${env.PUBLIC_URL}/follow/confirm?token=${encodeURIComponent(confirmToken!)}`;
      const unsubscribeUrl = `${env.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(row.unsubscribeToken)}`;
      await mailer.send(
        { to: email, kind: 'follow_confirmation', ...(await followConfirmationEmail({ bandName: band.name })), secrets: { link: confirmUrl, unsubscribe: unsubscribeUrl } },
        tx,
      );
    }
    return pendingMessage;
  });
}

/** The link in the confirmation e-mail: confirms every follow the address has pending. Idempotent. */
export async function confirmFollow({ db }: Services, token: string): Promise<{ bandNames: string[] }> {
  return db.transaction(async (tx) => {
    const [origin] = await tx.select({ email: bandFollowers.email }).from(bandFollowers).where(eq(bandFollowers.confirmToken, token));
    if (!origin) throw new AppError('NOT_FOUND', 'This confirmation link is not valid.');
    await tx
      .update(bandFollowers)
      .set({ confirmedAt: new Date() })
      .where(and(eq(bandFollowers.email, origin.email), isNull(bandFollowers.confirmedAt), isNull(bandFollowers.unsubscribedAt)));
    const rows = await tx
      .select({ name: bandProfiles.name })
      .from(bandFollowers)
      .innerJoin(bandProfiles, eq(bandProfiles.userId, bandFollowers.bandId))
      .where(and(eq(bandFollowers.email, origin.email), isNotNull(bandFollowers.confirmedAt), isNull(bandFollowers.unsubscribedAt)));
    return { bandNames: rows.map((r) => r.name).sort() };
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
