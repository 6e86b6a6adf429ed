import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createPublicFastPath, PublicResponse } from './public-response.ts';
import { createResponseCache } from './response-cache.ts';

const meta = { route: '/api/gigs/home', contentType: 'application/json', cacheControl: 'public, max-age=5' };
const bigBody = JSON.stringify({ gigs: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Gig number ${i}`, venue: 'The Empty Bottle' })) });

describe('a public answer kept ready to send (issue 22)', () => {
  it('sends brotli to a browser, gzip to a client that takes only gzip, and the bytes as they are otherwise', async () => {
    const answer = await new PublicResponse(bigBody, meta).compress();
    const br = answer.negotiate('gzip, deflate, br, zstd', undefined);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body!).toString()).toBe(bigBody);
    const gz = answer.negotiate('gzip', undefined);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body!).toString()).toBe(bigBody);
    const plain = answer.negotiate(undefined, undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body!.toString()).toBe(bigBody);
    expect(answer.negotiate('br;q=0, gzip', undefined).headers['content-encoding']).toBe('gzip');
    expect(answer.negotiate('identity', undefined).headers['content-encoding']).toBeUndefined();
    for (const reply of [br, gz, plain]) expect(reply.headers).toMatchObject({ vary: 'Accept-Encoding', 'cache-control': 'public, max-age=5', 'content-type': 'application/json' });
  });

  it('has a strong ETag per encoding, and answers 304 with no body to any of them, weak or strong', async () => {
    const answer = await new PublicResponse(bigBody, meta).compress();
    const tags = ['br', 'gzip', ''].map((encoding) => answer.negotiate(encoding, undefined).headers.etag!);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    for (const sent of [tags[0]!, `W/${tags[1]}`, `"other", ${tags[2]}`, '*']) {
      const reply = answer.negotiate('br', sent);
      expect(reply).toMatchObject({ status: 304, body: null });
      expect(reply.headers.etag).toBe(tags[0]);
    }
    expect(answer.negotiate('br', '"other"').status).toBe(200);
    const changed = await new PublicResponse(bigBody.replace('Gig number 1', 'Gig number one'), meta).compress();
    expect(changed.negotiate('br', tags[0]).status).toBe(200);
  });

  it('does not compress small answers, and without compress() sends only what it has', async () => {
    const small = await new PublicResponse('{"gigs":[]}', meta).compress();
    expect(small.negotiate('br, gzip', undefined).headers['content-encoding']).toBeUndefined();
    const unprepared = new PublicResponse(bigBody, meta);
    expect(unprepared.negotiate('br', undefined).headers['content-encoding']).toBeUndefined();
    await unprepared.compress(['gzip']);
    expect(unprepared.negotiate('br, gzip', undefined).headers['content-encoding']).toBeUndefined();
    expect(unprepared.encodingFor('br, gzip')).toBe('br');
  });
});

describe('the public fast path', () => {
  it('never answers the public API (/api/v1), whose answers carry their own CORS, ETag and RateLimit headers (decision 53)', async () => {
    const cache = createResponseCache(60_000);
    await cache.get('gigs', async () => new PublicResponse(bigBody, meta).compress());
    cache.alias('/api/gigs', 'gigs');
    cache.alias('/api/v1/gigs', 'gigs');
    const serve = createPublicFastPath({ cache, headers: {}, onServed: () => {} });
    const res = { writeHead: () => res, end: () => res } as unknown as ServerResponse;
    const request = (url: string) => ({ method: 'GET', url, headers: {} }) as IncomingMessage;
    expect(serve(request('/api/gigs'), res)).toBe(true);
    expect(serve(request('/api/v1/gigs'), res)).toBe(false);
  });
});
