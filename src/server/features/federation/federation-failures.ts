import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { federationKv } from '../../db/schema.ts';
import type { FederationFailure } from '../../../core/health.ts';

/** Issue 36: failed fediverse deliveries, kept a week for the operator's health page. */
const PREFIX = 'health:federation-failure:';
const KEEP_DAYS = 7;

/** Fedify retries a failed delivery itself; each failed attempt is noted here (and logged). */
export async function recordFederationFailure(db: DbOrTx, failure: { activity: string | null; error: string }, now = new Date()): Promise<void> {
  const value: FederationFailure = { at: now.toISOString(), activity: failure.activity, error: failure.error.slice(0, 500) };
  await db.insert(federationKv).values({ key: `${PREFIX}${now.toISOString()}:${randomUUID()}`, value, expiresAt: new Date(now.getTime() + KEEP_DAYS * 86_400_000) });
}

/** The latest failures, newest first (expired ones are past their week and left out). */
export async function listFederationFailures(db: DbOrTx, limit: number): Promise<FederationFailure[]> {
  const rows = await db
    .select({ value: federationKv.value })
    .from(federationKv)
    .where(sql`${federationKv.key} like ${`${PREFIX}%`} and (${federationKv.expiresAt} is null or ${federationKv.expiresAt} > now())`)
    .orderBy(sql`${federationKv.key} desc`)
    .limit(limit);
  return rows.map((row) => row.value as FederationFailure);
}
