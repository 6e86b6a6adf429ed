// The public API (issue 26, decision 53): every route's answer checked against the OpenAPI
// document it publishes, its filters, pages, caching and limits, and an organiser's API key
// from creation to revocation.
import { createHash, randomBytes } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, gigs, orders, rateLimit, tickets, user } from '../../src/server/db/schema.ts';
import { API_REQUESTS_PER_IP, API_REQUESTS_PER_KEY, pruneApiCounters } from '../../src/server/features/public-api/api-http.ts';
import { clientNetwork } from '../../src/server/http/client-ip.ts';
import { markEmailVerified, signUpAs } from '../helpers/accounts.ts';
import { createBand, createGig, createPromoter, createVenue, dayIn } from '../helpers/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '../helpers/test-app.ts';

const ZONE = 'America/Chicago';
let t: TestApp;
let visitor: TestClient;
let doc: any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

const band = { id: '', name: '', slug: '' };
const venue = { id: '', name: '', slug: '' };
let promoterSlug = '';
const gigIds: string[] = [];
let ticketedGigId = '';
let organiser: { client: TestClient; id: string };

/** The OpenAPI document's schema for one route's answer, checked with ajv (OpenAPI 3.1 is JSON Schema 2020-12). */
function expectMatchesDocument(template: string, status: number, body: unknown) {
  const schema = doc.paths[template]?.get?.responses?.[String(status)]?.content?.['application/json']?.schema;
  expect(schema, `${template} ${status} is documented`).toBeDefined();
  const validate = ajv.compile({ ...schema, components: doc.components });
  const isValid = validate(body);
  expect(validate.errors ?? [], `${template} ${status}`).toEqual([]);
  expect(isValid).toBe(true);
}

/** The API's own headers on an answer (ETag, Cache-Control, RateLimit-*, Retry-After) are each declared on that answer in the document. */
function expectHeadersDocumented(template: string, status: number, headers: Headers) {
  const declared = Object.keys(doc.paths[template]?.get?.responses?.[String(status)]?.headers ?? {}).map((h) => h.toLowerCase());
  const sent = [...headers.keys()].filter((h) => /^(etag|cache-control|ratelimit-|retry-after)/.test(h));
  expect(sent.length, `${template} ${status} sends headers`).toBeGreaterThan(0);
  expect(sent.filter((h) => !declared.includes(h)), `${template} ${status}`).toEqual([]);
}

async function addTickets(gigId: string, holders: { email: string; status: 'valid' | 'used' | 'refunded' }[]) {
  const [order] = await t.db
    .insert(orders)
    .values({
      gigId,
      buyerEmail: 'buyer@fans.test',
      quantity: holders.length,
      faceCents: 2000 * holders.length,
      feeCents: 200 * holders.length,
      totalCents: 2200 * holders.length,
      status: 'paid',
      provider: 'sandbox',
      providerSessionId: `cs_${randomBytes(8).toString('hex')}`,
      platformShareCents: 2200 * holders.length,
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  await t.db.insert(tickets).values(
    holders.map((h, i) => ({
      id: randomBytes(16).toString('base64url'),
      orderId: order!.id,
      gigId,
      holderEmail: h.email,
      status: h.status,
      faceCents: 2000,
      feeCents: 200,
      platformShareCents: 2200,
      position: i + 1,
      usedAt: h.status === 'used' ? new Date() : null,
    })),
  );
  // The gig's counter of tickets sold, as a sale and a refund keep it (issue 34 item 8: 'Sold' reads it).
  const standing = holders.filter((h) => h.status !== 'refunded').length;
  await t.db.update(gigs).set({ ticketsSold: sql`${gigs.ticketsSold} + ${standing}` }).where(eq(gigs.id, gigId));
}

beforeAll(async () => {
  t = await createTestApp();
  visitor = t.client();
  Object.assign(band, await createBand(t.db, { name: `Api Band ${randomBytes(3).toString('hex')}`, genres: ['Jazz'] }));
  Object.assign(venue, await createVenue(t.db, { name: `Api Venue ${randomBytes(3).toString('hex')}`, website: 'https://venue.test' }));
  promoterSlug = (await createPromoter(t.db)).slug;
  for (let day = 1; day <= 7; day++) gigIds.push(await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, day) }));
  ticketedGigId = gigIds[0]!;
  const { gigs } = await import('../../src/server/db/schema.ts');
  await t.db.update(gigs).set({ isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 100 }).where(eq(gigs.id, ticketedGigId));
  // Not public: unapproved, cancelled, past.
  await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 3), isApproved: false });
  await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 4), cancelledAt: new Date() });
  await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, -3) });
  doc = (await visitor.get('/api/v1/openapi.json')).json;

  const signedUp = await signUpAs(t, 'venue');
  await markEmailVerified(t, signedUp.id);
  organiser = signedUp;
}, 60_000);
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, describes every v1 route, and is itself cached and tagged', async () => {
    const res = await visitor.get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(Object.keys(res.json.paths).sort()).toEqual(
      ['/gigs', '/gigs/{id}', '/bands', '/bands/{slug}', '/venues', '/venues/{slug}', '/promoters', '/promoters/{slug}', '/me/gigs', '/me/gigs/{id}/sales', '/me/gigs/{id}/attendees', '/me/gigs/{id}/check-ins'].sort(),
    );
    expect(res.json.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.headers.get('etag')).toMatch(/^W\/"/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('passes an OpenAPI 3.1 validator whole (issue 35), with venue addresses as PostalAddress fields', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.components.schemas.PostalAddress.required).toEqual(['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry']);
  });
});

