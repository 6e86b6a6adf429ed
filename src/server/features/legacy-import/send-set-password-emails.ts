import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { generateRandomString } from 'better-auth/crypto';
import { account, user } from '../../db/schema.ts';
import { setPasswordEmail } from '../../mail/emails/set-password.ts';
import type { Services } from '../../services.ts';

/** Longer than a reset link's hour: the e-mail arrives unasked, among the scene's move, and may wait a while. */
export const SET_PASSWORD_LINK_DAYS = 7;
const BATCH = 500;

/**
 * Issue 25: mails each imported account that has no password a link to choose one; run only when
 * the operator asks. The link is better-auth's own reset-password token (the verification row
 * `reset-password:<token>` that requestPasswordReset writes), made here rather than through
 * requestPasswordReset so it gets its own lifetime and e-mail without passing a flag through the
 * reset hook, and without spending the account's reset e-mails. Following it goes through the
 * same page and endpoint as a reset, which creates the credential account if there is none.
 * Admins (by role or ADMIN_EMAILS), banned accounts and accounts that have a password are skipped;
 * a second call mails a new link again.
 */
export async function sendSetPasswordEmails({ auth, db, mailer, env }: Pick<Services, 'auth' | 'db' | 'mailer' | 'env'>, userIds: string[]): Promise<{ sent: number; skipped: number }> {
  const context = await auth.$context;
  const ids = [...new Set(userIds)];
  let sent = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const people = await db.select({ id: user.id, name: user.name, email: user.email, role: user.role, banned: user.banned }).from(user).where(inArray(user.id, batch));
    const withPassword = await db
      .select({ userId: account.userId })
      .from(account)
      .where(and(inArray(account.userId, batch), eq(account.providerId, 'credential'), isNotNull(account.password)));
    const hasPassword = new Set(withPassword.map((row) => row.userId));
    for (const person of people) {
      const isAdmin = person.role === 'admin' || env.ADMIN_EMAILS.includes(person.email.toLowerCase());
      if (isAdmin || person.banned || hasPassword.has(person.id)) continue;
      const token = generateRandomString(24, 'a-z', 'A-Z', '0-9');
      await context.internalAdapter.createVerificationValue({
        value: person.id,
        identifier: `reset-password:${token}`,
        expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_DAYS * 24 * 60 * 60 * 1000),
      });
      const url = `${context.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent(`${env.PUBLIC_URL}/reset-password`)}`;
      await mailer.send({ to: person.email, kind: 'set_password', ...(await setPasswordEmail({ name: person.name, email: person.email, days: SET_PASSWORD_LINK_DAYS, url })) });
      sent += 1;
    }
  }
  return { sent, skipped: ids.length - sent };
}
