import { createFederation, exportJwk, generateCryptoKeyPair, getDefaultActivityTransformers, importJwk, type Context, type Federation } from '@fedify/fedify';
import { Accept, Announce, Create, Delete, Endpoints, Event, Follow, Image, Organization, Service, Undo, isActor, type Activity, type Actor, type Recipient } from '@fedify/fedify/vocab';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { count, sql } from 'drizzle-orm';
import { federatedGigs, federationActorKeys, federationFollowers } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { findActor, identifierForHandle, parseActorIdentifier } from './federation-actors.ts';
import { databaseKvStore, jobQueueMessages } from './federation-store.ts';
import { eventIdOf, gigEventJsonLd, loadFederatedGig, parseEventId } from './gig-event.ts';
import { isBlockedHost } from './blocked-hosts.ts';
import { isPrivateAddress } from '../webhooks/webhook-addresses.ts';
import { escapeHtml } from '../../mail/secrets.ts';
import { recordFederationFailure } from './federation-failures.ts';

// Decision 56: Marquee's ActivityPub side, built on Fedify. Actors, their keys and followers,
// WebFinger and NodeInfo, each gig as an Event, and the inbox's Follow, Undo and Delete.

/** Marquee's version, for NodeInfo. */
const VERSION = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const ACTOR_PATH = '/ap/actors/{identifier}';
export const EVENT_PATH = '/ap/gigs/{id}';
const FOLLOWERS_PAGE = 100;
const OUTBOX_PAGE = 20;
const PUBLIC_COLLECTION = new URL('https://www.w3.org/ns/activitystreams#Public');
/** The gigs an actor's outbox lists: sent to its followers, and not deleted since. */
const outboxOf = (identifier: string) => sql`${identifier} = any(${federatedGigs.actors}) and ${federatedGigs.firstSentAt} is not null and ${federatedGigs.deletedAt} is null`;

type StoredKeys = { rsa: { privateKey: JsonWebKey; publicKey: JsonWebKey }; ed25519: { privateKey: JsonWebKey; publicKey: JsonWebKey } };

async function exportPair(pair: CryptoKeyPair) {
  return { privateKey: await exportJwk(pair.privateKey), publicKey: await exportJwk(pair.publicKey) };
}

/**
 * An actor's two key pairs, made the first time they are asked for. Two instances asking at once
 * both make a pair, but only the first one written is kept, and both use it.
 */
