import { Hono, type Context } from 'hono';
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { createApiKeySchema, type ApiKeyScope } from '../../../core/schemas/api-keys.ts';
import {
  apiAttendeePageSchema,
  apiBandPageSchema,
  apiBandSchema,
  apiCheckInPageSchema,
  apiErrorSchema,
  apiGigFiltersSchema,
  apiGigPageSchema,
  apiGigSalesSchema,
  apiGigSchema,
  apiIdParamSchema,
  apiListQuerySchema,
  apiOwnGigPageSchema,
  apiPromoterPageSchema,
  apiPromoterSchema,
  apiSlugParamSchema,
  apiVenuePageSchema,
  apiVenueSchema,
} from '../../../core/schemas/public-api.ts';
import { fieldErrors } from '../../../core/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { requireRole } from '../../http/session.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { allowPublicCors, limitApiClients, requireApiKey, requireApiScope, tagAndCache, type ApiVariables } from './api-http.ts';
import { API_KEY_ROLES, createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { getOwnGigSales, listOwnGigAttendees, listOwnGigCheckIns } from './get-own-gig-tickets.ts';
import { getApiBand, getApiPromoter, getApiVenue, listApiBands, listApiPromoters, listApiVenues } from './list-api-directories.ts';
import { getApiGig, listApiGigs } from './list-api-gigs.ts';
import { listOwnGigs } from './list-own-gigs.ts';
import { serveApiReference } from './serve-api-reference.ts';

const json = <S extends z.ZodType>(schema: S, description: string) => ({ description, content: { 'application/json': { schema } } });
const errors = {
  400: json(apiErrorSchema, 'A filter or parameter is wrong; `error.fields` names it.'),
  429: json(apiErrorSchema, 'Too many requests: wait for `Retry-After` seconds.'),
} as const;
/** A public route reads without a key; one that is sent must be valid. */
const publicErrors = { ...errors, 401: json(apiErrorSchema, 'The API key sent is unknown or revoked (send none to read as anyone).') } as const;
const notModified = { 304: { description: 'Not modified since the ETag sent in If-None-Match.' } } as const;
/** A keyed route and the scope its key needs (issue 33, finding 11): named in the document's security requirement. */
const keyed = (scope: ApiKeyScope) => ({ security: [{ apiKey: [scope] as string[] }], tags: ['Your gigs (API key)'] });
const missingScope = (scope: ApiKeyScope) => ({ 403: json(apiErrorSchema, `The key does not have the \`${scope}\` scope (make a new key with it ticked).`) });

/**
 * The headers the API sends (issue 35, item 7), declared on each answer: every answer says what
 * is left of the client's limit (IETF RateLimit-*) and its Cache-Control; a 200 or 304 has its ETag;
 * a 429 says when to try again.
 */
const header = (description: string, schema: { type: 'string' | 'integer' } = { type: 'string' }) => ({ description, schema });
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': header('Requests this client may send in the 10-minute window.', { type: 'integer' }),
  'RateLimit-Remaining': header('Requests left in the window.', { type: 'integer' }),
  'RateLimit-Reset': header('Seconds until the window starts again.', { type: 'integer' }),
};
const CACHE_CONTROL = { 'Cache-Control': header('`public, max-age=60` for public answers; `private, no-cache` for answers to a request with a key; `no-store` for refusals.') };
const ETAG = { ETag: header('A weak validator of the answer: send it back as If-None-Match to get a 304 while nothing changed.') };
function withHeaders<T extends RouteConfig['responses']>(responses: T): T {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      { ...response, headers: { ...RATE_LIMIT_HEADERS, ...CACHE_CONTROL, ...(status === '200' || status === '304' ? ETAG : {}), ...(status === '429' ? { 'Retry-After': header('Seconds to wait before the next request.', { type: 'integer' }) } : {}) } },
    ]),
  ) as unknown as T;
}

const get = <R extends Omit<RouteConfig, 'method'>>(route: R) => createRoute({ method: 'get', ...route, responses: withHeaders(route.responses) });

