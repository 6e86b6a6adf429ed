import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error.ts';

/** The routes that take an upload (multipart/form-data); every other state-changing route takes JSON. */
export const MULTIPART_PATHS = new Set(['/api/register', '/api/profile/images', '/api/gear/images']);
/** Routes that take either: a CSV file chosen in the browser, or the same text as JSON from a script. */
export const MULTIPART_OR_JSON_PATHS = new Set(['/api/admin/venue-database/import']);

/**
 * The writes a band or promoter site makes on its own subdomain: following the band and the
 * contact form. Session cookies are host-only, so these requests carry no one's session.
 */
export const SITE_WRITE_PATHS = new Set(['/api/followers', '/api/contact']);

/** Calls from outside services (payment providers' webhooks), which prove themselves by signature. */
export const SIGNED_WEBHOOK_PREFIX = '/api/payments/events/';

/** The SMS provider's inbound webhook (form-encoded), which proves itself by signature (D29). */
export const SMS_WEBHOOK_PATH = '/api/sms/inbound';

/** One-click unsubscribe (RFC 8058): mail clients post a form from no page of ours; the token is the key. */
export const ONE_CLICK_UNSUBSCRIBE_PREFIX = '/api/unsubscribe/';

/** Apple Wallet on a fan's device (the PassKit web service, issue 34): no Origin; the pass's own token is its proof. */
export const APPLE_WALLET_PREFIX = '/api/wallet/apple/v1/';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Input that no route can use is refused before any route sees it: control characters (NUL
 * among them) and malformed percent escapes in the path or query answer 400, never a 500.
 */
export function refuseMalformedUrls(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const rawPathAndQuery = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPathAndQuery.replace(/\+/g, ' '));
    } catch {
      throw new AppError('BAD_REQUEST', 'That address is not valid.');
    }
    // eslint-disable-next-line no-control-regex -- the point is to find control characters
    if (/[\u0000-\u001f\u007f]/.test(decoded)) throw new AppError('BAD_REQUEST', 'That address is not valid.');
    await next();
  };
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request defence for every state-changing API route (issue 7): the request must come
 * from the main site's own pages (its Origin header), and carry the body kind its
 * route takes. Band and promoter subdomains are other origins and change nothing on the main
 * site; on their own host they may only follow and send contact messages (SITE_WRITE_PATHS).
 */
export function refuseCrossSiteWrites(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith(SIGNED_WEBHOOK_PREFIX) || c.req.path.startsWith(ONE_CLICK_UNSUBSCRIBE_PREFIX) || c.req.path === SMS_WEBHOOK_PATH || c.req.path.startsWith(APPLE_WALLET_PREFIX)) return next();
    // Issue 20: the Origin header only. Every browser sends it on writes; a Referer does not stand
    // in for it, and 'null' (sandboxed frames, cross-site redirects) matches nothing.
    const origin = originOf(c.req.header('origin'));
    const isSiteWrite = SITE_WRITE_PATHS.has(c.req.path) && origin === new URL(c.req.url).origin;
    if (origin !== publicOrigin && !isSiteWrite) throw new AppError('FORBIDDEN', 'This request must come from Marquee itself.');
    const hasBody = c.req.raw.body !== null && c.req.header('content-length') !== '0';
    if (hasBody) {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const expected = MULTIPART_OR_JSON_PATHS.has(c.req.path) ? ['multipart/form-data', 'application/json'] : [MULTIPART_PATHS.has(c.req.path) ? 'multipart/form-data' : 'application/json'];
      if (!expected.includes(type)) throw new AppError('UNSUPPORTED_MEDIA', `Please send this as ${expected.join(' or ')}.`);
    }
    await next();
  };
}

/** Answers that set no caching of their own may depend on the session: never stored anywhere. */
export function noStoreUnlessPublic(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
