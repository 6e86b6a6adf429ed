import { useLocation } from 'react-router';
import { currentSiteSlug } from './site-context.ts';

/**
 * The login address that brings this page back afterwards (issue 21), or plain /login. Public
 * pages use it, so it stays small: the login page itself refuses anything off the site, and sends the
 * sign-in pages' own addresses to the dashboard (safeNextPath).
 */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  if (currentSiteSlug() || pathname === '/') return '/login';
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}
