import type { MiddlewareHandler } from 'hono';
import { EMBED_CHECKOUT_PATH } from '../../core/embed.ts';

/**
 * The headers every response carries (what hono/secure-headers set before, issue 22): a content
 * security policy, no referrer, no sniffing, same-origin isolation. Built once per process, so the
 * public fast path (public-response.ts) and the app send exactly the same set.
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  const publicOrigin = new URL(publicUrl);
  // Band sites on subdomains may be framed by the main site (the /my-website preview), nothing else.
  const siteOrigins = `${publicOrigin.protocol}//*.${publicOrigin.host}`;
  const policy = [
    "default-src 'self'",
    "img-src 'self' data: blob: https:",
    "style-src 'self' 'unsafe-inline'",
    `frame-src 'self' ${siteOrigins} https://www.youtube-nocookie.com https://www.youtube.com https://open.spotify.com`,
    `frame-ancestors 'self' ${publicOrigin.origin}`,
    "connect-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return Object.freeze({
    'content-security-policy': policy,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // HSTS means something only over https; on http it would pin nothing and confuse proxies.
    ...(publicOrigin.protocol === 'https:' ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/**
 * The API reference page's own policy (/api/v1/docs, decision 53): Scalar starts from one inline
 * script, allowed by its nonce, and loads its bundle from Marquee; it is never framed, and it
 * calls nothing but Marquee (the "try it" requests go to the API itself).
 */
export function apiReferencePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The iframe form of the gig widget (issue 26) and the checkout overlay: the only pages any site may frame (embed/routes.ts answers nothing else there). */
export const isFrameablePath = (path: string) => path.startsWith('/embed/');

/**
 * The widget's checkout overlay (EMBED_CHECKOUT_PATH, decision 61) is the one app page any site
 * may frame. It is the single-page app, so it keeps the app's policy but for its frame-ancestors.
 */
export const frameableAppPolicy = (appPolicy: string) => appPolicy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *');

/**
 * The embed pages' own policy: other sites may frame them (frame-ancestors *), and they need no
 * more than their inline stylesheet and Marquee's resizer script. Every other page stays unframeable.
 */
export const EMBED_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "script-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** Pages and data other sites load (the widget's JSON, the iframe page): not same-origin only. */
const isOpenToOtherSites = (path: string) => isFrameablePath(path) || path.startsWith('/api/embed/');

/** Only the door app may ask for the camera (/qr-scanner/…, issue 24); no page may use the rest. */
export function permissionsPolicyFor(path: string): string {
  return `${path === '/qr-scanner' || path.startsWith('/qr-scanner/') ? 'camera=(self)' : 'camera=()'}, microphone=(), geolocation=(), payment=(), usb=()`;
}

/** Sets the security headers and the permissions policy on every response the app makes. */
export function setSecurityHeaders(headers: Readonly<Record<string, string>>): MiddlewareHandler {
  const entries = Object.entries(headers);
  const checkoutPolicy = frameableAppPolicy(headers['content-security-policy'] ?? '');
  return async (c, next) => {
    await next();
    const target = c.res.headers;
    // A page with a policy of its own keeps it (the API reference: apiReferencePolicy).
    for (const [name, value] of entries) if (name !== 'content-security-policy' || !target.has(name)) target.set(name, value);
    target.set('permissions-policy', permissionsPolicyFor(c.req.path));
    if (c.req.path === EMBED_CHECKOUT_PATH) target.set('content-security-policy', checkoutPolicy);
    else if (isFrameablePath(c.req.path)) target.set('content-security-policy', EMBED_PAGE_POLICY);
    if (isOpenToOtherSites(c.req.path)) target.set('cross-origin-resource-policy', 'cross-origin');
  };
}
