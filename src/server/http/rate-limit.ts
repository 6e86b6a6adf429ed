import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';

/**
 * Counters in the database (better-auth's rate_limit table, under Marquee's own key prefix), so
 * every process shares them. A fixed window: `lastRequest` is the start of the current window.
 */
export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: `marquee:${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${now - windowMs} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${now - windowMs} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return row!.count;
}

/** The current window's count and start, without counting. */
export async function peekHits(db: Db, key: string): Promise<{ count: number; since: number } | null> {
  const [row] = await db.select({ count: rateLimit.count, since: rateLimit.lastRequest }).from(rateLimit).where(eq(rateLimit.key, `marquee:${key}`));
  return row ?? null;
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, `marquee:${key}`));
}

/** A run of hits that ends after `idleMs` without one: `lastRequest` is the latest hit. */
export async function countRunHit(db: Db, key: string, idleMs: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: `marquee:${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: { count: sql`case when ${rateLimit.lastRequest} <= ${now - idleMs} then 1 else ${rateLimit.count} + 1 end`, lastRequest: now },
    })
    .returning({ count: rateLimit.count });
  return row!.count;
}
