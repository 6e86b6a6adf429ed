import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { INBOX_MAX_BYTES, inboxActivitySchema } from '../../../core/schemas/federation.ts';
import { clientIp } from '../../http/client-ip.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { isBlockedHost } from './blocked-hosts.ts';
import { federationOf } from './create-federation.ts';
import { actorIdentifier, findActor, type ActorKind } from './federation-actors.ts';
import { siteSlugFromHost } from '../sites/resolve-site.ts';
import { sql } from 'drizzle-orm';
import { regions } from '../../db/schema.ts';
import { loadFederatedGig, parseEventId } from './gig-event.ts';
import { getFediversePresence } from './fediverse-presence.ts';
import { requireRole } from '../../http/session.ts';

const PATHS = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/*', '/ap/*'] as const;
const INBOX_PER_10_MINUTES = 3000;
const ACTIVITY_TYPES = /^application\/(activity\+json|ld\+json|json)\b/i;

const refuse = (c: Context, status: 400 | 403 | 413 | 415 | 429, error: string) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ error }, status);
};

/** The host of every key a request says it is signed with (draft-cavage `keyId`, RFC 9421 `keyid`). */
function signingHosts(request: Request): string[] {
  const headers = `${request.headers.get('signature') ?? ''} ${request.headers.get('signature-input') ?? ''}`;
  return [...headers.matchAll(/keyid="([^"]+)"/gi)].flatMap((m) => {
    try {
      return [new URL(m[1]!).hostname];
    } catch {
      return [];
    }
  });
}

/**
 * Decision 56: WebFinger, NodeInfo, the actors, their followers, the gigs' Events and the
 * inboxes, answered by Fedify. An activity posted to an inbox is checked first: its size, its
 * type, its envelope (the shared schema), its sender's address against the rate limit and its
 * server against FEDERATION_BLOCKED_HOSTS; Fedify then verifies its signature. Refusals are logged.
 * With FEDERATION off, all of it is 404.
 */
