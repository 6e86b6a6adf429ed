import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorBody } from '../../../core/errors.ts';
import { API_KEY_SCOPE_LABELS, type ApiKeyScope } from '../../../core/schemas/api-keys.ts';
import { clientAddressKey } from '../../http/client-ip.ts';
import { countHitInWindow, giveBackHit, pruneHits } from '../../http/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { bearerKey, findApiKeyOwner, type ApiKeyOwner } from './api-keys.ts';

/** Decision 53: per client, in a fixed 10-minute window; a key's owner gets more than an address. */
export const API_RATE_WINDOW_SECONDS = 600;
export const API_REQUESTS_PER_IP = 600;
export const API_REQUESTS_PER_KEY = 3000;

export type ApiVariables = { apiKeyOwner: (ApiKeyOwner & { keyId: string }) | null };

/** The keyed routes: the owner's own data, never shared (no CORS, no caching). */
export const isKeyedPath = (path: string) => path.startsWith('/api/v1/me/') || path === '/api/v1/me';

const PUBLIC_CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
};

/**
 * CORS for the public routes (any site's script may read them; no credentials are involved), and
 * the answer to their preflights, which allow no Authorization header: a key is for servers, so no
 * other site's page is invited to send one (issue 33). The keyed routes get neither.
 */
export function allowPublicCors(): MiddlewareHandler {
  return async (c, next) => {
    if (isKeyedPath(c.req.path)) return next();
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, {
        ...PUBLIC_CORS,
        'access-control-allow-methods': 'GET, HEAD, OPTIONS',
        'access-control-allow-headers': 'If-None-Match',
        'access-control-max-age': '86400',
        'cache-control': 'public, max-age=86400',
      });
    }
    await next();
    for (const [name, value] of Object.entries(PUBLIC_CORS)) c.res.headers.set(name, value);
  };
}

/**
 * Who is calling (the key's owner, when a valid key came with the request) and the per-client
 * limit, with the IETF RateLimit-Limit/-Remaining/-Reset headers on every answer and a 429 with
 * Retry-After past it. Counted in the database (rate-limit.ts), so every process shares the count.
 *
 * Every request is counted against its address (an IPv6 client's /64) before any key is looked up,
 * so made-up keys spend the address's budget like anonymous reads and, past it, are refused
 * without a lookup (issue 33). A key that turns out valid gives that hit back and is counted
 * against the key instead, with the key's higher limit.
 */
export function limitApiClients(services: Pick<Services, 'db' | 'isRateLimitEnabled'>): MiddlewareHandler<{ Variables: ApiVariables }> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const windowMs = API_RATE_WINDOW_SECONDS * 1000;
    const now = Date.now();
    const addressCounter = `api:ip:${clientAddressKey(c)}`;
    const addressHit = services.isRateLimitEnabled ? await countHitInWindow(services.db, addressCounter, windowMs, { now }) : null;
    if (addressHit && addressHit.count > API_REQUESTS_PER_IP) return refuseOverLimit(c, API_REQUESTS_PER_IP, addressHit, now);
    const authorization = c.req.header('authorization');
    const key = bearerKey(authorization);
    const owner = key ? await findApiKeyOwner(services.db, key) : null;
    // A key that is sent is checked everywhere: an unknown or revoked one is a 401, not an anonymous read.
    if (authorization && !owner) return refuseKey(c);
    c.set('apiKeyOwner', owner);
    if (!addressHit) return next();
    let [max, hit] = [API_REQUESTS_PER_IP, addressHit];
    if (owner) {
      await giveBackHit(services.db, addressCounter, addressHit.since);
      [max, hit] = [API_REQUESTS_PER_KEY, await countHitInWindow(services.db, `api:key:${owner.keyId}`, windowMs, { now })];
      if (hit.count > max) return refuseOverLimit(c, max, hit, now);
    }
    await next();
    for (const [name, value] of Object.entries(limitHeaders(max, hit, now))) c.res.headers.set(name, value);
  };
}

