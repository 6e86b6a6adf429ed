import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Role } from '../../../core/roles.ts';
import type { Db } from '../../db/client.ts';
import { bandProfiles, user } from '../../db/schema.ts';
import { ADMIN_PAGE_SIZE, containing } from './admin-search.ts';

/**
 * Every user, newest first, a page at a time, searchable by name, e-mail or role, or of one role
 * (the admin bypass's band picker). Bands carry their beta outreach flag (D25).
 */
export async function listUsers(db: Db, { q, page, role }: { q?: string; page: number; role?: Role }) {
  const search = q ? or(ilike(user.name, containing(q)), ilike(user.email, containing(q)), ilike(sql`${user.role}::text`, containing(q))) : undefined;
  const where = and(search, role ? eq(user.role, role) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, name: user.name, role: user.role, location: user.location, createdAt: user.createdAt, hasBetaOutreach: bandProfiles.hasBetaOutreach })
      .from(user)
      .leftJoin(bandProfiles, eq(bandProfiles.userId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { users: rows, page, pageSize: ADMIN_PAGE_SIZE, total: total?.n ?? 0 };
}