export function federationRoutes(services: Services) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const { env, logger } = services;
  const federation = federationOf(services);
  if (!federation) {
    for (const path of PATHS) app.all(path, (c) => c.json({ error: 'Federation is off on this site.' }, 404));
    return app;
  }

  const notAcceptable = async (request: Request): Promise<Response> => {
    // A browser opening an actor's or a gig's address is sent to its page.
    const path = new URL(request.url).pathname;
    const actorMatch = /^\/ap\/actors\/([a-z0-9.&-]+)$/.exec(path);
    const gigMatch = /^\/ap\/gigs\/([0-9a-f.-]+)$/.exec(path);
    if (actorMatch) {
      const actor = await findActor(services.db, actorMatch[1]!, env.PUBLIC_URL.replace(/\/$/, ''));
      if (actor) return Response.redirect(actor.url, 302);
    }
    const event = gigMatch ? parseEventId(gigMatch[1]!) : null;
    if (event) {
      const gig = await loadFederatedGig(services.db, event.gigId);
      if (gig?.isApproved) return Response.redirect(`${env.PUBLIC_URL.replace(/\/$/, '')}/venue/${gig.venue.slug}`, 302);
    }
    return new Response('Not acceptable', { status: 406, headers: { 'Content-Type': 'text/plain', Vary: 'Accept' } });
  };

  const serve = async (c: Context<{ Bindings: HttpBindings }>, request: Request) => {
    const response = await federation.fetch(request, {
      contextData: services,
      onNotFound: () => new Response(JSON.stringify({ error: 'Not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
      onNotAcceptable: notAcceptable,
    });
    if (request.method === 'POST' && response.status >= 400) logger.warn({ path: c.req.path, ip: clientIp(c), status: response.status }, 'federation: an activity was refused (a bad or missing signature, or an unreadable activity)');
    // Issue 35: Fedify adds a top-level "$schema" to NodeInfo, which the published 2.1 schema forbids.
    if (request.method === 'GET' && response.ok && new URL(request.url).pathname === '/nodeinfo/2.1') {
      const nodeInfo = (await response.json()) as Record<string, unknown>;
      delete nodeInfo.$schema;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(nodeInfo), { status: 200, headers });
    }
    // A copy with headers of its own (a redirect's are immutable), to which Marquee's security headers are added.
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
  };

  const inboxLimit = bodyLimit({
    maxSize: INBOX_MAX_BYTES,
    onError: (c) => {
      logger.warn({ path: c.req.path }, 'federation: an oversized activity was refused');
      return refuse(c, 413, `An activity is at most ${INBOX_MAX_BYTES / 1024} KB.`);
    },
  });

  app.post('/ap/*', inboxLimit, async (c) => {
    if (!ACTIVITY_TYPES.test(c.req.header('content-type') ?? '')) return refuse(c, 415, 'Activities are sent as application/activity+json.');
    const ip = clientIp(c);
    await limitHits(services, `ap-inbox:${ip ?? 'unknown'}`, { windowMs: 10 * 60_000, max: INBOX_PER_10_MINUTES, message: 'Too many activities. Please slow down.' });
    const bytes = await c.req.arrayBuffer();
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return refuse(c, 400, 'The activity is not JSON.');
    }
    const parsed = inboxActivitySchema.safeParse(body);
    if (!parsed.success) return refuse(c, 400, parsed.error.issues[0]?.message ?? 'The activity could not be read.');
    const actorUrl = typeof parsed.data.actor === 'string' ? parsed.data.actor : parsed.data.actor.id;
    const hosts = [new URL(actorUrl).hostname, ...signingHosts(c.req.raw)];
    const blocked = hosts.find((host) => isBlockedHost(env.FEDERATION_BLOCKED_HOSTS, host));
    if (blocked) {
      logger.warn({ host: blocked, actor: actorUrl }, 'federation: an activity from a blocked server was refused');
      return refuse(c, 403, 'This server does not accept activities from yours.');
    }
    return serve(c, new Request(c.req.url, { method: 'POST', headers: c.req.raw.headers, body: bytes }));
  });
  for (const path of PATHS) app.on(['GET', 'HEAD'], path, (c) => serve(c, c.req.raw));

  // A page's address pasted into a fediverse search (a band's site, a venue's or a region's page)
  // is fetched asking for ActivityPub: it leads to the actor behind the page. Browsers, asking
  // for HTML, get the page as before.
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, '');
  const toActor = async (c: Context, kind: ActorKind, slug: string | null | undefined) => {
    if (!slug) return null;
    const actor = await findActor(services.db, actorIdentifier(kind, slug), publicUrl);
    return actor ? c.redirect(`${publicUrl}/ap/actors/${actor.identifier}`, 302) : null;
  };
  const wantsActivity = (c: Context) => /application\/(activity\+json|ld\+json)/i.test(c.req.header('accept') ?? '');
  /** The answer depends on Accept: caches must keep the page and the redirect apart. */
  const negotiated = async (c: Context, next: () => Promise<void>, actor: (c: Context) => Promise<Response | null>) => {
    const redirect = wantsActivity(c) ? await actor(c) : null;
    if (redirect) {
      redirect.headers.set('Vary', 'Accept');
      return redirect;
    }
    await next();
    try {
      c.res.headers.append('Vary', 'Accept');
    } catch {
      // An answer with immutable headers (none today) keeps its own.
    }
  };
  app.get('/', (c, next) => negotiated(c, next, (c) => toActor(c, 'band', siteSlugFromHost(c.req.header('host'), publicUrl))));
  app.get('/venue/:slug', (c, next) => negotiated(c, next, (c) => toActor(c, 'venue', c.req.param('slug'))));
  app.get('/:path', (c, next) =>
    negotiated(c, next, async (c) => {
      const [region] = await services.db.select({ slug: regions.slug }).from(regions).where(sql`${regions.path} = ${`/${c.req.param('path')}`}`);
      return toActor(c, 'region', region?.slug);
    }),
  );
  return app;
}

/** Under /api: a band's or venue's handle and follower count, for its dashboard. */
export function fediverseAccountRoutes(services: Services) {
  const app = new Hono();
  app.get('/federation/me', async (c) => {
    const { user } = await requireRole(services, c, 'band', 'venue');
    return c.json(await getFediversePresence(services, user));
  });
  return app;
}
