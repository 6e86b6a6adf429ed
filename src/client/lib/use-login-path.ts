import { useLocation } from 'react-router';
import { currentSiteSlug } from './site-context.ts';

/** Pages where coming back after login means nothing more than the dashboard. */
const NO_RETURN = new Set(['/', '/login', '/register', '/reset-password', '/email-confirmed', '/confirm-email-change', '/dashboard']);

/**
 * The login address that brings this page back afterwards (issue 21), or plain /login. Public
 * pages use it, so it stays small: the login page itself refuses anything off the site (safeNextPath).
 */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  if (currentSiteSlug() || NO_RETURN.has(pathname)) return '/login';
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}
