import { and, or, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { matchByName, toSiteSlug } from '../../../core/slugs.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isPublicAccount } from '../discovery/public-gigs.ts';

/**
 * Finds a profile by a free-text name with the spec's matching (exact, case-insensitive, '&'/'And',
 * slug, first-word prefix). The database narrows to names sharing the first word, or the slug, so
 * the matching never reads every profile. `id` is the profile's account: a banned one is never found.
 */
export async function findIdByName(
  db: DbOrTx,
  table: PgTable,
  { id, name, slug }: { id: AnyColumn; name: AnyColumn; slug: AnyColumn },
  query: string,
): Promise<string | undefined> {
  const trimmed = query.trim();
  if (!trimmed) return undefined;
  const firstWord = trimmed.toLowerCase().split(/\s+/)[0]!.replace(/[\\%_]/g, (c) => `\\${c}`);
  const candidates = await db
    .select({ id: sql<string>`${id}`, name: sql<string>`${name}` })
    .from(table)
    .where(and(isPublicAccount(id), or(sql`lower(${name}) like ${`${firstWord}%`}`, sql`${slug} = ${toSiteSlug(trimmed)}`, sql`${slug} = ${trimmed}`)))
    .orderBy(sql`${name}`)
    .limit(200);
  return matchByName(trimmed, candidates, (c) => c.name)?.id;
}
