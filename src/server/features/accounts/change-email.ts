import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { changeEmailSchema, confirmEmailChangeSchema, EMAIL_CHANGE_EXPIRES_IN_HOURS } from '../../../core/schemas/account-settings.ts';
import { auditLog, user, verification } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { CurrentSession } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { emailChangeEmail } from '../../mail/emails/email-change.ts';
import { emailChangedNoticeEmail } from '../../mail/emails/email-changed-notice.ts';
import type { Services } from '../../services.ts';
import { verifyCurrentPassword } from './verify-current-password.ts';
import { refuseWhileImpersonating } from '../../http/session.ts';

/** Links to a new address an account may ask for in an hour (the mail goes to an address not yet proven). */
export const EMAIL_CHANGES_PER_HOUR = 3;
/** Where the link lands: a page with a button, so a mail scanner's visit changes nothing. */
export const CONFIRM_EMAIL_CHANGE_PATH = '/confirm-email-change';

const PREFIX = 'email-change:';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
type Pending = { userId: string; newEmail: string };

/**
 * Asks to move the account to another address (decision 40). Nothing changes yet: a link goes to
 * the new address, and only following it makes the change. The current password is needed. An
 * address that already has an account gets no mail, and the answer is the same, so this tells no
 * one who has an account. A newer request replaces older ones.
 */
export async function requestEmailChange(services: Services, session: CurrentSession, rawInput: unknown): Promise<{ message: string }> {
  refuseWhileImpersonating(session, 'change its e-mail address');
  const account = session.user;
  const input = parseInput(changeEmailSchema, rawInput);
  if (input.newEmail === account.email.toLowerCase()) {
    throw new AppError('VALIDATION', 'That is already your e-mail address.', { newEmail: 'That is already your e-mail address.' });
  }
  await limitHits(services, `email-change:${account.id}`, {
    windowMs: 60 * 60 * 1000,
    max: EMAIL_CHANGES_PER_HOUR,
    message: 'We have sent several links this hour. Please check that inbox and its spam folder, or try again in an hour.',
  });
  await verifyCurrentPassword(services, account.id, input.currentPassword);

  const message = `We sent a link to ${input.newEmail}. Your e-mail address changes when you follow it (within ${EMAIL_CHANGE_EXPIRES_IN_HOURS} hours); until then, sign in with ${account.email}.`;
  const [taken] = await services.db.select({ id: user.id }).from(user).where(eq(user.email, input.newEmail));
  await services.db.transaction(async (tx) => {
    await tx.delete(verification).where(and(like(verification.identifier, `${PREFIX}%`), sql`${verification.value}::jsonb->>'userId' = ${account.id}`));
    if (taken) return;
    const token = randomBytes(32).toString('base64url');
    const pending: Pending = { userId: account.id, newEmail: input.newEmail };
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `${PREFIX}${hashToken(token)}`,
      value: JSON.stringify(pending),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_EXPIRES_IN_HOURS * 60 * 60 * 1000),
    });
    const link = `${services.env.PUBLIC_URL}${CONFIRM_EMAIL_CHANGE_PATH}?token=${token}`;
    const mail = await emailChangeEmail({ name: account.name, newEmail: input.newEmail, hours: EMAIL_CHANGE_EXPIRES_IN_HOURS });
    await services.mailer.send({ to: input.newEmail, kind: 'email_change', ...mail, secrets: { link } }, tx);
  });
  return { message };
}

const LINK_NOT_VALID = 'This link is not valid or has expired. Ask for a new one from your account settings.';

/**
 * Following the link: the account's address becomes the new one, verified (the link reached it),
 * in one transaction with the audit row and a notice to the old address. The token is the key;
 * it works once, from any browser.
 */
export async function confirmEmailChange(services: Pick<Services, 'db' | 'mailer'>, rawInput: unknown): Promise<{ message: string; email: string }> {
  const { token } = parseInput(confirmEmailChangeSchema, rawInput);
  try {
    return await services.db.transaction(async (tx) => {
      const [row] = await tx.delete(verification).where(eq(verification.identifier, `${PREFIX}${hashToken(token)}`)).returning();
      if (!row || row.expiresAt.getTime() < Date.now()) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
      const pending = JSON.parse(row.value) as Pending;
      const [owner] = await tx.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, pending.userId)).for('update');
      if (!owner) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
      const [taken] = await tx.select({ id: user.id }).from(user).where(and(eq(user.email, pending.newEmail), ne(user.id, owner.id)));
      if (taken) throw new AppError('CONFLICT', 'That address now belongs to another Marquee account, so it cannot be yours. Your address has not changed.');
      await tx.update(user).set({ email: pending.newEmail, emailVerified: true, updatedAt: new Date() }).where(eq(user.id, owner.id));
      await tx.insert(auditLog).values({ actorId: owner.id, action: 'account.email_changed', targetId: owner.id, details: { from: owner.email, to: pending.newEmail } });
      await services.mailer.send({ to: owner.email, kind: 'email_changed', ...(await emailChangedNoticeEmail({ name: owner.name, newEmail: pending.newEmail })) }, tx);
      return { message: `Your e-mail address is now ${pending.newEmail}. Sign in with it from now on.`, email: pending.newEmail };
    });
  } catch (error) {
    // Someone registered the address between our check and the update.
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'That address now belongs to another Marquee account, so it cannot be yours. Your address has not changed.');
    }
    throw error;
  }
}
