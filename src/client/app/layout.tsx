import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePublicConfig } from '../lib/config.ts';
import { MainSiteLink } from '../components/main-site-link.tsx';
import { useSession } from '../lib/session.ts';
import { LocationDropdown } from '../features/regions/location-selector.tsx';
import { currentSiteSlug } from '../lib/site-context.ts';
import { useLoginPath } from '../lib/use-login-path.ts';

// Loaded only for someone signed in, so public pages carry less: the menu's signed-in part, and
// the banner while an admin impersonates (one module for both).
const signedInParts = () => import('./signed-in-links.tsx');
const ImpersonationBanner = lazy(() => signedInParts().then((m) => ({ default: m.ImpersonationBanner })));
const SignedInLinks = lazy(() => signedInParts().then((m) => ({ default: m.SignedInLinks })));

// The contact form (and zod with it) loads when someone opens it.
const ContactModal = lazy(() => import('../features/contact/contact-modal.tsx').then((m) => ({ default: m.ContactModal })));

const NAV_LINKS = [
  { to: '/bands', label: 'Bands' },
  { to: '/venues', label: 'Venues' },
  { to: '/rehearsal-space', label: 'Rehearsal Spaces' },
  { to: '/gear-swap', label: 'Gear Swap' },
];

function Header() {
  const { data: config } = usePublicConfig();
  const { data: me, isPending } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const loginPath = useLoginPath();
  // A new page closes the menu: adjusted while rendering, not in an effect after it.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  const linkClass = 'nav-link';
  const links = (
    <>
      {NAV_LINKS.map((l) => (
        <MainSiteLink key={l.to} to={l.to} className={linkClass}>
          {l.label}
        </MainSiteLink>
      ))}
      {config?.merchUrl && (
        <a href={config.merchUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
          Merch<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      {me ? (
        <Suspense fallback={null}>
          <SignedInLinks role={me.user.role} linkClass={linkClass} />
        </Suspense>
      ) : (
        <>
          <MainSiteLink to={loginPath} className={linkClass}>
            Login
          </MainSiteLink>
          <MainSiteLink to="/register" className="btn-primary ml-1">
            Register
          </MainSiteLink>
        </>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-800 bg-zinc-950/95 backdrop-blur">
      {config?.smsNumber && (
        <p className="bg-brand-400 px-4 py-1.5 text-center text-xs font-semibold text-zinc-950 sm:text-sm">
          Get weekly gig updates: text <strong>MUSIC</strong> to <span className="whitespace-nowrap" data-testid="sms-number">{config.smsNumber}</span>
          {/* Only for visitors: people signed in have an account already (issue 21). */}
          {!me && !isPending && (
            <span className="hidden sm:inline"> · Musicians and venues, <MainSiteLink to="/register" className="underline">register free</MainSiteLink></span>
          )}
        </p>
      )}
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <div className="flex items-center gap-3">
          <MainSiteLink to="/" className="font-display text-2xl tracking-tight text-white">
            <span className="text-brand-400">M</span>arquee
          </MainSiteLink>
          <LocationDropdown />
        </div>
        <div className="hidden items-center gap-1 lg:flex">{links}</div>
        <button
          type="button"
          className="btn-secondary lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true">Menu</span>
        </button>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="flex flex-col gap-1 border-t border-zinc-800 px-4 pb-4 pt-2 lg:hidden">
          <div className="sm:hidden">
            <LocationDropdown isInMenu />
          </div>
          {links}
        </div>
      )}
    </header>
  );
}

function Footer() {
  const { data: config } = usePublicConfig();
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <footer className="mt-16 border-t border-zinc-800 bg-zinc-950 text-zinc-400">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm sm:flex-row">
        <div className="flex items-center gap-5">
          <button type="button" className="link" onClick={() => setContactOpen(true)}>
            Contact
          </button>
          {config?.instagramUrl && (
            <a className="link" href={config.instagramUrl} target="_blank" rel="noopener noreferrer">
              Instagram<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
        <p>Built by musicians, for the local scene · Marquee</p>
      </div>
      {contactOpen && (
        <Suspense fallback={null}>
          <ContactModal onClose={() => setContactOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}

/** Every navigation scrolls to the top; the home path gets a light page body (spec 1 §2). */
function usePageEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    // Only the main domain's home page is light; a band site at / on its subdomain is not.
    document.body.classList.toggle('home-light', pathname === '/' && !currentSiteSlug());
  }, [pathname]);
}

export function Layout() {
  usePageEffects();
  const { data: me, isPending } = useSession();
  const { pathname } = useLocation();
  // /dashboard waits for the account's role and profile: spec 2 §1 names that wait.
  const loading = <p className="p-8 text-center text-zinc-400">{pathname === '/dashboard' ? 'Loading profile…' : 'Loading…'}</p>;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {me?.impersonation && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <Header />
      {/* At least a screen tall, so the footer never starts in view and jumps away as the page loads (CLS). */}
      <main id="main" className="min-h-[100svh] flex-1">
        {isPending ? (
          loading
        ) : (
          <Suspense fallback={loading}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <Footer />
    </div>
  );
}
