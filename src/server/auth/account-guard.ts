import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Services } from '../services.ts';
import { AppError } from '../http/app-error.ts';
import { clearHits, countHit, peekHits } from '../http/rate-limit.ts';

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
 */
export async function assertSignInAllowed(db: Db, email: string, now = Date.now()): Promise<void> {
  const failures = await peekHits(db, accountKey('sign-in-failures', email));
  if (!failures || failures.since <= now - FAILURE_MEMORY_MS) return;
  const wait = backoffMs(failures.count);
  const lastFailure = failures.since;
  if (wait > 0 && now < lastFailure + wait) {
    const minutes = Math.ceil((lastFailure + wait - now) / MINUTE);
    throw new AppError('RATE_LIMITED', `Too many failed attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

export async function recordSignInFailure(db: Db, email: string, now = Date.now()): Promise<void> {
  await countHit(db, accountKey('sign-in-failures', email), FAILURE_MEMORY_MS, { now, isSliding: true });
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
  await assertSignInAllowed(db, email);
  const response = await auth.handler(request);
  if (response.status === 401) await recordSignInFailure(db, email);
  else if (response.ok) await recordSignInSuccess(db, email);
  return response;
}