const routes = {
  gigs: get({
    path: '/gigs',
    tags: ['Gigs'],
    summary: 'Upcoming gigs',
    description: 'Approved gigs from today on, in date order. Filters combine; a page holds `limit` gigs.',
    request: { query: apiGigFiltersSchema },
    responses: { 200: json(apiGigPageSchema, 'A page of gigs.'), ...notModified, ...publicErrors },
  }),
  gig: get({
    path: '/gigs/{id}',
    tags: ['Gigs'],
    summary: 'One gig',
    request: { params: apiIdParamSchema },
    responses: { 200: json(apiGigSchema, 'The gig.'), ...notModified, 404: json(apiErrorSchema, 'No such public gig.'), ...publicErrors },
  }),
  bands: get({ path: '/bands', tags: ['Bands'], summary: 'Bands', request: { query: apiListQuerySchema }, responses: { 200: json(apiBandPageSchema, 'A page of bands, by slug.'), ...notModified, ...publicErrors } }),
  band: get({ path: '/bands/{slug}', tags: ['Bands'], summary: 'One band', request: { params: apiSlugParamSchema }, responses: { 200: json(apiBandSchema, 'The band.'), ...notModified, 404: json(apiErrorSchema, 'No such band.'), ...publicErrors } }),
  venues: get({ path: '/venues', tags: ['Venues'], summary: 'Venues', request: { query: apiListQuerySchema }, responses: { 200: json(apiVenuePageSchema, 'A page of venues, by slug.'), ...notModified, ...publicErrors } }),
  venue: get({ path: '/venues/{slug}', tags: ['Venues'], summary: 'One venue', request: { params: apiSlugParamSchema }, responses: { 200: json(apiVenueSchema, 'The venue.'), ...notModified, 404: json(apiErrorSchema, 'No such venue.'), ...publicErrors } }),
  promoters: get({ path: '/promoters', tags: ['Promoters'], summary: 'Promoters', request: { query: apiListQuerySchema }, responses: { 200: json(apiPromoterPageSchema, 'A page of promoters, by slug.'), ...notModified, ...publicErrors } }),
  promoter: get({ path: '/promoters/{slug}', tags: ['Promoters'], summary: 'One promoter', request: { params: apiSlugParamSchema }, responses: { 200: json(apiPromoterSchema, 'The promoter.'), ...notModified, 404: json(apiErrorSchema, 'No such promoter.'), ...publicErrors } }),
  ownGigs: get({
    path: '/me/gigs',
    ...keyed('public:read'),
    summary: 'Your gigs',
    description: 'Every gig of the key’s owner, whatever its state: a venue’s or promoter’s own, a band’s bookings.',
    request: { query: apiListQuerySchema },
    responses: { 200: json(apiOwnGigPageSchema, 'A page of your gigs.'), ...notModified, 401: json(apiErrorSchema, 'No valid API key.'), ...errors },
  }),
  sales: get({
    path: '/me/gigs/{id}/sales',
    ...keyed('public:read'),
    summary: 'A gig’s ticket sales',
    request: { params: apiIdParamSchema },
    responses: { 200: json(apiGigSalesSchema, 'Tickets sold, refunded and checked in, and the money.'), ...notModified, 401: json(apiErrorSchema, 'No valid API key.'), 404: json(apiErrorSchema, 'Not one of your gigs.'), ...errors },
  }),
  attendees: get({
    path: '/me/gigs/{id}/attendees',
    ...keyed('attendees:read'),
    summary: 'A gig’s ticket holders (organisers)',
    description: 'Needs a key with the `attendees:read` scope, ticked when the key was made (holders’ e-mail addresses are personal data).',
    request: { params: apiIdParamSchema, query: apiListQuerySchema },
    responses: { 200: json(apiAttendeePageSchema, 'A page of tickets, in order of purchase.'), ...notModified, 401: json(apiErrorSchema, 'No valid API key.'), ...missingScope('attendees:read'), 404: json(apiErrorSchema, 'Not a gig you organise.'), ...errors },
  }),
  checkIns: get({
    path: '/me/gigs/{id}/check-ins',
    ...keyed('checkins:read'),
    summary: 'A gig’s check-ins (organisers)',
    description: 'Needs a key with the `checkins:read` scope, ticked when the key was made.',
    request: { params: apiIdParamSchema, query: apiListQuerySchema },
    responses: { 200: json(apiCheckInPageSchema, 'A page of admitted tickets, in the order they came in.'), ...notModified, 401: json(apiErrorSchema, 'No valid API key.'), ...missingScope('checkins:read'), 404: json(apiErrorSchema, 'Not a gig you organise.'), ...errors },
  }),
};

/**
 * Bad input is a 400 naming the field (decision 53), in the app's one error shape: the API's
 * clients are programs, and 422 is what Marquee's own forms get.
 */
function refuseBadInput(result: { success: boolean; error?: unknown }) {
  if (result.success || !(result.error instanceof z.ZodError)) return;
  const fields = fieldErrors(result.error);
  throw new AppError('BAD_REQUEST', Object.values(fields)[0] ?? 'That request is not valid.', fields);
}

