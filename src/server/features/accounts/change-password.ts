import { APIError } from 'better-auth/api';
import { changePasswordSchema } from '../../../core/schemas/account-settings.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { CurrentSession } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { WRONG_PASSWORD } from './verify-current-password.ts';
import { refuseWhileImpersonating } from '../../http/session.ts';

/** Password changes (right or wrong) an account may try in 15 minutes: a stolen session cannot guess the current one. */
export const PASSWORD_CHANGES_PER_15_MINUTES = 5;

/**
 * Changes the signed-in account's password through better-auth (which checks the current one and
 * the length; Marquee's hook refuses common passwords). Every other session ends, always: the
 * browser cannot ask to keep them (decision 40). Returns the cookies of this browser's new session.
 */
export async function changeAccountPassword(services: Pick<Services, 'auth' | 'db' | 'isRateLimitEnabled'>, session: CurrentSession, rawInput: unknown, headers: Headers): Promise<string[]> {
  refuseWhileImpersonating(session, 'change its password');
  const input = parseInput(changePasswordSchema, rawInput);
  await limitHits(services, `password-change:${session.user.id}`, {
    windowMs: 15 * 60 * 1000,
    max: PASSWORD_CHANGES_PER_15_MINUTES,
    message: 'Too many password changes. Please try again in 15 minutes.',
  });
  try {
    const result = await services.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = String(error.body?.code ?? '');
    if (code === 'INVALID_PASSWORD') throw new AppError('VALIDATION', WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
    const message = error.body?.message ?? 'The password could not be changed.';
    throw new AppError('VALIDATION', message, { newPassword: message });
  }
}
