import { useNavigate } from 'react-router';
import type { Role } from '../../core/roles.ts';
import { MainSiteLink } from '../components/main-site-link.tsx';
import { useOpenRefundRequestCount } from '../features/tickets/refund-requests-api.ts';
import { useRefreshSession } from '../lib/session.ts';

export { ImpersonationBanner } from '../features/admin/impersonation-banner.tsx';

/** Each role's own tools in the menu (issue 21: no dead ends), then everyone's account settings. The door
 * scanner is its own app (issue 24): its route here loads it (scanner-page.tsx). */
const ROLE_LINKS: Partial<Record<Role, { to: string; label: string }[]>> = {
  band: [
    { to: '/my-website', label: 'My Website' },
    { to: '/qr-scanner/', label: 'Door Scanner' },
  ],
  venue: [{ to: '/qr-scanner/', label: 'Door Scanner' }],
  promoter: [{ to: '/qr-scanner/', label: 'Door Scanner' }],
  admin: [{ to: '/qr-scanner/', label: 'Door Scanner' }],
  musician: [{ to: '/open-jam', label: 'Open Jam' }],
};

/**
 * The menu's signed-in part, loaded only for someone signed in, so public pages (band sites on
 * subdomains never see a session) do not carry it.
 */
export function SignedInLinks({ role, linkClass }: { role: Role; linkClass: string }) {
  const refresh = useRefreshSession();
  // Issue 34: the requests fans wait on, counted next to 'Dashboard' (where the card is at the top).
  const refundRequests = useOpenRefundRequestCount(role === 'venue' || role === 'promoter' || role === 'admin');
  const navigate = useNavigate();
  const handleSignOut = async () => {
    try {
      const { signOut } = await import('../features/auth/api.ts');
      await signOut();
    } catch (error) {
      // Sign-out failure is only logged (spec 1 §8); the session is reloaded either way.
      console.error('Sign out failed', error);
    }
    await refresh();
    void navigate('/login');
  };
  return (
    <>
      <MainSiteLink to={refundRequests > 0 ? '/dashboard#refund-requests' : '/dashboard'} className={linkClass}>
        Dashboard
        {refundRequests > 0 && (
          <>
            <span aria-hidden="true" title={`${refundRequests} open refund ${refundRequests === 1 ? 'request' : 'requests'}`} className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-400 px-1.5 text-xs font-bold text-zinc-950">
              {refundRequests}
            </span>
            <span className="sr-only">
              , {refundRequests} open refund {refundRequests === 1 ? 'request' : 'requests'}
            </span>
          </>
        )}
      </MainSiteLink>
      {(ROLE_LINKS[role] ?? []).map((l) => (
        <MainSiteLink key={l.to} to={l.to} className={linkClass}>
          {l.label}
        </MainSiteLink>
      ))}
      <MainSiteLink to="/account" className={linkClass}>
        Account
      </MainSiteLink>
      <button type="button" onClick={() => void handleSignOut()} className={`${linkClass} text-left`}>
        Log out
      </button>
    </>
  );
}