describe('public routes, checked against the document', () => {
  it('lists upcoming approved gigs with their page, checkout and venue, and nothing private', async () => {
    const res = await visitor.get(`/api/v1/gigs?venue=${venue.slug}&limit=100`);
    expect(res.status).toBe(200);
    expectMatchesDocument('/gigs', 200, res.json);
    expect(res.json.data.map((g: any) => g.id)).toEqual(gigIds);
    const ticketed = res.json.data[0];
    expect(ticketed).toMatchObject({ priceCents: 2000, currency: 'USD', venue: { name: venue.name, slug: venue.slug }, band: { name: band.name, slug: band.slug }, genres: ['Jazz'] });
    expect(ticketed.ticketUrl).toContain(`${TEST_ORIGIN}/tickets?`);
    expect(ticketed.ticketUrl).toContain(`gigId=${ticketedGigId}`);
    expect(ticketed.url).toBe(`${TEST_ORIGIN}/venue/${venue.slug}`);
    expect(res.json.data[1].ticketUrl).toBeNull();
    expect(res.text).not.toMatch(/@factory\.test|userId|"id":"(?!(?:[0-9a-f-]{36})")/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('filters by region, dates, band and genre', async () => {
    const day = dayIn(ZONE, 2);
    const byDay = await visitor.get(`/api/v1/gigs?region=chicagoland&from=${day}&to=${day}&band=${band.slug}&genre=jazz`);
    expect(byDay.status).toBe(200);
    expect(byDay.json.data.map((g: any) => g.id)).toEqual([gigIds[1]]);
    const otherGenre = await visitor.get(`/api/v1/gigs?band=${band.slug}&genre=polka`);
    expect(otherGenre.json.data).toEqual([]);
  });

  it('answers one gig, band, venue and promoter, and 404 for unknown ones', async () => {
    const gig = await visitor.get(`/api/v1/gigs/${ticketedGigId}`);
    expectMatchesDocument('/gigs/{id}', 200, gig.json);
    const b = await visitor.get(`/api/v1/bands/${band.slug}`);
    expectMatchesDocument('/bands/{slug}', 200, b.json);
    expect(b.json).toMatchObject({ name: band.name, upcomingGigs: 7 });
    const v = await visitor.get(`/api/v1/venues/${venue.slug.toUpperCase()}`);
    expectMatchesDocument('/venues/{slug}', 200, v.json);
    expect(v.json).toMatchObject({ name: venue.name, website: 'https://venue.test', upcomingGigs: 7 });
    const p = await visitor.get(`/api/v1/promoters/${promoterSlug}`);
    expectMatchesDocument('/promoters/{slug}', 200, p.json);
    for (const path of ['/gigs/00000000-0000-4000-8000-000000000000', '/gigs/not-a-uuid', '/bands/nobody', '/venues/nowhere', '/promoters/noone']) {
      const res = await visitor.get(`/api/v1${path}`);
      expect(res.status, path).toBe(404);
      expectMatchesDocument(path.replace(/^\/(\w+)\/.*$/, (_m, kind: string) => `/${kind}/${kind === 'gigs' ? '{id}' : '{slug}'}`), 404, res.json);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('lists bands, venues and promoters a keyset page at a time, each item once', async () => {
    for (const kind of ['bands', 'venues', 'promoters']) {
      const all = await visitor.get(`/api/v1/${kind}?limit=100`);
      expectMatchesDocument(`/${kind}`, 200, all.json);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: any = await visitor.get(`/api/v1/${kind}?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expectMatchesDocument(`/${kind}`, 200, res.json);
        seen.push(...res.json.data.map((item: any) => item.slug));
        cursor = res.json.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all.json.data.map((item: any) => item.slug));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBeGreaterThan(0);
    }
  });

  it('walks every page of gigs with no duplicates and no gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await visitor.get(`/api/v1/gigs?venue=${venue.slug}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expectMatchesDocument('/gigs', 200, res.json);
      seen.push(...res.json.data.map((g: any) => g.id));
      cursor = res.json.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(gigIds);
  });
});

describe('bad input', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['from=2026-13-45', 'from'],
    ['to=yesterday', 'to'],
    ['from=2027-02-01&to=2027-01-01', 'to'],
    ['from=2027-01-01&to=2028-06-01', 'to'],
    ['region=%3Cscript%3E', 'region'],
    ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['cursor=WyIyMDI3LTAxLTAxIiwiMjA6MDAiLCJ4Il0', 'cursor'],
    // Dates the database has no day for: a 400, never a database error.
    ['from=0000-01-01', 'from'],
    ['to=0000-06-01', 'to'],
    [`cursor=${Buffer.from(JSON.stringify(['2026-99-99', '20:00', '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from(JSON.stringify(['2026-02-30', '20:00', '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`, 'cursor'],
  ])('%s is a 400 naming %s', async (query, field) => {
    const res = await visitor.get(`/api/v1/gigs?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('BAD_REQUEST');
    expect(Object.keys(res.json.error.fields)).toContain(field);
    expectMatchesDocument('/gigs', 400, res.json);
  });
});

describe('conditional requests and CORS', () => {
  it('answers 304 to a matching If-None-Match, with the same caching and CORS headers', async () => {
    const first = await visitor.get('/api/v1/bands');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await visitor.get('/api/v1/bands', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=60');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    const changed = await visitor.get('/api/v1/bands', { 'if-none-match': 'W/"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD like GET, without the body', async () => {
    const res = await t.app.fetch(new Request(`${TEST_ORIGIN}/api/v1/venues`, { method: 'HEAD' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^W\//);
    expect(await res.text()).toBe('');
  });

  it('answers a cross-origin preflight for GET', async () => {
    const res = await t.app.fetch(
      new Request(`${TEST_ORIGIN}/api/v1/gigs`, { method: 'OPTIONS', headers: { origin: 'https://band.example', 'access-control-request-method': 'GET' } }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('the rate limit', () => {
  it('counts an IPv6 client by its /64, and forgets the counters of ended windows', async () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork(null)).toBe('unknown');
    const now = Date.now();
    await t.db.insert(rateLimit).values([
      { id: randomBytes(8).toString('hex'), key: 'marquee:api:ip:198.51.100.1', count: 3, lastRequest: now - 11 * 60_000 },
      { id: randomBytes(8).toString('hex'), key: 'marquee:api:ip:198.51.100.2', count: 3, lastRequest: now - 60_000 },
      { id: randomBytes(8).toString('hex'), key: 'marquee:sign-in:198.51.100.1', count: 3, lastRequest: now - 11 * 60_000 },
    ]);
    expect(await pruneApiCounters(t.db)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key);
    expect(left).toEqual(expect.arrayContaining(['marquee:api:ip:198.51.100.2', 'marquee:sign-in:198.51.100.1']));
    expect(left).not.toContain('marquee:api:ip:198.51.100.1');
  });

  it('answers the bare /api/v1 with a 404, not an error, while counting', async () => {
    t.services.isRateLimitEnabled = true;
    try {
      expect((await visitor.get('/api/v1')).status).toBe(404);
    } finally {
      t.services.isRateLimitEnabled = false;
      await t.db.delete(rateLimit).where(eq(rateLimit.key, 'marquee:api:ip:unknown'));
    }
  });

  it('says what is left, and answers 429 with Retry-After past 600 requests in 10 minutes', async () => {
    t.services.isRateLimitEnabled = true;
    try {
      await t.db.delete(rateLimit).where(eq(rateLimit.key, 'marquee:api:ip:unknown'));
      const first = await visitor.get('/api/v1/venues');
      expect(first.headers.get('ratelimit-limit')).toBe('600');
      expect(first.headers.get('ratelimit-remaining')).toBe('599');
      expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(590);
      const again = await visitor.get('/api/v1/venues', { 'if-none-match': first.headers.get('etag')! });
      expect(again.status).toBe(304);
      expectHeadersDocumented('/venues', 304, again.headers);
      await t.db.update(rateLimit).set({ count: 600 }).where(eq(rateLimit.key, 'marquee:api:ip:unknown'));
      const refused = await visitor.get('/api/v1/venues');
      expect(refused.status).toBe(429);
      expectMatchesDocument('/venues', 429, refused.json);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      // Issue 35: the document declares the headers these answers carry.
      expectHeadersDocumented('/venues', 200, first.headers);
      expectHeadersDocumented('/venues', 429, refused.headers);
    } finally {
      t.services.isRateLimitEnabled = false;
      await t.db.delete(rateLimit).where(eq(rateLimit.key, 'marquee:api:ip:unknown'));
    }
  });
});

describe('API keys', () => {
  it('a venue creates a key, sees it once, reads its own gigs with it, and revokes it', async () => {
    const created = await organiser.client.post('/api/api-keys', { name: 'Our website', scopes: ['attendees:read', 'checkins:read'] });
    expect(created.status).toBe(201);
    const key: string = created.json.key;
    expect(key).toMatch(/^mq_live_[\w-]{43}$/);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.json.id));
    expect(stored!.keyHash).not.toContain(key.slice(8));
    expect(key.startsWith(stored!.prefix)).toBe(true);

    const list = await organiser.client.get('/api/api-keys');
    expect(list.json.keys).toHaveLength(1);
    expect(list.text).not.toContain(key);
    expect(list.json.keys[0]).toMatchObject({ name: 'Our website', lastUsedAt: null, revokedAt: null });

    const ownGig = await createGig(t.db, { venueId: organiser.id, localDate: dayIn(ZONE, 5), isApproved: false });
    await addTickets(ownGig, [
      { email: 'ada@fans.test', status: 'used' },
      { email: 'bo@fans.test', status: 'valid' },
      { email: 'cy@fans.test', status: 'refunded' },
    ]);
    const auth = { authorization: `Bearer ${key}` };
    const mine = await visitor.get('/api/v1/me/gigs', auth);
    expect(mine.status).toBe(200);
    expectMatchesDocument('/me/gigs', 200, mine.json);
    expect(mine.json.data.map((g: any) => g.id)).toEqual([ownGig]);
    expect(mine.json.data[0].status).toBe('open');
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.headers.get('access-control-allow-origin')).toBeNull();

    const sales = await visitor.get(`/api/v1/me/gigs/${ownGig}/sales`, auth);
    expectMatchesDocument('/me/gigs/{id}/sales', 200, sales.json);
    expect(sales.json).toMatchObject({ ticketsSold: 2, ticketsRefunded: 1, ticketsCheckedIn: 1, guests: 0, doorSales: 0, noShows: null, grossCents: 6600, currency: 'USD' });

    const attendees = await visitor.get(`/api/v1/me/gigs/${ownGig}/attendees?limit=2`, auth);
    expectMatchesDocument('/me/gigs/{id}/attendees', 200, attendees.json);
    const rest = await visitor.get(`/api/v1/me/gigs/${ownGig}/attendees?limit=2&cursor=${attendees.json.nextCursor}`, auth);
    expect([...attendees.json.data, ...rest.json.data].map((a: any) => a.holderEmail)).toEqual(['ada@fans.test', 'bo@fans.test', 'cy@fans.test']);
    expect(rest.json.nextCursor).toBeNull();
    expect(attendees.text).not.toMatch(/"id"/);

    const checkIns = await visitor.get(`/api/v1/me/gigs/${ownGig}/check-ins`, auth);
    expectMatchesDocument('/me/gigs/{id}/check-ins', 200, checkIns.json);
    expect(checkIns.json.data.map((a: any) => a.holderEmail)).toEqual(['ada@fans.test']);

    // Another organiser's gig is not found, whichever route asks.
    for (const route of ['sales', 'attendees', 'check-ins']) {
      const res = await visitor.get(`/api/v1/me/gigs/${ticketedGigId}/${route}`, auth);
      expect(res.status, route).toBe(404);
      expectMatchesDocument(`/me/gigs/{id}/${route}`, 404, res.json);
    }
    expect((await organiser.client.get('/api/api-keys')).json.keys[0].lastUsedAt).not.toBeNull();

    const revoked = await organiser.client.post(`/api/api-keys/${created.json.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).not.toBeNull();
    const refused = await visitor.get('/api/v1/me/gigs', auth);
    expect(refused.status).toBe(401);
    expectMatchesDocument('/me/gigs', 401, refused.json);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('refuses an unknown key on the public routes too, and a banned account\'s key everywhere', async () => {
    const made = await visitor.get('/api/v1/gigs', { authorization: 'Bearer mq_live_made-up' });
    expect(made.status).toBe(401);
    expectMatchesDocument('/gigs', 401, made.json);
    expect((await visitor.get('/api/v1/venues', { authorization: 'Token abc' })).status).toBe(401);

    const banned = await signUpAs(t, 'venue');
    await markEmailVerified(t, banned.id);
    const { key } = (await banned.client.post('/api/api-keys', { name: 'Soon banned' })).json;
    const auth = { authorization: `Bearer ${key}` };
    const read = await visitor.get('/api/v1/gigs', auth);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('private, max-age=60');
    expect((await visitor.get('/api/v1/me/gigs', auth)).status).toBe(200);
    await t.db.update(user).set({ banned: true }).where(eq(user.id, banned.id));
    expect((await visitor.get('/api/v1/me/gigs', auth)).status).toBe(401);
    expect((await visitor.get('/api/v1/gigs', auth)).status).toBe(401);
    // A ban that has ended lets the key work again.
    await t.db.update(user).set({ banExpires: new Date(Date.now() - 1000) }).where(eq(user.id, banned.id));
    expect((await visitor.get('/api/v1/me/gigs', auth)).status).toBe(200);
  });

  it('refuses a missing or made-up key, and a session alone, on the keyed routes', async () => {
    for (const headers of [{}, { authorization: 'Bearer mq_live_made-up' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
      const res = await visitor.get('/api/v1/me/gigs', headers);
      expect(res.status).toBe(401);
    }
    expect((await organiser.client.get('/api/v1/me/gigs')).status).toBe(401);
  });

  it('a band reads its bookings, but not the holders of a gig it does not organise', async () => {
    const bandAccount = await signUpAs(t, 'band');
    await markEmailVerified(t, bandAccount.id);
    const { key } = (await bandAccount.client.post('/api/api-keys', { name: 'Band site', scopes: ['attendees:read'] })).json;
    const booked = await createGig(t.db, { venueId: venue.id, bandId: bandAccount.id, localDate: dayIn(ZONE, 9) });
    const auth = { authorization: `Bearer ${key}` };
    expect((await visitor.get('/api/v1/me/gigs', auth)).json.data.map((g: any) => g.id)).toEqual([booked]);
    expect((await visitor.get(`/api/v1/me/gigs/${booked}/sales`, auth)).status).toBe(200);
    expect((await visitor.get(`/api/v1/me/gigs/${booked}/attendees`, auth)).status).toBe(404);
  });

  it('an account whose address is not confirmed cannot create a key', async () => {
    const unverified = await signUpAs(t, 'promoter');
    const res = await unverified.client.post('/api/api-keys', { name: 'Too soon' });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/Confirm your e-mail/);
  });

  it('an admin impersonating an organiser cannot create a key for them', async () => {
    const admin = await signUpAs(t, 'admin');
    const venueAccount = await signUpAs(t, 'venue');
    await markEmailVerified(t, venueAccount.id);
    expect((await admin.client.post('/api/admin/impersonate', { userId: venueAccount.id })).status).toBe(200);
    const res = await admin.client.post('/api/api-keys', { name: 'Not mine' });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/Stop impersonating/);
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.userId, venueAccount.id))).toEqual([]);
  });

  it('a name is required, and an account holds at most 10 active keys', async () => {
    const promoter = await signUpAs(t, 'promoter');
    await markEmailVerified(t, promoter.id);
    expect((await promoter.client.post('/api/api-keys', { name: ' ' })).status).toBe(422);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await promoter.client.post('/api/api-keys', { name: `Key ${i}` })).json.id);
    expect((await promoter.client.post('/api/api-keys', { name: 'Eleventh' })).status).toBe(409);
    await promoter.client.post(`/api/api-keys/${ids[0]}/revoke`);
    expect((await promoter.client.post('/api/api-keys', { name: 'Eleventh' })).status).toBe(201);
    // Another account's key is not found.
    expect((await organiser.client.post(`/api/api-keys/${ids[1]}/revoke`)).status).toBe(404);
  });
});

describe('the reference page', () => {
  it('is served with Scalar from Marquee itself, under a policy allowing only its own script', async () => {
    const page = await visitor.get('/api/v1/docs');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.text).toContain(`nonce="${nonce}"`);
    expect(page.text).not.toMatch(/cdn\.jsdelivr|https:\/\//);
    // Issue 35: branded, with a way back and the first steps, before the reference's script.
    expect(page.text).toContain('<a href="/" style="color:#fbbf24">Back to Marquee</a>');
    expect(page.text).toContain('Marquee public API: getting started');
    expect(page.text.indexOf('getting started')).toBeLessThan(page.text.indexOf('<script src="'));
    const src = /<script src="([^"]+)"/.exec(page.text)![1]!;
    expect(src).toMatch(/^\/api\/v1\/docs\/scalar-[\d.]+\.js$/);
    const bundle = await t.app.fetch(new Request(`${TEST_ORIGIN}${src}`, { headers: { 'accept-encoding': 'br' } }));
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-encoding')).toBe('br');
    expect(bundle.headers.get('cache-control')).toContain('immutable');
  });
});

