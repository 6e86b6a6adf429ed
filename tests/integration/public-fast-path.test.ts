// Issue 22: public answers come from the cache ready to send (compressed once, with an ETag),
// and an exact repeat is answered before routing with the same headers as the app sends.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishGigsChanged } from '../../src/server/features/live/live-events.ts';
import { serveApp } from '../../src/server/http/serve-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let server: http.Server;
let base: string;
/** How many requests the fast path answered (it returns true for those). */
let fastHits = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
  const venue = await createVenue(t.db, { name: 'Fast Path Hall' });
  const band = await createBand(t.db, { name: 'The Quick Replies' });
  for (let d = 1; d <= 12; d++) await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', d) });
  const serve = t.app.servePublicHit;
  t.app.servePublicHit = (req, res) => {
    const served = serve(req, res);
    if (served) fastHits += 1;
    return served;
  };
  server = await new Promise<http.Server>((resolve) => {
    const s = serveApp(t.app, { port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
/** The headers, less those that depend on the moment and the connection. */
const withoutDate = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));

describe('public answers on a real socket (issue 22)', () => {
  it('sends brotli as a browser asks, then the same bytes and headers again from the fast path', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const before = fastHits;
    const first = await get('/api/gigs/home', browser);
    expect(fastHits).toBe(before);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const gigs = JSON.parse(zlib.brotliDecompressSync(first.body).toString()).gigs;
    expect(gigs).toHaveLength(12);
    const again = await get('/api/gigs/home', browser);
    expect(fastHits).toBe(before + 1);
    expect(again.body.equals(first.body)).toBe(true);
    expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    expect(again.headers['permissions-policy']).toContain('camera=()');
  });

  it('answers an unchanged answer with 304 and no body, from the app and from the fast path', async () => {
    const first = await get('/api/regions/chicago/gigs', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+-gz"$/);
    const before = fastHits;
    const revalidated = await get('/api/regions/chicago/gigs', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(revalidated).toMatchObject({ status: 304 });
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(fastHits).toBe(before + 1);
  });

  it('answers HEAD with the headers alone', async () => {
    await get('/api/gigs/home');
    const head = await get('/api/gigs/home', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
  });

  it('never answers from the fast path once gigs change, nor for a target it has not seen', async () => {
    const read = async () => JSON.parse((await get('/api/gigs/home')).body.toString()).gigs.length as number;
    expect(await read()).toBe(12);
    const venue = await createVenue(t.db, { name: 'Late Addition Room' });
    await createGig(t.db, { venueId: venue.id, localDate: dayIn('America/Chicago', 2) });
    await t.db.transaction((tx) => publishGigsChanged(tx));
    const before = fastHits;
    await expect.poll(read, { timeout: 5000 }).toBe(13);
    expect(fastHits).toBe(before);
    // Same route, a parameter the route does not read: the app answers (and shares the entry).
    expect((await get('/api/gigs/home?utm_source=x')).status).toBe(200);
    expect(fastHits).toBe(before);
  });

  it('keeps errors, private answers and writes off the fast path', async () => {
    for (let i = 0; i < 2; i++) expect((await get('/api/bands/site?name=nobody-here')).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await get('/api/me')).headers['cache-control']).toBe('no-store');
    const before = fastHits;
    await get('/api/bands/site?name=nobody-here');
    await get('/api/me');
    expect(fastHits).toBe(before);
  });
});
