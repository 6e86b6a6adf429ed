import { useLocation } from 'react-router';
import { loginPathFor } from '../../core/safe-next-path.ts';
import { currentSiteSlug } from './site-context.ts';

/** Pages where coming back after login means nothing more than the dashboard. */
const NO_RETURN = new Set(['/', '/login', '/register', '/reset-password', '/email-confirmed', '/confirm-email-change']);

/** The login address that brings this page back afterwards (issue 21), or plain /login. */
export function useLoginPath(): string {
  const { pathname, search } = useLocation();
  if (currentSiteSlug() || NO_RETURN.has(pathname)) return '/login';
  return loginPathFor(pathname + search);
}
