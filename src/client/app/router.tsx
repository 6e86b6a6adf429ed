import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { Layout } from './layout.tsx';
import { currentSiteSlug, isPromoterSiteHead } from '../lib/site-context.ts';

/**
 * Declarative routes (decision 0015): the data router's loaders and actions are unused here and
 * would add about 14 KB of compressed JavaScript to every public page.
 * Each screen loads its own code; navigations run in a transition, so the current screen stays
 * until the next one is ready.
 */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

type SignedInScreens = typeof import('./signed-in-screens.ts');
const signedInScreen = (name: keyof SignedInScreens) => lazy(async () => ({ default: await (await import('./signed-in-screens.ts'))[name]() }));
const LoginPage = signedInScreen('LoginPage');
const RegisterPage = signedInScreen('RegisterPage');
const ChooseNewPasswordPage = signedInScreen('ChooseNewPasswordPage');
const EmailConfirmedPage = signedInScreen('EmailConfirmedPage');
const AccountSettingsPage = signedInScreen('AccountSettingsPage');
const ConfirmEmailChangePage = signedInScreen('ConfirmEmailChangePage');
const MyWebsitePage = signedInScreen('MyWebsitePage');
const DebugTestPage = signedInScreen('DebugTestPage');
const DashboardPage = signedInScreen('DashboardPage');
const PromoterDashboardPage = signedInScreen('PromoterDashboardPage');
const OutboxPage = signedInScreen('OutboxPage');
const EmailGalleryPage = signedInScreen('EmailGalleryPage');
const GigManagementPage = signedInScreen('GigManagementPage');
const VenueDatabasePage = signedInScreen('VenueDatabasePage');
const UnsubscribePage = signedInScreen('UnsubscribePage');
const ConfirmFollowPage = signedInScreen('ConfirmFollowPage');
const ConfirmWaitlistPage = signedInScreen('ConfirmWaitlistPage');
const LeaveWaitlistPage = signedInScreen('LeaveWaitlistPage');
const WaitlistOfferPage = signedInScreen('WaitlistOfferPage');
const CancelPage = signedInScreen('CancelPage');
const ScannerPage = signedInScreen('ScannerPage');
const BandOutreachPage = signedInScreen('BandOutreachPage');
const BetaOutreachPage = signedInScreen('BetaOutreachPage');
const OutreachSuccessPage = signedInScreen('OutreachSuccessPage');
const OutreachRespondPage = signedInScreen('OutreachRespondPage');
const OutreachOptOutPage = signedInScreen('OutreachOptOutPage');
const DeclineBookingPage = signedInScreen('DeclineBookingPage');
const EditProfilePage = signedInScreen('EditProfilePage');
const PromoterEditorPage = signedInScreen('PromoterEditorPage');
const ManagerEditorPage = signedInScreen('ManagerEditorPage');
const AddArtistPage = signedInScreen('AddArtistPage');
const EditArtistPage = signedInScreen('EditArtistPage');

const HomePage = screen(() => import('../features/home/home-page.tsx'), 'HomePage');
const BandDirectoryPage = screen(() => import('../features/directories/band-directory-page.tsx'), 'BandDirectoryPage');
const BandSitePage = screen(() => import('../features/sites/band-site.tsx'), 'BandSitePage');
const TestBandWebsitePage = screen(() => import('../features/sites/test-band-website.tsx'), 'TestBandWebsitePage');
const VenueDirectoryPage = screen(() => import('../features/directories/venue-directory-page.tsx'), 'VenueDirectoryPage');
const VenuePage = screen(() => import('../features/directories/venue-page.tsx'), 'VenuePage');
const RehearsalSpacePage = screen(() => import('../features/directories/rehearsal-space-page.tsx'), 'RehearsalSpacePage');
const OpenJamPage = screen(() => import('../features/jam/open-jam-page.tsx'), 'OpenJamPage');
const GearSwapPage = screen(() => import('../features/gear/gear-swap-page.tsx'), 'GearSwapPage');
const GigsPage = screen(() => import('../features/directories/gigs-page.tsx'), 'GigsPage');
const RegionPage = screen(() => import('../features/regions/region-page.tsx'), 'RegionPage');
// Issue 34: the public ticket screens (purchase, after paying, a ticket's own page) are public pages
// with their budget, so they load straight from here.
const TicketsPage = screen(() => import('../features/tickets/tickets-page.tsx'), 'TicketsPage');
const SuccessPage = screen(() => import('../features/tickets/payment-result-pages.tsx'), 'SuccessPage');
const TicketPage = screen(() => import('../features/tickets/ticket-page.tsx'), 'TicketPage');
// Decision 61: the gig widget's checkout overlay, framed on other sites, without the site's header.
const EmbedCheckoutPage = screen(() => import('../features/tickets/embed-checkout-page.tsx'), 'EmbedCheckoutPage');
const PromoterSitePage = screen(() => import('../features/sites/promoter-site.tsx'), 'PromoterSitePage');
const SubdomainSite = lazy(async () => ({ default: (await import('../features/sites/subdomain-site.tsx')).SubdomainSite }));
const PromoterSubdomainSite = lazy(async () => ({ default: (await import('../features/sites/promoter-site.tsx')).PromoterSubdomainSite }));