describe('the rate limit and keys (issue 33)', () => {
  /** A GET from a client at `address` (its socket's, as app.ts pins it). */
  const fromAddress = (path: string, address: string, headers: Record<string, string> = {}) =>
    t.app.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers }), { incoming: { socket: { remoteAddress: address } } });
  /** An address of its own for each test (a /64 no other test uses), so no count is shared. */
  const freshAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::7`;
  const hitsOf = async (counter: string) => (await t.db.select({ count: rateLimit.count }).from(rateLimit).where(eq(rateLimit.key, `marquee:${counter}`)))[0]?.count ?? 0;

  it('finding 8: made-up keys count against the address, and past its limit are refused with 429 before any key is looked up', async () => {
    const address = freshAddress();
    const counter = `api:ip:${clientNetwork(address)}`;
    t.services.isRateLimitEnabled = true;
    try {
      const first = await fromAddress('/api/v1/gigs', address, { authorization: 'Bearer mq_live_made-up-1' });
      expect(first.status).toBe(401);
      expect(await hitsOf(counter)).toBe(1);
      expect((await fromAddress('/api/v1/venues', address, { authorization: 'Token abc' })).status).toBe(401);
      expect(await hitsOf(counter)).toBe(2);
      // Just under the address's limit: one more made-up key is still a 401, the next ones a 429.
      await t.db.update(rateLimit).set({ count: API_REQUESTS_PER_IP - 1 }).where(eq(rateLimit.key, `marquee:${counter}`));
      expect((await fromAddress('/api/v1/gigs', address, { authorization: 'Bearer mq_live_made-up-2' })).status).toBe(401);
      for (const [path, authorization] of [['/api/v1/gigs', 'Bearer mq_live_made-up-3'], ['/api/v1/me/gigs', 'Bearer mq_live_made-up-4'], ['/api/v1/bands', 'Token abc']] as const) {
        const refused = await fromAddress(path, address, { authorization });
        expect(refused.status, path).toBe(429);
        expect(refused.headers.get('ratelimit-limit')).toBe(String(API_REQUESTS_PER_IP));
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect((await fromAddress('/api/v1/gigs', address)).status).toBe(429);
      // Another network is not affected.
      expect((await fromAddress('/api/v1/gigs', freshAddress(), { authorization: 'Bearer mq_live_made-up-5' })).status).toBe(401);
    } finally {
      t.services.isRateLimitEnabled = false;
    }
  });

  it('finding 8: a valid key is counted per key, not against its address, and has the higher limit', async () => {
    const owner = await signUpAs(t, 'venue');
    await markEmailVerified(t, owner.id);
    const created = (await owner.client.post('/api/api-keys', { name: 'Counted' })).json;
    const address = freshAddress();
    t.services.isRateLimitEnabled = true;
    try {
      const read = await fromAddress('/api/v1/gigs', address, { authorization: `Bearer ${created.key}` });
      expect(read.status).toBe(200);
      expect(read.headers.get('ratelimit-limit')).toBe(String(API_REQUESTS_PER_KEY));
      expect(await hitsOf(`api:key:${created.id}`)).toBe(1);
      expect(await hitsOf(`api:ip:${clientNetwork(address)}`)).toBe(0);
    } finally {
      t.services.isRateLimitEnabled = false;
    }
  });

  it('finding 11: a preflight from any origin does not invite Authorization; public reads need no credentials and still work', async () => {
    const preflight = (path: string, requestHeaders: string) =>
      t.app.fetch(new Request(`${TEST_ORIGIN}${path}`, { method: 'OPTIONS', headers: { origin: 'https://anywhere.example', 'access-control-request-method': 'GET', 'access-control-request-headers': requestHeaders } }));
    const asked = await preflight('/api/v1/gigs', 'authorization');
    expect(asked.status).toBe(204);
    expect((asked.headers.get('access-control-allow-headers') ?? '').toLowerCase()).not.toContain('authorization');
    expect(asked.headers.get('access-control-allow-credentials')).toBeNull();
    const keyed = await preflight('/api/v1/me/gigs', 'authorization');
    expect(keyed.headers.get('access-control-allow-origin')).toBeNull();
    expect((keyed.headers.get('access-control-allow-headers') ?? '').toLowerCase()).not.toContain('authorization');
    // What a widget's script sends still passes: a GET, conditional or not.
    const conditional = await preflight('/api/v1/gigs', 'if-none-match');
    expect(conditional.headers.get('access-control-allow-origin')).toBe('*');
    expect((conditional.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('if-none-match');
    const read = await t.app.fetch(new Request(`${TEST_ORIGIN}/api/v1/gigs`, { headers: { origin: 'https://anywhere.example' } }));
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('API key scopes (issue 33, finding 11)', () => {
  const own = async () => {
    const account = await signUpAs(t, 'venue');
    await markEmailVerified(t, account.id);
    const gig = await createGig(t.db, { venueId: account.id, localDate: dayIn(ZONE, 6) });
    await addTickets(gig, [{ email: 'di@fans.test', status: 'used' }]);
    return { account, gig };
  };

  it('a key made without ticking anything reads public data, its gigs and sales, but not attendees or check-ins (403 naming the scope)', async () => {
    const { account, gig } = await own();
    const created = await account.client.post('/api/api-keys', { name: 'Plain' });
    expect(created.status).toBe(201);
    expect(created.json.scopes).toEqual(['public:read']);
    const auth = { authorization: `Bearer ${created.json.key}` };
    expect((await visitor.get('/api/v1/gigs', auth)).status).toBe(200);
    expect((await visitor.get('/api/v1/me/gigs', auth)).status).toBe(200);
    expect((await visitor.get(`/api/v1/me/gigs/${gig}/sales`, auth)).status).toBe(200);
    for (const [route, scope] of [['attendees', 'attendees:read'], ['check-ins', 'checkins:read']] as const) {
      const refused = await visitor.get(`/api/v1/me/gigs/${gig}/${route}`, auth);
      expect(refused.status, route).toBe(403);
      expect(refused.json.error.code).toBe('FORBIDDEN');
      expect(refused.json.error.message).toContain(scope);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expectMatchesDocument(`/me/gigs/{id}/${route}`, 403, refused.json);
      // Not a way to probe other organisers' gigs either: the scope is checked first.
      expect((await visitor.get(`/api/v1/me/gigs/${ticketedGigId}/${route}`, auth)).status).toBe(403);
    }
    expect((await account.client.get('/api/api-keys')).json.keys[0].scopes).toEqual(['public:read']);
  });

  it('a scope ticked at creation opens only its own route, and the list shows the scopes', async () => {
    const { account, gig } = await own();
    const attendeesOnly = (await account.client.post('/api/api-keys', { name: 'Box office', scopes: ['attendees:read'] })).json;
    expect(attendeesOnly.scopes).toEqual(['public:read', 'attendees:read']);
    const a = { authorization: `Bearer ${attendeesOnly.key}` };
    expect((await visitor.get(`/api/v1/me/gigs/${gig}/attendees`, a)).status).toBe(200);
    expect((await visitor.get(`/api/v1/me/gigs/${gig}/check-ins`, a)).status).toBe(403);

    const both = (await account.client.post('/api/api-keys', { name: 'Door', scopes: ['checkins:read', 'attendees:read', 'checkins:read'] })).json;
    expect(both.scopes).toEqual(['public:read', 'attendees:read', 'checkins:read']);
    const b = { authorization: `Bearer ${both.key}` };
    expect((await visitor.get(`/api/v1/me/gigs/${gig}/attendees`, b)).status).toBe(200);
    const checkIns = await visitor.get(`/api/v1/me/gigs/${gig}/check-ins`, b);
    expect(checkIns.status).toBe(200);
    expect(checkIns.json.data.map((x: any) => x.holderEmail)).toEqual(['di@fans.test']);
    // Still the organiser's own gigs only.
    expect((await visitor.get(`/api/v1/me/gigs/${ticketedGigId}/attendees`, b)).status).toBe(404);

    const listed = (await account.client.get('/api/api-keys')).json.keys.map((k: any) => [k.name, k.scopes]);
    expect(listed).toEqual([
      ['Door', ['public:read', 'attendees:read', 'checkins:read']],
      ['Box office', ['public:read', 'attendees:read']],
    ]);
  });

  it('refuses a scope that does not exist', async () => {
    const { account } = await own();
    const res = await account.client.post('/api/api-keys', { name: 'Greedy', scopes: ['admin'] });
    expect(res.status).toBe(422);
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.userId, account.id))).toEqual([]);
  });

  it('a key stored before scopes existed (no scopes given) reads public data only', async () => {
    const { account, gig } = await own();
    const key = `mq_live_${randomBytes(32).toString('base64url')}`;
    const keyHash = createHash('sha256').update(key).digest('base64url');
    await t.db.insert(apiKeys).values({ userId: account.id, name: 'Old', prefix: key.slice(0, 14), keyHash });
    const auth = { authorization: `Bearer ${key}` };
    expect((await visitor.get('/api/v1/me/gigs', auth)).status).toBe(200);
    expect((await visitor.get(`/api/v1/me/gigs/${gig}/attendees`, auth)).status).toBe(403);
    expect((await visitor.get(`/api/v1/me/gigs/${gig}/check-ins`, auth)).status).toBe(403);
  });

  it('the OpenAPI document names the scope each keyed route needs and describes the 403', () => {
    expect(doc.components.securitySchemes.apiKey.description).toMatch(/attendees:read/);
    expect(doc.components.securitySchemes.apiKey.description).toMatch(/checkins:read/);
    expect(doc.paths['/me/gigs/{id}/attendees'].get.security).toEqual([{ apiKey: ['attendees:read'] }]);
    expect(doc.paths['/me/gigs/{id}/check-ins'].get.security).toEqual([{ apiKey: ['checkins:read'] }]);
    expect(doc.paths['/me/gigs'].get.security).toEqual([{ apiKey: ['public:read'] }]);
    expect(doc.paths['/me/gigs/{id}/attendees'].get.description).toMatch(/attendees:read/);
    expect(doc.paths['/me/gigs/{id}/check-ins'].get.responses['403']).toBeDefined();
  });
});
