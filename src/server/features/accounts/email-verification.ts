import { createEmailVerificationToken } from 'better-auth/api';
import { AppError } from '../../http/app-error.ts';
import { countHit } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { emailVerificationEmail } from '../../mail/emails/email-verification.ts';
import { welcomeEmail } from '../../mail/emails/welcome.ts';

/** D32: a verification link works for a day; following it again later changes nothing. */
export const EMAIL_VERIFICATION_EXPIRES_IN_SECONDS = 24 * 60 * 60;
/** D32: the links a signed-in account may ask for again in an hour (the one sent at registration is extra). */
export const VERIFICATION_EMAILS_PER_HOUR = 3;
/** Where the link lands, with `?error=` added by better-auth when the link is expired or not valid. */
export const EMAIL_CONFIRMED_PATH = '/email-confirmed';

/** What an unverified account is told where something matched by its e-mail address stays hidden (D32). */
export const CONFIRM_TO_SEE_TICKETS = 'Confirm your e-mail address to see tickets bought with it.';
export const CONFIRM_TO_CHOOSE_DIGEST = 'Confirm your e-mail address to choose whether it gets the weekly digest.';

/**
 * Mails the account a link that marks its address verified (better-auth's verify-email endpoint,
 * signed with the server's secret, bound to the account): at registration (`isWelcome`) inside
 * the welcome e-mail, else alone. The link travels as a secret, so outbox readers never see it.
 */
export async function sendVerificationEmail(services: Services, account: { id: string; email: string; name: string }, { isWelcome = false }: { isWelcome?: boolean } = {}): Promise<void> {
  const { secret } = await services.auth.$context;
  const token = await createEmailVerificationToken(secret, account.email, undefined, EMAIL_VERIFICATION_EXPIRES_IN_SECONDS, { userId: account.id });
  const landing = `${services.env.PUBLIC_URL}${EMAIL_CONFIRMED_PATH}`;
  const url = `${services.env.PUBLIC_URL}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(landing)}`;
  const hours = EMAIL_VERIFICATION_EXPIRES_IN_SECONDS / 3600;
  // Issue 34: at registration the link comes in the welcome, one e-mail with its button.
  const mail = await (isWelcome ? welcomeEmail({ name: account.name, hours, dashboardUrl: `${services.env.PUBLIC_URL}/dashboard` }) : emailVerificationEmail({ name: account.name, hours }));
  await services.mailer.send({ to: account.email, kind: 'email_verification', ...mail, secrets: { link: url } });
}

/** 'Send the link again' on the dashboard: a few times an hour per account, only while unverified. */
export async function resendVerificationEmail(services: Services, account: SessionUser): Promise<{ message: string }> {
  if (account.emailVerified) throw new AppError('CONFLICT', 'Your e-mail address is already confirmed.');
  if (services.isRateLimitEnabled && (await countHit(services.db, `verification-email:${account.id}`, 60 * 60 * 1000)) > VERIFICATION_EMAILS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 'We have sent you several links this hour. Please check your inbox and spam folder, or try again in an hour.');
  }
  await sendVerificationEmail(services, account);
  return { message: `We sent a new link to ${account.email}. It works for 24 hours.` };
}
