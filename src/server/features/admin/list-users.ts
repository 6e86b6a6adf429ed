import { count, desc, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { ADMIN_PAGE_SIZE, containing } from './admin-search.ts';

/** Every user, newest first, a page at a time, searchable by name, e-mail or role. */
export async function listUsers(db: Db, { q, page }: { q?: string; page: number }) {
  const where = q ? or(ilike(user.name, containing(q)), ilike(user.email, containing(q)), ilike(sql`${user.role}::text`, containing(q))) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, name: user.name, role: user.role, location: user.location, createdAt: user.createdAt })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { users: rows, page, pageSize: ADMIN_PAGE_SIZE, total: total?.n ?? 0 };
}