/** The public API, version 1 (issue 26, decision 53), mounted at /api/v1. */
export function publicApiRoutes(services: Services) {
  const { db, env } = services;
  const publicUrl = env.PUBLIC_URL;
  const app = new OpenAPIHono<{ Variables: ApiVariables }>({ defaultHook: refuseBadInput });
  app.use(allowPublicCors());
  app.use(limitApiClients(services));
  app.use(tagAndCache());
  app.use('/me/*', requireApiKey());
  app.use('/me/gigs/:id/attendees', requireApiScope('attendees:read'));
  app.use('/me/gigs/:id/check-ins', requireApiScope('checkins:read'));
  const owner = (c: Context<{ Variables: ApiVariables }>) => c.get('apiKeyOwner')!;

  app.openapi(routes.gigs, async (c) => c.json(await listApiGigs(db, publicUrl, c.req.valid('query')), 200));
  app.openapi(routes.gig, async (c) => c.json(await getApiGig(db, publicUrl, c.req.valid('param').id), 200));
  app.openapi(routes.bands, async (c) => c.json(await listApiBands(db, publicUrl, c.req.valid('query')), 200));
  app.openapi(routes.band, async (c) => c.json(await getApiBand(db, publicUrl, c.req.valid('param').slug), 200));
  app.openapi(routes.venues, async (c) => c.json(await listApiVenues(db, publicUrl, c.req.valid('query')), 200));
  app.openapi(routes.venue, async (c) => c.json(await getApiVenue(db, publicUrl, c.req.valid('param').slug), 200));
  app.openapi(routes.promoters, async (c) => c.json(await listApiPromoters(db, publicUrl, c.req.valid('query')), 200));
  app.openapi(routes.promoter, async (c) => c.json(await getApiPromoter(db, publicUrl, c.req.valid('param').slug), 200));
  app.openapi(routes.ownGigs, async (c) => c.json(await listOwnGigs(db, owner(c), c.req.valid('query')), 200));
  app.openapi(routes.sales, async (c) => c.json(await getOwnGigSales(db, owner(c), c.req.valid('param').id), 200));
  app.openapi(routes.attendees, async (c) => c.json(await listOwnGigAttendees(db, owner(c), c.req.valid('param').id, c.req.valid('query')), 200));
  app.openapi(routes.checkIns, async (c) => c.json(await listOwnGigCheckIns(db, owner(c), c.req.valid('param').id, c.req.valid('query')), 200));

  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key made on your Marquee dashboard (API keys card): `Authorization: Bearer mq_live_…`. ' +
      'Scopes (named in each route’s security requirement): every key has `public:read` (public data, your gigs and their sales); ' +
      '`attendees:read` (your gigs’ ticket holders) and `checkins:read` (their check-ins) only when ticked when the key was made. ' +
      'A key without a route’s scope gets 403; scopes cannot be changed later (make a new key).',
  });
  let document: unknown;
  app.get('/openapi.json', (c) => {
    document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Marquee public API',
        version: '1.0.0',
        description:
          'Read-only JSON about the gigs, bands, venues and promoters on Marquee, and, with an API key, your own gigs’ sales, attendees and check-ins. ' +
          'Pages are keyset-paginated (`nextCursor`), every answer has an ETag, public answers may be cached for 60 seconds and read from any origin (CORS). ' +
          'Each client may send 600 requests per 10 minutes (3000 with an API key); the RateLimit-* headers say how many remain. ' +
          'Every route reads (GET); a request with a body that is not JSON (`Content-Type: application/json`) is refused with 415.',
      },
      servers: [{ url: new URL('/api/v1', publicUrl).href }],
    });
    return c.json(document);
  });
  app.route('/docs', serveApiReference(publicUrl));
  return app;
}

/** An organiser's or band's own API keys, from the dashboard (session routes, decision 53). */
export function apiKeyRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;

  app.get('/api-keys', async (c) => {
    const { user } = await requireRole(services, c, ...API_KEY_ROLES);
    return c.json({ keys: await listApiKeys(db, user.id) });
  });
  app.post('/api-keys', async (c) => {
    const session = await requireRole(services, c, ...API_KEY_ROLES);
    const { name, scopes } = parseInput(createApiKeySchema, await readJsonBody(c));
    await limitHits(services, `api-keys:${session.user.id}`, { windowMs: 60 * 60_000, max: 20, message: 'Too many new keys. Please try again in an hour.' });
    return c.json(await createApiKey(db, session, name, scopes), 201);
  });
  app.post('/api-keys/:keyId/revoke', async (c) => {
    const { user } = await requireRole(services, c, ...API_KEY_ROLES);
    await limitHits(services, `api-keys-revoke:${user.id}`, { windowMs: 60 * 60_000, max: 60, message: 'Too many keys revoked. Please try again in an hour.' });
    return c.json(await revokeApiKey(db, user.id, c.req.param('keyId')));
  });
  return app;
}
