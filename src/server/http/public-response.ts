import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { ResponseCache, SizedValue } from './response-cache.ts';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller bodies go as they are: compressing them saves less than the header costs (as hono/compress). */
const MIN_COMPRESS_BYTES = 1024;
/** Brotli's quality for public data: about gzip's speed at a smaller size; done once per cached entry. */
const BROTLI_QUALITY = 6;

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A public answer every visitor gets alike, ready to send (issue 22): its bytes, the same bytes
 * compressed with brotli and gzip, and a strong ETag per encoding. Held in the public cache with
 * both compressions made once, so a request for it costs no SQL, no JSON and no compression.
 */
export class PublicResponse implements SizedValue {
  private readonly bodies: Partial<Record<Encoding, Buffer>>;
  private readonly tags: Record<Encoding, string>;

  readonly meta: { route: string; contentType: string; cacheControl: string };

  /** `route` is the route pattern the metrics count it under. */
  constructor(body: string, meta: { route: string; contentType: string; cacheControl: string }) {
    this.meta = meta;
    const identity = Buffer.from(body, 'utf8');
    this.bodies = { identity };
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    this.tags = { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` };
  }

  get route() {
    return this.meta.route;
  }

  /** What it holds in memory, for the cache's byte bound. */
  get bytes() {
    return 600 + this.bodies.identity!.length + (this.bodies.br?.length ?? 0) + (this.bodies.gzip?.length ?? 0);
  }

  private get isWorthCompressing() {
    return this.bodies.identity!.length >= MIN_COMPRESS_BYTES;
  }

  /** Makes the compressed copies: both before it goes into the cache, or only the one a request needs. */
  async compress(encodings: readonly Encoding[] = ['br', 'gzip']): Promise<this> {
    if (!this.isWorthCompressing) return this;
    const identity = this.bodies.identity!;
    await Promise.all(
      encodings.map(async (encoding) => {
        if (encoding === 'br') {
          this.bodies.br ??= await brotliCompress(identity, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
          });
        } else if (encoding === 'gzip') this.bodies.gzip ??= await gzip(identity);
      }),
    );
    return this;
  }

  /** The encoding a request's Accept-Encoding gets (identity for small bodies). */
  encodingFor(acceptEncoding: string | undefined): Encoding {
    return this.isWorthCompressing ? pickEncoding(acceptEncoding) : 'identity';
  }

  /**
   * The reply to one request: 304 when `If-None-Match` names this answer in any encoding (the
   * bytes behind every encoding are the same), otherwise 200 in the best encoding the client takes
   * (among those made: see compress()).
   */
  negotiate(acceptEncoding: string | undefined, ifNoneMatch: string | undefined): { status: 200 | 304; headers: Record<string, string>; body: Buffer | null } {
    const wanted = this.encodingFor(acceptEncoding);
    const encoding = this.bodies[wanted] ? wanted : 'identity';
    const etag = this.tags[encoding];
    const headers: Record<string, string> = { 'cache-control': this.meta.cacheControl, etag, vary: 'Accept-Encoding' };
    if (ifNoneMatch && this.matches(ifNoneMatch)) return { status: 304, headers, body: null };
    headers['content-type'] = this.meta.contentType;
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    return { status: 200, headers, body: this.bodies[encoding]! };
  }

  private matches(ifNoneMatch: string): boolean {
    if (ifNoneMatch.trim() === '*') return true;
    // Weak comparison, as If-None-Match asks for (RFC 9110 13.1.2): W/ prefixes do not matter.
    return ifNoneMatch.split(',').some((tag) => {
      const bare = tag.trim().replace(/^W\//, '');
      return bare === this.tags.identity || bare === this.tags.br || bare === this.tags.gzip;
    });
  }
}

/** br when the client takes it, then gzip, then the bytes as they are (q=0 refuses an encoding). */
function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const isRefused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (isRefused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gz = true;
    else if (name === '*') br = gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : 'identity';
}

/**
 * The public fast path (issue 22): a GET or HEAD whose exact target was answered from a ready
 * public cache entry moments ago is answered again straight from node:http, before routing and
 * middleware (no Request, Headers or Response objects). Anything else, or any doubt, goes to the app.
 */
export function createPublicFastPath(options: {
  cache: ResponseCache;
  /** The headers the app adds to every response (security-headers.ts), to send the same set. */
  headers: Readonly<Record<string, string>>;
  onServed: (route: string, method: string, status: number, started: number, path: string) => void;
}) {
  const { cache, onServed } = options;
  const baseHeaders = options.headers;
  return function servePublicHit(req: IncomingMessage, res: ServerResponse): boolean {
    const { method, url } = req;
    // The public API (/api/v1, decision 53) sets its own ETag, CORS and RateLimit headers: never from here.
    if ((method !== 'GET' && method !== 'HEAD') || !url?.startsWith('/api/') || url.startsWith('/api/v1/')) return false;
    const key = cache.resolveAlias(url);
    const entry = key === undefined ? undefined : cache.peek<unknown>(key);
    if (!(entry instanceof PublicResponse)) return false;
    const started = performance.now();
    const reply = entry.negotiate(req.headers['accept-encoding'], req.headers['if-none-match']);
    const headers: Record<string, string | number> = { ...baseHeaders, ...reply.headers };
    if (reply.body) headers['content-length'] = reply.body.length;
    res.writeHead(reply.status, headers);
    res.end(method === 'HEAD' ? undefined : (reply.body ?? undefined));
    onServed(entry.route, method, reply.status, started, url);
    return true;
  };
}

/** A request header as node:http holds it (no Headers object made), or through Hono in tests. */
function incomingHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(name);
}

/**
 * Answers a public GET from the cache (produced once per key and TTL, compressed once) and
 * remembers its exact target for the fast path. With the cache off, every request produces the
 * answer and compresses it only for the encoding it asked for.
 */
export async function sendPublicResponse(c: Context, cache: ResponseCache, key: string, produce: () => Promise<PublicResponse>): Promise<Response> {
  const acceptEncoding = incomingHeader(c, 'accept-encoding');
  let entry: PublicResponse;
  if (cache.isEnabled) {
    entry = await cache.get(key, async () => (await produce()).compress());
    const target = (c.env as Partial<HttpBindings> | undefined)?.incoming?.url;
    if (target) cache.alias(target, key);
  } else {
    entry = await produce();
    await entry.compress([entry.encodingFor(acceptEncoding)]);
  }
  const reply = entry.negotiate(acceptEncoding, incomingHeader(c, 'if-none-match'));
  if (reply.status === 304) return c.body(null, 304, reply.headers);
  return c.body(reply.body as Uint8Array<ArrayBuffer>, 200, reply.headers);
}
