import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Services } from '../services.ts';
import { AppError } from '../http/app-error.ts';
import { clearHits, countHit, peekHits } from '../http/rate-limit.ts';
import { rateLimit } from '../db/schema.ts';

const MINUTE = 60_000;
/** Failed sign-ins on one account, from any address, before the account's backoff starts. */
export const FREE_SIGN_IN_FAILURES = 5;
const FIRST_BACKOFF_MS = 30_000;
/** The longest a stranger's guessing can keep the owner out. */
export const MAX_BACKOFF_MS = 15 * MINUTE;
const FAILURE_MEMORY_MS = 60 * MINUTE;
/** Reset e-mails one account can be sent in an hour, however many addresses ask. */
export const RESET_EMAILS_PER_HOUR = 3;

// Keys hold a hash, so the table does not collect e-mail addresses.
const accountKey = (kind: string, email: string) => `${kind}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** How long this account must wait after `failures` failures (none for the first five). */
export function backoffMs(failures: number): number {
  if (failures < FREE_SIGN_IN_FAILURES) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - FREE_SIGN_IN_FAILURES));
}

/**
 * Per-account sign-in backoff (issue 7), on top of the per-address limit. Unknown and known
 * e-mails are counted alike, so the answer tells nothing about who has an account.
 *
 * Each attempt is counted as a failure before it is checked, in one statement that refuses it
 * when the account is in its backoff, so simultaneous guesses cannot all pass a check made
 * before any of them is recorded. A success clears the count; an answer that is neither a
 * success nor a wrong password gives the attempt back (`returnSignInAttempt`).
 */
export async function claimSignInAttempt(db: Db, email: string, now = Date.now()): Promise<void> {
  const key = `marquee:${accountKey('sign-in-failures', email)}`;
  const isForgotten = sql`${rateLimit.lastRequest} <= ${now - FAILURE_MEMORY_MS}`;
  const backoff = sql`case when ${rateLimit.count} < ${FREE_SIGN_IN_FAILURES} then 0
    else least(${MAX_BACKOFF_MS}, ${FIRST_BACKOFF_MS} * power(2, least(${rateLimit.count} - ${FREE_SIGN_IN_FAILURES}, 30))) end`;
  const claimed = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: { count: sql`case when ${isForgotten} then 1 else ${rateLimit.count} + 1 end`, lastRequest: now },
      setWhere: sql`${isForgotten} or ${now} >= ${rateLimit.lastRequest} + ${backoff}`,
    })
    .returning({ count: rateLimit.count });
  if (claimed.length > 0) return;
  const failures = await peekHits(db, accountKey('sign-in-failures', email));
  const waitEnds = failures ? failures.since + backoffMs(failures.count) : now + FIRST_BACKOFF_MS;
  const minutes = Math.max(1, Math.ceil((waitEnds - now) / MINUTE));
  throw new AppError('RATE_LIMITED', `Too many failed attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** Gives back an attempt that was neither a success nor a wrong password (bad input, an outage). */
export async function returnSignInAttempt(db: Db, email: string): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(eq(rateLimit.key, `marquee:${accountKey('sign-in-failures', email)}`));
}

export async function recordSignInSuccess(db: Db, email: string): Promise<void> {
  await clearHits(db, accountKey('sign-in-failures', email));
}

/** True while the account may be sent another reset e-mail this hour. */
export async function isResetEmailAllowed(db: Db, email: string, now = Date.now()): Promise<boolean> {
  return (await countHit(db, accountKey('reset-emails', email), 60 * MINUTE, { now })) <= RESET_EMAILS_PER_HOUR;
}

/** better-auth's own handler, with the per-account sign-in backoff around sign-in. */
export async function handleAuthRequest({ auth, db, isRateLimitEnabled }: Pick<Services, 'auth' | 'db' | 'isRateLimitEnabled'>, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (!isRateLimitEnabled || path !== '/api/auth/sign-in/email') return auth.handler(request);
  const body = (await request.clone().json().catch(() => null)) as { email?: unknown } | null;
  const email = typeof body?.email === 'string' ? body.email : null;
  if (!email) return auth.handler(request);
  await claimSignInAttempt(db, email);
  const response = await auth.handler(request).catch(async (error: unknown) => {
    await returnSignInAttempt(db, email);
    throw error;
  });
  if (response.ok) await recordSignInSuccess(db, email);
  else if (response.status !== 401) await returnSignInAttempt(db, email);
  return response;
}