async function keyPairsOf(services: Services, actor: string, cache: Map<string, Promise<CryptoKeyPair[]>>): Promise<CryptoKeyPair[]> {
  let pending = cache.get(actor);
  if (!pending) {
    pending = (async () => {
      const { db } = services;
      let [row] = await db.select({ keys: federationActorKeys.keys }).from(federationActorKeys).where(sql`${federationActorKeys.actor} = ${actor}`);
      if (!row) {
        const made: StoredKeys = {
          rsa: await exportPair(await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')),
          ed25519: await exportPair(await generateCryptoKeyPair('Ed25519')),
        };
        await db.insert(federationActorKeys).values({ actor, keys: made }).onConflictDoNothing();
        [row] = await db.select({ keys: federationActorKeys.keys }).from(federationActorKeys).where(sql`${federationActorKeys.actor} = ${actor}`);
      }
      const keys = row!.keys as StoredKeys;
      return Promise.all(
        [keys.rsa, keys.ed25519].map(async (pair) => ({ privateKey: await importJwk(pair.privateKey, 'private'), publicKey: await importJwk(pair.publicKey, 'public') })),
      );
    })();
    pending.catch(() => cache.delete(actor));
    cache.set(actor, pending);
  }
  return pending;
}

/**
 * Whether Marquee may deliver to an inbox: not on a blocked server, https, and not a loopback,
 * private or link-local address by number or a `localhost` name. (A name that resolves to such an
 * address, directly or after a redirect, is refused when the connection is made: main.ts's
 * guardOutgoingFetch.) FEDERATION_ALLOW_PRIVATE (tests) allows plain http and those.
 */
function isDeliverable(env: Services['env'], url: URL): boolean {
  if (isBlockedHost(env.FEDERATION_BLOCKED_HOSTS, url.hostname)) return false;
  if (env.FEDERATION_ALLOW_PRIVATE) return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return url.protocol === 'https:' && !(net.isIP(host) && isPrivateAddress(host)) && host !== 'localhost' && !host.endsWith('.localhost');
}

/** A follower as Marquee delivers to it: its inbox, and its server's shared inbox where that is deliverable too; null when its inbox is not. */
export function deliverableRecipient(env: Services['env'], follower: { id: string; inbox: string; sharedInbox: string | null }): Recipient | null {
  const [id, inbox] = [new URL(follower.id), new URL(follower.inbox)];
  const shared = follower.sharedInbox ? new URL(follower.sharedInbox) : null;
  if (isBlockedHost(env.FEDERATION_BLOCKED_HOSTS, id.hostname) || !isDeliverable(env, inbox)) return null;
  return { id, inboxId: inbox, endpoints: shared && isDeliverable(env, shared) ? { sharedInbox: shared } : null };
}

/**
 * Where a follower's activities go, from its own actor document: its inbox, which must be on the
 * actor's own origin (else null: the follow is refused), and its server's shared inbox, used only
 * when on that origin too. So no follower, whatever its server says, points Marquee's deliveries
 * at another server (issue 33).
 */
export function followerDelivery(actor: Actor): { inbox: string; sharedInbox: string | null } | null {
  const { id, inboxId } = actor;
  if (!id || !inboxId || inboxId.origin !== id.origin) return null;
  const shared = actor.endpoints?.sharedInbox;
  return { inbox: inboxId.href, sharedInbox: shared?.origin === id.origin ? shared.href : null };
}

/** The followers of some actors that Marquee may deliver to, each once (each server's shared inbox once, by Fedify). */
export async function followersOf(services: Services, actors: readonly string[]): Promise<Recipient[]> {
  if (actors.length === 0) return [];
  const rows = await services.db
    .selectDistinctOn([federationFollowers.followerUri], { id: federationFollowers.followerUri, inbox: federationFollowers.inboxUrl, sharedInbox: federationFollowers.sharedInboxUrl })
    .from(federationFollowers)
    .where(sql`${federationFollowers.actor} in ${actors}`)
    .orderBy(federationFollowers.followerUri);
  return rows.map((row) => deliverableRecipient(services.env, row)).filter((r): r is Recipient => r !== null);
}

/**
 * Activities sent exactly as Marquee wrote them. Fedify's vocabulary has no place for the event
 * terms of FEP-8a8e (time zone, postal address, status, ticket link): an Event it serialises
 * itself loses them. Such an activity is sent with its JSON as written, signed with the actor's
 * RSA key (HTTP Signatures and a Linked Data signature over that JSON; no Ed25519 proof, which
 * Fedify would make over its own serialisation), delivered to each inbox directly (no fan-out
 * message, which would serialise it again). The federation test checks the fields arrive.
 */
const writtenActivities = new WeakSet<Activity>();

export async function sendWrittenActivity(
  ctx: Context<Services>,
  identifier: string,
  recipients: Recipient[],
  activity: Activity,
  json: Record<string, unknown>,
): Promise<void> {
  const rsa = (await ctx.getActorKeyPairs(identifier)).filter((k) => k.privateKey.algorithm.name === 'RSASSA-PKCS1-v1_5');
  activity.toJsonLd = () => Promise.resolve(json);
  writtenActivities.add(activity);
  await ctx.sendActivity(rsa.map((k) => ({ keyId: k.keyId, privateKey: k.privateKey })), recipients, activity, { preferSharedInbox: true, fanout: 'skip' });
}

function buildFederation(services: Services): Federation<Services> {
  const { db, env, logger } = services;
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, '');
  const keyCache = new Map<string, Promise<CryptoKeyPair[]>>();
  const federation = createFederation<Services>({
    kv: databaseKvStore(db),
    queue: services.jobs ? jobQueueMessages(services.jobs) : undefined,
    manuallyStartQueue: true,
    origin: publicUrl,
    allowPrivateAddress: env.FEDERATION_ALLOW_PRIVATE,
    userAgent: { software: 'Marquee', url: new URL(publicUrl) },
    // Fedify's own (an id where missing, the actor by its address only), except for activities sent as written.
    activityTransformers: [(activity, ctx) => (writtenActivities.has(activity) ? activity : getDefaultActivityTransformers<Services>().reduce((a, transform) => transform(a, ctx), activity))],
    onOutboxError: (error, activity) => {
      logger.warn({ err: error, activity: activity?.id?.href }, 'federation: a delivery failed');
      // Issue 36: kept a week for the operator's health page.
      recordFederationFailure(db, { activity: activity?.id?.href ?? null, error: error.message }).catch((err: unknown) => logger.warn({ err }, 'federation: could not note a failed delivery'));
    },
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const actor = await findActor(db, identifier, publicUrl);
      if (!actor) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      const values = {
        id: ctx.getActorUri(identifier),
        preferredUsername: actor.handle,
        name: actor.name,
        summary: escapeHtml(actor.summary),
        url: new URL(actor.url),
        icon: actor.imageUrl ? new Image({ url: new URL(actor.imageUrl) }) : null,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        manuallyApprovesFollowers: false,
        discoverable: true,
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((k) => k.multikey),
      };
      return actor.kind === 'region' ? new Service(values) : new Organization(values);
    })
    .setKeyPairsDispatcher((_ctx, identifier) => keyPairsOf(services, identifier, keyCache))
    .mapHandle((_ctx, username) => identifierForHandle(db, username));

  federation
    .setFollowersDispatcher(`${ACTOR_PATH}/followers`, async (_ctx, identifier, cursor) => {
      const offset = cursor ? Number.parseInt(cursor, 10) || 0 : 0;
      const rows = await db
        .select({ followerUri: federationFollowers.followerUri, inboxUrl: federationFollowers.inboxUrl, sharedInboxUrl: federationFollowers.sharedInboxUrl })
        .from(federationFollowers)
        .where(sql`${federationFollowers.actor} = ${identifier}`)
        .orderBy(federationFollowers.createdAt, federationFollowers.id)
        .limit(FOLLOWERS_PAGE + 1)
        .offset(offset);
      return {
        items: rows.slice(0, FOLLOWERS_PAGE).map((r) => ({
          id: new URL(r.followerUri),
          inboxId: new URL(r.inboxUrl),
          endpoints: r.sharedInboxUrl ? { sharedInbox: new URL(r.sharedInboxUrl) } : null,
        })),
        nextCursor: rows.length > FOLLOWERS_PAGE ? String(offset + FOLLOWERS_PAGE) : null,
      };
    })
    .setCounter(async (_ctx, identifier) => {
      const [row] = await db.select({ n: count() }).from(federationFollowers).where(sql`${federationFollowers.actor} = ${identifier}`);
      return row?.n ?? 0;
    })
    .setFirstCursor(() => '0');

  // Issue 35 (ActivityPub §4.1: every actor has an outbox): what each actor has sent and still
  // stands, newest first, a page at a time: the venue's Create of each public gig, the band's and
  // the region's boost (Announce) of it. Deleted gigs are left out (their Delete went to followers).
  federation
    .setOutboxDispatcher(`${ACTOR_PATH}/outbox`, async (ctx, identifier, cursor) => {
      if (cursor === null) return null;
      const offset = Number.parseInt(cursor, 10) || 0;
      const rows = await db
        .select({ gigId: federatedGigs.gigId, generation: federatedGigs.generation })
        .from(federatedGigs)
        .where(outboxOf(identifier))
        .orderBy(sql`${federatedGigs.firstSentAt} desc`, federatedGigs.gigId)
        .limit(OUTBOX_PAGE + 1)
        .offset(offset);
      const actorUri = ctx.getActorUri(identifier);
      const isAuthor = identifier.startsWith('venue.');
      const items = rows.slice(0, OUTBOX_PAGE).map((row) => {
        const eventUri = ctx.getObjectUri(Event, { id: eventIdOf(row.gigId, row.generation) });
        const values = { actor: actorUri, object: eventUri, tos: [PUBLIC_COLLECTION], ccs: [ctx.getFollowersUri(identifier)] };
        return isAuthor ? new Create({ id: new URL('#create', eventUri), ...values }) : new Announce({ id: new URL(`#announce-${row.gigId}.${row.generation}`, actorUri), ...values });
      });
      return { items, nextCursor: rows.length > OUTBOX_PAGE ? String(offset + OUTBOX_PAGE) : null };
    })
    .setCounter(async (_ctx, identifier) => {
      const [row] = await db.select({ n: count() }).from(federatedGigs).where(outboxOf(identifier));
      return row?.n ?? 0;
    })
    .setFirstCursor(() => '0');

  // A gig's Event, for servers that fetch it (a boost names it by its address): the current
  // publication only; an earlier one (deleted, then published again) is gone.
  federation.setObjectDispatcher(Event, EVENT_PATH, async (ctx, { id }) => {
    const parsed = parseEventId(id);
    if (!parsed) return null;
    const gig = await loadFederatedGig(db, parsed.gigId);
    if (!gig?.isApproved || gig.cancelledAt || gig.generation !== parsed.generation) return null;
    const json = gigEventJsonLd(gig, { publicUrl, eventUri: ctx.getObjectUri(Event, { id: eventIdOf(parsed.gigId, parsed.generation) }), actorUri: (a) => ctx.getActorUri(a) });
    return Event.fromJsonLd(json, { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader });
  });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const { rows } = await db.execute<{ actors: number; gigs: number }>(sql`
      select (select count(*) from band_profiles)::int + (select count(*) from venue_profiles)::int + (select count(*) from regions)::int as actors,
             (select count(*) from ${federatedGigs} where first_sent_at is not null and deleted_at is null)::int as gigs`);
    const usage = rows[0] ?? { actors: 0, gigs: 0 };
    return {
      software: { name: 'marquee', version: VERSION, homepage: new URL(publicUrl) },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: usage.actors }, localPosts: usage.gigs, localComments: 0 },
    };
  });

  federation
    .setInboxListeners(`${ACTOR_PATH}/inbox`, '/ap/inbox')
    .on(Follow, async (ctx, follow) => {
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor' || !follow.id || !follow.actorId) return;
      if (!(await findActor(db, target.identifier, publicUrl))) return;
      // Fetched by its id, never the actor object the Follow may carry: that is the sender's say,
      // not the follower's server's (issue 33).
      const fetched = await ctx.lookupObject(follow.actorId).catch(() => null);
      const follower = isActor(fetched) && fetched.id?.href === follow.actorId.href ? fetched : null;
      const delivery = follower && followerDelivery(follower);
      if (!follower?.id || !delivery) {
        logger.warn({ follower: follow.actorId.href }, "federation: a follow was ignored: the follower's actor could not be fetched, or names an inbox on another server");
        return;
      }
      const recipient = deliverableRecipient(env, { id: follower.id.href, ...delivery });
      if (!recipient) {
        logger.warn({ follower: follower.id.href, inbox: delivery.inbox }, 'federation: a follow was ignored: its inbox is not an address Marquee delivers to');
        return;
      }
      const sharedInbox = recipient.endpoints?.sharedInbox?.href ?? null;
      await db
        .insert(federationFollowers)
        .values({
          actor: target.identifier,
          followerUri: follower.id.href,
          inboxUrl: delivery.inbox,
          sharedInboxUrl: sharedInbox,
          followId: follow.id.href,
        })
        .onConflictDoUpdate({
          target: [federationFollowers.actor, federationFollowers.followerUri],
          set: { inboxUrl: delivery.inbox, sharedInboxUrl: sharedInbox, followId: follow.id.href },
        });
      logger.info({ actor: target.identifier, follower: follower.id.href }, 'federation: followed');
      await ctx.sendActivity({ identifier: target.identifier }, recipient, new Accept({
        id: new URL(`#accepts/${crypto.randomUUID()}`, ctx.getActorUri(target.identifier)),
        actor: ctx.getActorUri(target.identifier),
        object: follow,
      }));
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (!(object instanceof Follow) || !undo.actorId || object.actorId?.href !== undo.actorId.href) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== 'actor') return;
      await db.delete(federationFollowers).where(sql`${federationFollowers.actor} = ${target.identifier} and ${federationFollowers.followerUri} = ${undo.actorId.href}`);
      logger.info({ actor: target.identifier, follower: undo.actorId.href }, 'federation: unfollowed');
    })
    .on(Delete, async (_ctx, deletion) => {
      // An account deleted on its server: it follows nobody here any more.
      if (!deletion.actorId || deletion.objectId?.href !== deletion.actorId.href) return;
      await db.delete(federationFollowers).where(sql`${federationFollowers.followerUri} = ${deletion.actorId.href}`);
    })
    .onError((_ctx, error) => logger.warn({ err: error }, 'federation: an inbox activity failed'));

  // A follower's own inbox that answers 404 or 410 for good (the account is gone) loses that
  // follower; a server's shared inbox only when it says 410 Gone (a 404 there may be a passing
  // misroute, and would drop every follower on that server).
  federation.setOutboxPermanentFailureHandler(async (_ctx, { inbox, statusCode }) => {
    const gone = await db
      .delete(federationFollowers)
      .where(sql`${federationFollowers.inboxUrl} = ${inbox.href} or (${statusCode === 410} and ${federationFollowers.sharedInboxUrl} = ${inbox.href})`)
      .returning({ id: federationFollowers.id });
    if (gone.length) logger.info({ inbox: inbox.href, statusCode, followers: gone.length }, 'federation: followers at a gone inbox forgotten');
  });

  return federation;
}

const federations = new WeakMap<Services, Federation<Services>>();

/** The site's federation (one per set of services), or null when FEDERATION is off. */
export function federationOf(services: Services): Federation<Services> | null {
  if (!services.env.FEDERATION) return null;
  let federation = federations.get(services);
  if (!federation) federations.set(services, (federation = buildFederation(services)));
  return federation;
}

export { parseActorIdentifier };
