/**
 * Where to go after signing in (issue 21): a path on this site taken from `?next=`, or the
 * dashboard. Anything that could leave the site is refused: other schemes and hosts, `//host`
 * and `/\host` (browsers read both as another host), backslashes and control characters anywhere.
 */
export const DEFAULT_AFTER_LOGIN = '/dashboard';
const BASE = 'https://marquee.invalid';
const AUTH_PAGES = new Set(['/login', '/register', '/reset-password', '/email-confirmed', '/confirm-email-change']);

export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000) return DEFAULT_AFTER_LOGIN;
  // eslint-disable-next-line no-control-regex -- control characters (tabs, newlines) are what this refuses
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return DEFAULT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== BASE) return DEFAULT_AFTER_LOGIN;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to the sign-in and account-link pages would only ask again, or mean nothing once signed in.
  return AUTH_PAGES.has(url.pathname) ? DEFAULT_AFTER_LOGIN : path;
}

/** The login page's address that returns to `path` afterwards. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next === DEFAULT_AFTER_LOGIN ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}
