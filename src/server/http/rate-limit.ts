import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';
import { AppError } from './app-error.ts';
import { clientNetwork } from './client-ip.ts';

/**
 * Counters in the database (better-auth's rate_limit table, under Marquee's own key prefix), so
 * every process shares them. A fixed window by default (`lastRequest` is the window's start); a
 * sliding run with `isSliding`, which ends only after `windowMs` without a hit (`lastRequest` is
 * the latest hit).
 *
 * A key that ends in a client's IPv6 address counts that address's /64 (clientNetwork, the one
 * rule of every per-address limit; issue 33): one network holds 2^64 addresses, so a count per
 * address would be no limit. IPv4 addresses are counted as they are.
 */
/** The stored key of a counter: Marquee's prefix, and an IPv6 address at the key's end narrowed to its /64. */
function counterKey(key: string): string {
  for (let at = key.indexOf(':'); at !== -1; at = key.indexOf(':', at + 1)) {
    const tail = key.slice(at + 1);
    if (isIPv6(tail)) return `marquee:${key.slice(0, at + 1)}${clientNetwork(tail)}`;
  }
  return `marquee:${key}`;
}

export async function countHit(db: Db, key: string, windowMs: number, { now = Date.now(), isSliding = false } = {}): Promise<number> {
  return (await countHitInWindow(db, key, windowMs, { now, isSliding })).count;
}

/** As countHit, with the window's start too (`lastRequest`), for answers that say when it resets. */
export async function countHitInWindow(db: Db, key: string, windowMs: number, { now = Date.now(), isSliding = false } = {}): Promise<{ count: number; since: number }> {
  const isExpired = sql`${rateLimit.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: counterKey(key), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${isExpired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: isSliding ? now : sql`case when ${isExpired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, since: rateLimit.lastRequest });
  return row!;
}

/** The current window's count and start, without counting. */
export async function peekHits(db: Db, key: string): Promise<{ count: number; since: number } | null> {
  const [row] = await db.select({ count: rateLimit.count, since: rateLimit.lastRequest }).from(rateLimit).where(eq(rateLimit.key, counterKey(key)));
  return row ?? null;
}

/**
 * Takes back one hit counted in the window that started at `since` (a request that turned out to
 * be counted elsewhere); nothing once that window has ended.
 */
export async function giveBackHit(db: Db, key: string, since: number): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`${rateLimit.count} - 1` })
    .where(and(eq(rateLimit.key, counterKey(key)), eq(rateLimit.lastRequest, since), sql`${rateLimit.count} > 0`));
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, counterKey(key)));
}

/**
 * Counts one hit of an account's action and refuses past `max` in the window (429, with the
 * message). Off only where the services run without rate limits (most tests).
 */
export async function limitHits(
  { db, isRateLimitEnabled }: { db: Db; isRateLimitEnabled: boolean },
  key: string,
  { windowMs, max, message }: { windowMs: number; max: number; message: string },
): Promise<void> {
  if (isRateLimitEnabled && (await countHit(db, key, windowMs)) > max) throw new AppError('RATE_LIMITED', message);
}

/** Forgets the counters under `prefix` whose window ended: those of clients seen once would otherwise stay for good. */
export async function pruneHits(db: Db, prefix: string, windowMs: number, now = Date.now()): Promise<number> {
  const gone = await db.delete(rateLimit).where(and(like(rateLimit.key, `marquee:${prefix}%`), lt(rateLimit.lastRequest, now - windowMs))).returning({ id: rateLimit.id });
  return gone.length;
}

/** A counter's hits in its current fixed window, without counting one (0 when the window ended or it never counted). */
export async function readHits(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(and(eq(rateLimit.key, counterKey(key)), sql`${rateLimit.lastRequest} > ${now - windowMs}`));
  return row?.count ?? 0;
}