function limitHeaders(max: number, { count, since }: { count: number; since: number }, now: number) {
  const reset = Math.max(1, Math.ceil((since + API_RATE_WINDOW_SECONDS * 1000 - now) / 1000));
  return { 'RateLimit-Limit': String(max), 'RateLimit-Remaining': String(Math.max(0, max - count)), 'RateLimit-Reset': String(reset) };
}

function refuseOverLimit(c: Context, max: number, hit: { count: number; since: number }, now: number) {
  const headers = limitHeaders(max, hit, now);
  const reset = headers['RateLimit-Reset'];
  const body: ErrorBody = { error: { code: 'RATE_LIMITED', message: `Too many requests: ${max} per ${API_RATE_WINDOW_SECONDS / 60} minutes. Please try again in ${reset} seconds.` } };
  return c.json(body, 429, { ...headers, 'Retry-After': reset });
}

/** Forgets the per-client counters of windows that ended (run every 10 minutes by the job queue). */
export async function pruneApiCounters(db: Db): Promise<number> {
  return pruneHits(db, 'api:', API_RATE_WINDOW_SECONDS * 1000);
}

function refuseKey(c: Context) {
  const body: ErrorBody = { error: { code: 'UNAUTHENTICATED', message: 'Please send a valid API key: Authorization: Bearer mq_live_…' } };
  return c.json(body, 401, { 'WWW-Authenticate': 'Bearer realm="marquee"', 'Cache-Control': 'no-store' });
}

/** The keyed routes answer only a valid key (a session is not one): 401 with WWW-Authenticate otherwise. */
export function requireApiKey(): MiddlewareHandler<{ Variables: ApiVariables }> {
  return async (c, next) => (c.get('apiKeyOwner') ? next() : refuseKey(c));
}

/**
 * A keyed route that needs a scope beyond public read (issue 33, finding 11): a key without it is
 * 403 naming the scope, before the gig is looked up (so it tells nothing about which gigs exist).
 */
export function requireApiScope(scope: ApiKeyScope): MiddlewareHandler<{ Variables: ApiVariables }> {
  return async (c, next) => {
    const owner = c.get('apiKeyOwner');
    if (!owner) return refuseKey(c);
    if (owner.scopes.includes(scope)) return next();
    const body: ErrorBody = {
      error: {
        code: 'FORBIDDEN',
        message: `This API key does not have the ${scope} scope (${API_KEY_SCOPE_LABELS[scope]}). A key's scopes are chosen when it is made: make a new key on your dashboard with "${API_KEY_SCOPE_LABELS[scope]}" ticked.`,
      },
    };
    return c.json(body, 403, { 'Cache-Control': 'no-store' });
  };
}

/**
 * Caching of every JSON answer: public ones for a minute anywhere, keyed ones never stored; each
 * with a weak ETag (a hash of its body: weak, since compression may change the bytes sent) and a
 * 304 for a matching If-None-Match, with the headers the 200 would have had.
 */
export function tagAndCache(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
    // An answer to a request with a key stays with that client (its RateLimit counters are the key's).
    const cacheControl = !res.ok || isKeyedPath(c.req.path) ? 'no-store' : c.req.header('authorization') ? 'private, max-age=60' : 'public, max-age=60';
    if (!res.headers.has('Cache-Control')) res.headers.set('Cache-Control', cacheControl);
    if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('application/json')) return;
    const body = new Uint8Array(await res.clone().arrayBuffer());
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const ifNoneMatch = c.req.header('if-none-match');
    const isMatch = ifNoneMatch?.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag.slice(2));
    if (!isMatch) {
      res.headers.set('ETag', etag);
      return;
    }
    const headers = new Headers(res.headers);
    headers.set('ETag', etag);
    headers.delete('content-type');
    headers.delete('content-length');
    c.res = new Response(null, { status: 304, headers });
  };
}
