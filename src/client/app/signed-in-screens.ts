import type { ComponentType } from 'react';

/**
 * Screens outside the public pages' budget (signed-in screens, the sign-in forms, /cancel), each
 * its own chunk. They are reached through
 * this module, which the entry loads only when one is opened, so the list of their chunks (the
 * preload map Vite writes beside each import) is not part of every public page's JavaScript.
 */
type Loader = () => Promise<ComponentType>;

export const LoginPage: Loader = async () => (await import('../features/auth/login-page.tsx')).LoginPage;
export const RegisterPage: Loader = async () => (await import('../features/auth/register-page.tsx')).RegisterPage;
export const ChooseNewPasswordPage: Loader = async () => (await import('../features/auth/choose-new-password-page.tsx')).ChooseNewPasswordPage;
export const AccountSettingsPage: Loader = async () => (await import('../features/account/account-settings-page.tsx')).AccountSettingsPage;
export const ConfirmEmailChangePage: Loader = async () => (await import('../features/account/confirm-email-change-page.tsx')).ConfirmEmailChangePage;
export const EmailConfirmedPage: Loader = async () => (await import('../features/auth/email-confirmed-page.tsx')).EmailConfirmedPage;
export const MyWebsitePage: Loader = async () => (await import('../features/sites/my-website-page.tsx')).MyWebsitePage;
export const DebugTestPage: Loader = async () => (await import('../features/debug/debug-test-page.tsx')).DebugTestPage;
export const DashboardPage: Loader = async () => (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage;
export const PromoterDashboardPage: Loader = async () => (await import('../features/dashboard/dashboard-page.tsx')).PromoterDashboardPage;
export const OutboxPage: Loader = async () => (await import('../features/admin/outbox-page.tsx')).OutboxPage;
export const EmailGalleryPage: Loader = async () => (await import('../features/admin/email-gallery-page.tsx')).EmailGalleryPage;
export const VenueDatabasePage: Loader = async () => (await import('../features/venue-database/venue-database-page.tsx')).VenueDatabasePage;
export const GigManagementPage: Loader = async () => (await import('../features/admin/gig-management-page.tsx')).GigManagementPage;
export const UnsubscribePage: Loader = async () => (await import('../features/followers/unsubscribe-page.tsx')).UnsubscribePage;
export const ConfirmFollowPage: Loader = async () => (await import('../features/followers/confirm-follow-page.tsx')).ConfirmFollowPage;
export const ConfirmWaitlistPage: Loader = async () => (await import('../features/waitlist/waitlist-link-pages.tsx')).ConfirmWaitlistPage;
export const LeaveWaitlistPage: Loader = async () => (await import('../features/waitlist/waitlist-link-pages.tsx')).LeaveWaitlistPage;
export const WaitlistOfferPage: Loader = async () => (await import('../features/waitlist/waitlist-link-pages.tsx')).WaitlistOfferPage;
export const CancelPage: Loader = async () => (await import('../features/tickets/payment-result-pages.tsx')).CancelPage;
export const ScannerPage: Loader = async () => (await import('../features/tickets/scanner-page.tsx')).ScannerPage;
export const BandOutreachPage: Loader = async () => (await import('../features/outreach/band-outreach-page.tsx')).BandOutreachPage;
export const BetaOutreachPage: Loader = async () => (await import('../features/outreach/beta-outreach-page.tsx')).BetaOutreachPage;
export const OutreachSuccessPage: Loader = async () => (await import('../features/outreach/outreach-success-page.tsx')).OutreachSuccessPage;
export const OutreachRespondPage: Loader = async () => (await import('../features/outreach/venue-answer-pages.tsx')).OutreachRespondPage;
export const OutreachOptOutPage: Loader = async () => (await import('../features/outreach/venue-answer-pages.tsx')).OutreachOptOutPage;
export const DeclineBookingPage: Loader = async () => (await import('../features/booking-consent/decline-booking-page.tsx')).DeclineBookingPage;
export const EditProfilePage: Loader = async () => (await import('../features/profiles/edit-profile-page.tsx')).EditProfilePage;
export const PromoterEditorPage: Loader = async () => (await import('../features/profiles/promoter-editor-page.tsx')).PromoterEditorPage;
export const ManagerEditorPage: Loader = async () => (await import('../features/profiles/manager-editor-page.tsx')).ManagerEditorPage;
export const AddArtistPage: Loader = async () => (await import('../features/profiles/artist-form-page.tsx')).AddArtistPage;
export const EditArtistPage: Loader = async () => (await import('../features/profiles/artist-form-page.tsx')).EditArtistPage;
