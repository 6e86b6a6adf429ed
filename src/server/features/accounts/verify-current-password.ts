import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';

export const WRONG_PASSWORD = 'That is not your current password.';

/**
 * Checks the signed-in account's password with better-auth's own hashing, for the settings that
 * need it (decision 40). A wrong password is a field error, so the form shows it in place.
 */
export async function verifyCurrentPassword({ auth }: Pick<Services, 'auth'>, userId: string, password: string): Promise<void> {
  const context = await auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(userId);
  const isRight = Boolean(credential?.password) && (await context.password.verify({ hash: credential!.password!, password }));
  if (!isRight) throw new AppError('VALIDATION', WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
}
