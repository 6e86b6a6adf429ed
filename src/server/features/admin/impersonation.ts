import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { parseInput } from '../../http/validate.ts';
import { APIError } from 'better-auth/api';
import { canBeImpersonated } from '../../../core/roles.ts';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { auditLog, user } from '../../db/schema.ts';

/** D3: an admin may impersonate a band, venue, promoter or fan account, never another admin. */
export async function startImpersonation(
  { db, auth }: Services,
  session: CurrentSession,
  input: unknown,
  headers: Headers,
): Promise<string[]> {
  // A refused attempt is written down too: an admin probing other admins is worth seeing.
  const refuse = async (reason: string, error: AppError) => {
    const targetId = (input as { userId?: unknown } | null)?.userId;
    await db.insert(auditLog).values({ actorId: session.impersonatedBy ?? session.user.id, action: 'impersonation.refused', targetId: typeof targetId === 'string' ? targetId.slice(0, 200) : null, details: { reason } });
    return error;
  };
  if (session.user.role !== 'admin' || session.impersonatedBy) throw await refuse('not an admin', new AppError('FORBIDDEN', 'Only admins can impersonate users.'));
  const { userId: targetId } = parseInput(z.object({ userId: z.string().min(1).max(200) }), input);
  const [target] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, targetId));
  if (!target) throw new AppError('NOT_FOUND', 'That user does not exist.');
  if (!canBeImpersonated(target.role)) {
    throw await refuse(`target is ${target.role}`, new AppError('FORBIDDEN', 'Admins may impersonate band, venue, promoter and fan accounts only.'));
  }
  try {
    const result = await auth.api.impersonateUser({ body: { userId: targetId }, headers, returnHeaders: true });
    await db.insert(auditLog).values({ actorId: session.user.id, action: 'impersonation.start', targetId, details: { targetRole: target.role } });
    return result.headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError) throw new AppError('FORBIDDEN', error.body?.message ?? 'Impersonation was refused.');
    throw error;
  }
}

export async function stopImpersonation({ db, auth }: Services, session: CurrentSession, headers: Headers): Promise<string[]> {
  if (!session.impersonatedBy) throw new AppError('BAD_REQUEST', 'You are not impersonating anyone.');
  const result = await auth.api.stopImpersonating({ headers, returnHeaders: true });
  await db.insert(auditLog).values({ actorId: session.impersonatedBy, action: 'impersonation.stop', targetId: session.user.id, details: {} });
  return result.headers.getSetCookie();
}
