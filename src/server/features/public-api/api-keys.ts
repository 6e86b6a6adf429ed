import { createHash, randomBytes } from 'node:crypto';
import { refuseWhileImpersonating } from '../../http/session.ts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { MAX_ACTIVE_API_KEYS, normaliseApiKeyScopes, type ApiKeyScope, type ApiKeySummary, type CreatedApiKey } from '../../../core/schemas/api-keys.ts';
import { isUuid } from '../../../core/ids.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys, user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession } from '../../http/session.ts';

/** The roles that hold keys: organisers and bands read their own gigs (decision 53). */
export const API_KEY_ROLES = ['venue', 'promoter', 'band'] as const;
export type ApiKeyOwner = { id: string; role: (typeof API_KEY_ROLES)[number]; scopes: ApiKeyScope[] };

const KEY_PREFIX = 'mq_live_';
/** What the dashboard shows of a key: the prefix and the first characters of its secret. */
const VISIBLE_LENGTH = KEY_PREFIX.length + 6;

/** SHA-256, base64url: the key has 256 random bits, so a fast hash is enough (no password stretching). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('base64url');

const summaryColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};
const toSummary = (row: { id: string; name: string; prefix: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }): ApiKeySummary => ({
  ...row,
  scopes: normaliseApiKeyScopes(row.scopes),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * A new key for the signed-in organiser or band, returned whole this once; only its hash is kept.
 * Its owner only: not while an admin impersonates, and only for a confirmed address (D32).
 * It reads public data always, attendees and check-ins only when those scopes were asked for.
 */
export async function createApiKey(db: Db, session: CurrentSession, name: string, askedScopes: readonly string[] = []): Promise<CreatedApiKey> {
  refuseWhileImpersonating(session, 'create API keys');
  if (!session.user.emailVerified) throw new AppError('FORBIDDEN', 'Confirm your e-mail address before creating an API key.');
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const created = await db.transaction(async (tx) => {
    // The owner's row, locked: two requests at once cannot both pass the count below.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, session.user.id)).for('update');
    const [active] = await tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, session.user.id), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) {
      throw new AppError('CONFLICT', `You have ${MAX_ACTIVE_API_KEYS} keys already. Please revoke one you no longer use first.`);
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId: session.user.id, name, prefix: key.slice(0, VISIBLE_LENGTH), keyHash: hashApiKey(key), scopes: normaliseApiKeyScopes(askedScopes) })
      .returning(summaryColumns);
    return row!;
  });
  return { ...toSummary(created), key };
}

/** The account's keys, newest first, revoked ones included (with when). */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db.select(summaryColumns).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toSummary);
}

/** Revokes one of the account's own keys (another account's id is "not found"); revoking twice changes nothing. */
export async function revokeApiKey(db: Db, userId: string, keyId: string): Promise<ApiKeySummary> {
  if (!isUuid(keyId)) throw new AppError('NOT_FOUND', 'That key was not found.');
  await db.update(apiKeys).set({ revokedAt: sql`now()` }).where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  const [row] = await db.select(summaryColumns).from(apiKeys).where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'That key was not found.');
  return toSummary(row);
}

/** The bearer key of a request, if it sent one in the shape Marquee's keys have. */
export function bearerKey(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1]?.startsWith(KEY_PREFIX) ? match[1] : null;
}

/**
 * The key's owner, or null for a key that is unknown, revoked or whose owner is no longer an
 * organiser or band. Notes when it was last used (at most once a minute per key).
 */
export async function findApiKeyOwner(db: Db, key: string): Promise<(ApiKeyOwner & { keyId: string }) | null> {
  const [row] = await db
    .select({ keyId: apiKeys.id, id: user.id, role: user.role, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt, banned: user.banned, banExpires: user.banExpires })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  if (!row || !(API_KEY_ROLES as readonly string[]).includes(row.role)) return null;
  // A banned account's keys stop with its sessions (like its door devices), until the ban ends.
  if (row.banned && (!row.banExpires || row.banExpires.getTime() > Date.now())) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.keyId));
  }
  return { keyId: row.keyId, id: row.id, role: row.role as ApiKeyOwner['role'], scopes: normaliseApiKeyScopes(row.scopes) };
}
