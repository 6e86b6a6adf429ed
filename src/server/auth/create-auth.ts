import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { isGuessablePassword, WEAK_PASSWORD_MESSAGE } from '../features/accounts/password-strength.ts';
import { isResetEmailAllowed } from './account-guard.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../core/schemas/account.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { Mailer } from '../mail/send-mail.ts';
import { passwordResetEmail } from '../mail/emails/password-reset.ts';
import { EMAIL_VERIFICATION_EXPIRES_IN_SECONDS } from '../features/accounts/email-verification.ts';
import { LEGACY_PASSWORD_PREFIX } from '../features/legacy-import/legacy-password.ts';
import { upgradeLegacyPassword } from '../features/legacy-import/verify-legacy-password.ts';

export type AuthDeps = {
  db: Db;
  publicUrl: string;
  secret: string;
  adminEmails: string[];
  mailer: Mailer;
  /** Off in tests that sign in many times from one address. */
  isRateLimitEnabled?: boolean;
  signInPerMinute?: number;
};

export function createAuth({ db, publicUrl, secret, adminEmails, mailer, isRateLimitEnabled = true, signInPerMinute = 10 }: AuthDeps) {
  return betterAuth({
    appName: 'Marquee',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    // Only the main site: band and promoter subdomains are other origins (issue 7, finding 9).
    trustedOrigins: [new URL(publicUrl).origin],
    database: drizzleAdapter(db, { provider: 'pg', schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      // D4: a password reset ends the account's other sessions.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: {
        hash: hashPassword,
        // Issue 25: an imported account's old hash is checked once, then replaced by better-auth's own.
        // By its prefix, so a damaged old string is a wrong password, not better-auth's parse error.
        verify: async ({ hash, password }) => {
          if (!hash.startsWith(LEGACY_PASSWORD_PREFIX)) return verifyPassword({ hash, password });
          return upgradeLegacyPassword(db, hash, password);
        },
      },
      sendResetPassword: async ({ user, url }) => {
        // A few reset e-mails an hour per account, however many addresses ask; the answer is the same.
        if (isRateLimitEnabled && !(await isResetEmailAllowed(db, user.email))) return;
        await mailer.send({ to: user.email, kind: 'password_reset', ...(await passwordResetEmail({ url })) });
      },
    },
    // D32: Marquee sends the link itself (registration, 'Send the link again'); better-auth checks it.
    // Signing in is never blocked: the spec's flows work unverified; what an address owns waits.
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN_SECONDS,
    },
    user: {
      additionalFields: {
        location: { type: 'string', required: false, input: false, defaultValue: 'chicagoland' },
      },
    },
    // An absolute lifetime (issue 7): a session ends 30 days after sign-in, however active.
    session: { expiresIn: 60 * 60 * 24 * 30, disableSessionRefresh: true },
    rateLimit: {
      enabled: isRateLimitEnabled,
      storage: 'database',
      window: 60,
      max: 100,
      // D4: sign-in is rate-limited; so are reset e-mails.
      customRules: {
        '/sign-in/email': { window: 60, max: signInPerMinute },
        '/request-password-reset': { window: 60 * 15, max: 5 },
      },
    },
    advanced: {
      // Band sites live on subdomains and must not see sessions (stack notes).
      crossSubDomainCookies: { enabled: false },
      // The server sets x-forwarded-for itself unless TRUST_PROXY says a proxy does (app.ts).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // Keep Origin/CSRF checks on in every environment, tests included.
      disableOriginCheck: false,
    },
    hooks: {
      // Registration checks this in registerAccount; a new password chosen here is checked alike.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/reset-password' && ctx.path !== '/change-password') return;
        const newPassword = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
        if (typeof newPassword === 'string' && newPassword.length >= PASSWORD_MIN_LENGTH && isGuessablePassword(newPassword)) {
          // Marquee's error shape beside better-auth's, so the form shows it under the password field.
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: 'PASSWORD_TOO_COMMON',
            message: WEAK_PASSWORD_MESSAGE,
            error: { code: 'VALIDATION', message: WEAK_PASSWORD_MESSAGE, fields: { newPassword: WEAK_PASSWORD_MESSAGE } },
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // D2: admin comes only from the operator's ADMIN_EMAILS, never from a request.
          before: async (user) => ({
            data: { ...user, role: adminEmails.includes(user.email.toLowerCase()) ? 'admin' : 'fan' },
          }),
        },
      },
    },
    plugins: [
      admin({
        defaultRole: 'fan',
        adminRoles: ['admin'],
        // Spec 2 §9 / stack notes: impersonation sessions last an hour.
        impersonationSessionDuration: 60 * 60,
      }),
    ],
    logger: { level: 'error' },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The better-auth endpoints the browser may call directly; everything else goes through our routes. */
export const PUBLIC_AUTH_PATHS = new Set([
  '/api/auth/get-session',
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  // The link in the verification e-mail (D32); asking for another goes through /api/me/verification-email.
  '/api/auth/verify-email',
]);

export function isPublicAuthPath(path: string): boolean {
  return PUBLIC_AUTH_PATHS.has(path) || path.startsWith('/api/auth/reset-password/');
}
