import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { siteUrl } from '../../../core/site-urls.ts';

// Decision 56: every band, venue and region is an actor others follow. Its identifier (in its
// address, /ap/actors/{identifier}) is its kind and its slug in lower case: `band.thevelvetstatic`,
// `venue.theemptybottle`, `region.chicagoland`; never reused across kinds, whatever the names.
// Its handle (@handle@host) is the bare slug when no band (or, for a region, no band or venue)
// holds that name, else the identifier itself.

export const ACTOR_KINDS = ['band', 'venue', 'region'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export type FederatedActor = {
  identifier: string;
  kind: ActorKind;
  handle: string;
  name: string;
  summary: string;
  /** The actor's page on Marquee. */
  url: string;
  imageUrl: string | null;
};

export const actorIdentifier = (kind: ActorKind, slug: string) => `${kind}.${slug.toLowerCase()}`;

export function parseActorIdentifier(identifier: string): { kind: ActorKind; slug: string } | null {
  const dot = identifier.indexOf('.');
  const kind = identifier.slice(0, dot) as ActorKind;
  const slug = identifier.slice(dot + 1);
  if (dot < 1 || !ACTOR_KINDS.includes(kind) || !/^[a-z0-9&-]{1,128}$/.test(slug)) return null;
  return { kind, slug };
}

type ActorRow = { kind: ActorKind; slug: string; name: string; summary: string; image_url: string | null; path: string | null; shadowed: boolean };

/**
 * The profile behind an identifier, or null (unknown, or its account banned). `shadowed`: an
 * actor of an earlier kind holds the same bare name.
 */
async function findActorRow(db: DbOrTx, kind: ActorKind, slug: string): Promise<ActorRow | null> {
  const bandHolds = sql`exists (select 1 from band_profiles b2 join "user" u2 on u2.id = b2.user_id where b2.slug = ${slug} and not coalesce(u2.banned, false))`;
  const venueHolds = sql`exists (select 1 from venue_profiles v2 join "user" u2 on u2.id = v2.user_id where lower(v2.slug) = ${slug} and not coalesce(u2.banned, false))`;
  const query =
    kind === 'band'
      ? sql`select 'band' as kind, b.slug, b.name, coalesce(nullif(b.description, ''), b.bio, '') as summary, b.image_url, null as path, false as shadowed
            from band_profiles b join "user" u on u.id = b.user_id where b.slug = ${slug} and not coalesce(u.banned, false)`
      : kind === 'venue'
        ? sql`select 'venue' as kind, v.slug, v.name, v.address as summary, v.image_url, null as path, ${bandHolds} as shadowed
              from venue_profiles v join "user" u on u.id = v.user_id where lower(v.slug) = ${slug} and not coalesce(u.banned, false)`
        : sql`select 'region' as kind, r.slug, r.name, '' as summary, null as image_url, r.path, (${bandHolds} or ${venueHolds}) as shadowed
              from regions r where r.slug = ${slug}`;
  const { rows } = await db.execute<ActorRow>(query);
  return rows[0] ?? null;
}

function toActor(row: ActorRow, publicUrl: string): FederatedActor {
  const identifier = actorIdentifier(row.kind, row.slug);
  const url =
    row.kind === 'band' ? siteUrl(publicUrl, row.slug) : row.kind === 'venue' ? `${publicUrl}/venue/${row.slug}` : `${publicUrl}${row.path ?? '/'}`;
  const summary =
    row.kind === 'region' ? `Upcoming live music in ${row.name}, from Marquee.` : row.summary || (row.kind === 'venue' ? `Live music at ${row.name}.` : `Live music from ${row.name}.`);
  return {
    identifier,
    kind: row.kind,
    handle: row.shadowed ? identifier : row.slug.toLowerCase(),
    name: row.name,
    summary,
    url,
    imageUrl: row.image_url ? new URL(row.image_url, publicUrl).toString() : null,
  };
}

export async function findActor(db: DbOrTx, identifier: string, publicUrl: string): Promise<FederatedActor | null> {
  const parsed = parseActorIdentifier(identifier);
  if (!parsed) return null;
  const row = await findActorRow(db, parsed.kind, parsed.slug);
  return row ? toActor(row, publicUrl) : null;
}

/** WebFinger: the identifier a handle names (a bare name: band first, then venue, then region), or null. */
export async function identifierForHandle(db: DbOrTx, handle: string): Promise<string | null> {
  const name = handle.toLowerCase();
  const named = parseActorIdentifier(name);
  if (named) return (await findActorRow(db, named.kind, named.slug)) ? name : null;
  if (!/^[a-z0-9&-]{1,128}$/.test(name)) return null;
  for (const kind of ACTOR_KINDS) if (await findActorRow(db, kind, name)) return actorIdentifier(kind, name);
  return null;
}
