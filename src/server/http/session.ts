import type { Context } from 'hono';
import type { Role } from '../../core/roles.ts';
import type { CurrentSession, SessionUser } from '../auth/read-session.ts';
import type { Services } from '../services.ts';
import { AppError } from './app-error.ts';

export type { CurrentSession, SessionUser };

/** The signed-in account making this request, or null (decision 31: one prepared statement). */
export function getCurrentSession(services: Services, c: Context): Promise<CurrentSession | null> {
  return services.readSession(c.req.raw.headers);
}

/** requireSession's refusal (401), for a route that reads the session in a statement of its own. */
export const notSignedIn = () => new AppError('UNAUTHENTICATED', 'Please log in first.');
/** requireRole's refusal (403), likewise. */
export const noAccess = () => new AppError('FORBIDDEN', 'You do not have access to this.');

export async function requireSession(services: Services, c: Context): Promise<CurrentSession> {
  const session = await getCurrentSession(services, c);
  if (!session) throw notSignedIn();
  return session;
}

export async function requireRole(services: Services, c: Context, ...roles: Role[]): Promise<CurrentSession> {
  const session = await requireSession(services, c);
  if (!roles.includes(session.user.role)) throw noAccess();
  return session;
}

/**
 * An admin acting as someone (D3) supports them: it does not take over their sign-in, delete them,
 * or leave credentials that outlast the impersonation (API keys, webhook endpoints and secrets,
 * door devices and links; issue 33). `what` finishes "only the account's owner can …".
 */
export function refuseWhileImpersonating(session: { impersonatedBy: string | null }, what: string): void {
  if (session.impersonatedBy) throw new AppError('FORBIDDEN', `Stop impersonating first: only the account's owner can ${what}.`);
}
