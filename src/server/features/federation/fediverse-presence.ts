import { count, eq, sql } from 'drizzle-orm';
import type { FediversePresence } from '../../../core/schemas/federation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bandProfiles, federationFollowers, venueProfiles } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { actorIdentifier, findActor } from './federation-actors.ts';

/** Decision 56, for a band's or venue's dashboard: its handle on the fediverse and how many follow it there. */
export async function getFediversePresence(services: Pick<Services, 'db' | 'env'>, user: { id: string; role: string }): Promise<FediversePresence> {
  const { db, env } = services;
  if (!env.FEDERATION) return { isEnabled: false };
  const slug = await ownSlug(db, user);
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, '');
  const actor = slug ? await findActor(db, actorIdentifier(user.role === 'band' ? 'band' : 'venue', slug), publicUrl) : null;
  if (!actor) return { isEnabled: false };
  const [row] = await db.select({ n: count() }).from(federationFollowers).where(eq(federationFollowers.actor, actor.identifier));
  return { isEnabled: true, handle: `@${actor.handle}@${new URL(publicUrl).host}`, actorUrl: `${publicUrl}/ap/actors/${actor.identifier}`, followers: row?.n ?? 0 };
}

async function ownSlug(db: DbOrTx, user: { id: string; role: string }): Promise<string | null> {
  const table = user.role === 'band' ? bandProfiles : venueProfiles;
  const [row] = await db.select({ slug: table.slug }).from(table).where(sql`${table.userId} = ${user.id}`);
  return row?.slug ?? null;
}
