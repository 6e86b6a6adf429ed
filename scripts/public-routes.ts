// The public routes and their JavaScript budget, shared by the build check
// (scripts/check-bundle-size.ts) and the browser test (tests/e2e/page-weight.spec.ts), so both
// look at the same pages (decision 43).

/**
 * Issue 6, measured as issue 22 asks: a public route transfers at most 90 KB of JavaScript before
 * it is usable, counted as the browser counts it (every script and modulepreload, response headers
 * included).
 */
export const BUDGET_BYTES = 90 * 1024;

/**
 * The response headers of one script as the server sends it (status line, headers, blank line;
 * 343-346 bytes measured): what scripts/check-bundle-size.ts adds for each file. The browser test
 * fails if a script's headers grow past it.
 */
export const HEADER_BYTES_PER_FILE = 360;

export type PublicRoute = {
  name: string;
  /** The path on the main site, or on `subdomain`'s site when set. */
  path: string;
  subdomain?: string;
  /** The lazy modules (under src/client) the route loads before it is usable. */
  modules: string[];
  /** The level-1 heading that shows the page has its data. */
  heading: string | RegExp;
  /**
   * What the page needs that the demo scene lacks, made by the browser test before the page opens
   * (issue 34), whose id ends `path`: a gig on sale (/tickets), a paid order (its checkout session,
   * /success) or a paid order's ticket (its page's signed token).
   */
  scene?: 'gig-on-sale' | 'paid-order' | 'paid-ticket';
};

export const PUBLIC_ROUTES: PublicRoute[] = [
  { name: 'home /', path: '/', modules: ['features/home/home-page.tsx'], heading: /live music/i },
  { name: 'region /chicago', path: '/chicago', modules: ['features/regions/region-page.tsx'], heading: 'Live Music in Chicagoland' },
  { name: 'band site {slug}.host', path: '/', subdomain: 'thevelvetstatic', modules: ['features/sites/subdomain-site.tsx', 'features/sites/band-site.tsx'], heading: 'The Velvet Static' },
  { name: 'band site /band/{name}', path: '/band/thevelvetstatic', modules: ['features/sites/band-site.tsx'], heading: 'The Velvet Static' },
  { name: 'promoter {slug}.host', path: '/', subdomain: 'northsidesound', modules: ['features/sites/promoter-site.tsx'], heading: 'Northside Sound' },
  { name: 'promoter /promoter/{slug}', path: '/promoter/northsidesound', modules: ['features/sites/promoter-site.tsx'], heading: 'Northside Sound' },
  { name: 'venue /venue/{name}', path: '/venue/theLanternRoom', modules: ['features/directories/venue-page.tsx'], heading: 'The Lantern Room' },
  { name: 'gigs /gigs', path: '/gigs', modules: ['features/directories/gigs-page.tsx'], heading: 'All upcoming gigs' },
  { name: 'bands /bands', path: '/bands', modules: ['features/directories/band-directory-page.tsx'], heading: 'Bands' },
  { name: 'venues /venues', path: '/venues', modules: ['features/directories/venue-directory-page.tsx'], heading: 'Venues' },
  { name: 'rehearsal /rehearsal-space', path: '/rehearsal-space', modules: ['features/directories/rehearsal-space-page.tsx'], heading: 'Rehearsal Spaces' },
  { name: 'open jam /open-jam', path: '/open-jam', modules: ['features/jam/open-jam-page.tsx'], heading: 'Open Jam' },
  { name: 'gear swap /gear-swap', path: '/gear-swap', modules: ['features/gear/gear-swap-page.tsx'], heading: 'Gear Swap' },
  { name: 'tickets /tickets', path: '/tickets?gigId=', scene: 'gig-on-sale', modules: ['features/tickets/tickets-page.tsx'], heading: /^Get your tickets?$/ },
  { name: 'ticket /ticket/{token}', path: '/ticket/', scene: 'paid-ticket', modules: ['features/tickets/ticket-page.tsx'], heading: 'Your ticket' },
  { name: 'paid /success', path: '/success?session_id=', scene: 'paid-order', modules: ['features/tickets/payment-result-pages.tsx'], heading: 'Payment successful!' },
];
