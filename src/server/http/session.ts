import type { Context } from 'hono';
import type { Role } from '../../core/roles.ts';
import type { Services } from '../services.ts';
import { AppError } from './app-error.ts';

export type SessionUser = { id: string; email: string; name: string; role: Role; location: string; createdAt: Date };
export type CurrentSession = { user: SessionUser; impersonatedBy: string | null };

export async function getCurrentSession(services: Services, c: Context): Promise<CurrentSession | null> {
  const result = await services.auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) return null;
  const { user, session } = result;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role as Role,
      location: (user as { location?: string }).location ?? 'chicagoland',
      createdAt: user.createdAt,
    },
    impersonatedBy: (session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
  };
}

export async function requireSession(services: Services, c: Context): Promise<CurrentSession> {
  const session = await getCurrentSession(services, c);
  if (!session) throw new AppError('UNAUTHENTICATED', 'Please log in first.');
  return session;
}

export async function requireRole(services: Services, c: Context, ...roles: Role[]): Promise<CurrentSession> {
  const session = await requireSession(services, c);
  if (!roles.includes(session.user.role)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
  return session;
}
