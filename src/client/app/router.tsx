import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { currentSiteSlug } from '../lib/site-context.ts';

/** Lazy screens: each route loads its own code, so public pages stay light. */
const lazy = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => async () => ({ Component: (await load())[name] });

const mainRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <Navigate to="/chicago" replace /> },
      { path: '/login', lazy: lazy(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
      { path: '/register', lazy: lazy(() => import('../features/auth/register-page.tsx'), 'RegisterPage') },
      { path: '/reset-password', lazy: lazy(() => import('../features/auth/choose-new-password-page.tsx'), 'ChooseNewPasswordPage') },
      { path: '/bands', lazy: lazy(() => import('../features/directories/band-directory-page.tsx'), 'BandDirectoryPage') },
      { path: '/band/:bandName', lazy: lazy(() => import('../features/sites/band-site.tsx'), 'BandSitePage') },
      { path: '/venues', lazy: lazy(() => import('../features/directories/venue-directory-page.tsx'), 'VenueDirectoryPage') },
      { path: '/venue/:venueName', lazy: lazy(() => import('../features/directories/venue-page.tsx'), 'VenuePage') },
      { path: '/rehearsal-space', lazy: lazy(() => import('../features/directories/rehearsal-space-page.tsx'), 'RehearsalSpacePage') },
      { path: '/gigs', lazy: lazy(() => import('../features/directories/gigs-page.tsx'), 'GigsPage') },
      { path: '/unsubscribe', lazy: lazy(() => import('../features/followers/unsubscribe-page.tsx'), 'UnsubscribePage') },
      { path: '/follow/confirm', lazy: lazy(() => import('../features/followers/confirm-follow-page.tsx'), 'ConfirmFollowPage') },
      { path: '/my-website', lazy: lazy(() => import('../features/sites/my-website-page.tsx'), 'MyWebsitePage') },
      { path: '/debug-test', lazy: lazy(() => import('../features/debug/debug-test-page.tsx'), 'DebugTestPage') },
      { path: '/dashboard', lazy: lazy(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage') },
      { path: '/admin/outbox', lazy: lazy(() => import('../features/admin/outbox-page.tsx'), 'OutboxPage') },
      { path: '/:regionPath', lazy: lazy(() => import('../features/regions/region-page.tsx'), 'RegionPage') },
      { path: '*', element: <HomePage /> },
    ],
  },
];

/** On {slug}.{public host} the band's or promoter's site is the whole site (spec 1 §2). */
const subdomainRoutes = (slug: string): RouteObject[] => [
  {
    element: <Layout />,
    children: [
      {
        path: '*',
        lazy: async () => {
          const { SubdomainSite } = await import('../features/sites/subdomain-site.tsx');
          return { Component: () => <SubdomainSite slug={slug} /> };
        },
      },
    ],
  },
];

const siteSlug = currentSiteSlug();
export const router = createBrowserRouter(siteSlug ? subdomainRoutes(siteSlug) : mainRoutes);
