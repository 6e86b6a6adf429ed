import { and, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, user } from '../../db/schema.ts';

/** D2: the operator grants admin by e-mail (ADMIN_EMAILS at start, or scripts/grant-admin.ts). */
export async function grantAdmins(db: DbOrTx, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const granted = await db
    .update(user)
    .set({ role: 'admin' })
    .where(and(ne(user.role, 'admin'), inArray(sql`lower(${user.email})`, emails.map((e) => e.toLowerCase()))))
    .returning({ id: user.id, email: user.email });
  if (granted.length) {
    await db.insert(auditLog).values(granted.map((g) => ({ actorId: null, action: 'admin.granted', targetId: g.id, details: { email: g.email } })));
  }
  return granted.map((g) => g.email);
}