/** /profile/{slug}: the same site as the {slug} subdomain, a band first, then a promoter. */
function ProfileSitePage() {
  const { slug = '' } = useParams();
  return <SubdomainSite key={slug} slug={slug} />;
}

/** Spec 3 §2 names /band-dashboard as the outreach checkout's return; the band's dashboard is /dashboard. */
function BandDashboardRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/dashboard${search}`} replace />;
}

function MainRoutes() {
  return (
    <Routes>
      <Route path="/embed/checkout" element={<EmbedCheckoutPage />} />
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/home" element={<Navigate to="/chicago" replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/reset-password" element={<ChooseNewPasswordPage />} />
        <Route path="/email-confirmed" element={<EmailConfirmedPage />} />
        <Route path="/confirm-email-change" element={<ConfirmEmailChangePage />} />
        <Route path="/account" element={<AccountSettingsPage />} />
        <Route path="/bands" element={<BandDirectoryPage />} />
        <Route path="/band/:bandName" element={<BandSitePage />} />
        <Route path="/test-band-website" element={<TestBandWebsitePage />} />
        <Route path="/promoter/:slug" element={<PromoterSitePage />} />
        <Route path="/venues" element={<VenueDirectoryPage />} />
        <Route path="/venue/:venueName" element={<VenuePage />} />
        <Route path="/rehearsal-space" element={<RehearsalSpacePage />} />
        <Route path="/gigs" element={<GigsPage />} />
        <Route path="/open-jam" element={<OpenJamPage />} />
        <Route path="/gear-swap" element={<GearSwapPage />} />
        <Route path="/tickets" element={<TicketsPage />} />
        <Route path="/success" element={<SuccessPage />} />
        <Route path="/cancel" element={<CancelPage />} />
        <Route path="/ticket/:token" element={<TicketPage />} />
        <Route path="/qr-scanner" element={<ScannerPage />} />
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/follow/confirm" element={<ConfirmFollowPage />} />
        <Route path="/waitlist/confirm" element={<ConfirmWaitlistPage />} />
        <Route path="/waitlist/leave" element={<LeaveWaitlistPage />} />
        <Route path="/waitlist/offer" element={<WaitlistOfferPage />} />
        <Route path="/my-website" element={<MyWebsitePage />} />
        <Route path="/debug-test" element={<DebugTestPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/promoter-dashboard" element={<PromoterDashboardPage />} />
        <Route path="/band-dashboard" element={<BandDashboardRedirect />} />
        <Route path="/band-outreach" element={<BandOutreachPage />} />
        <Route path="/beta-venue-outreach" element={<BetaOutreachPage />} />
        <Route path="/outreach-success" element={<OutreachSuccessPage />} />
        <Route path="/outreach/respond/:token" element={<OutreachRespondPage />} />
        <Route path="/booking/decline/:token" element={<DeclineBookingPage />} />
        <Route path="/outreach/opt-out/:token" element={<OutreachOptOutPage />} />
        <Route path="/admin/outbox" element={<OutboxPage />} />
        <Route path="/admin/emails" element={<EmailGalleryPage />} />
        <Route path="/admin/gig-management" element={<GigManagementPage />} />
        <Route path="/venue-database" element={<VenueDatabasePage />} />
        <Route path="/edit-profile" element={<EditProfilePage />} />
        <Route path="/edit-promoter-profile" element={<PromoterEditorPage />} />
        <Route path="/edit-artist-manager-profile" element={<ManagerEditorPage />} />
        <Route path="/add-artist" element={<AddArtistPage />} />
        <Route path="/edit-artist/:artistIndex" element={<EditArtistPage />} />
        <Route path="/profile/:slug" element={<ProfileSitePage />} />
        <Route path="/:regionPath" element={<RegionPage />} />
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}

/**
 * On {slug}.{public host} the band's or promoter's site is the whole site (spec 1 §2). The page's
 * head already says which (D17): a promoter's page loads the promoter's code alone.
 */
function SubdomainRoutes({ slug }: { slug: string }) {
  const Site = isPromoterSite ? PromoterSubdomainSite : SubdomainSite;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<Site slug={slug} />} />
      </Route>
    </Routes>
  );
}

const siteSlug = currentSiteSlug();
const isPromoterSite = siteSlug !== null && isPromoterSiteHead();

export function AppRoutes() {
  return (
    <Suspense fallback={null}>{siteSlug ? <SubdomainRoutes slug={siteSlug} /> : <MainRoutes />}</Suspense>
  );
}
