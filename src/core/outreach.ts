// Venue outreach (spec 3): the texts and limits the pages and the server share. No zod here.

export const SINGLE_CAMPAIGN_PACKAGE_ID = 'single-location';
/** Spec 3 §9: the dashboard previews 10 venues and lists the 5 latest campaigns. */
export const VENUE_PREVIEW_SIZE = 10;
export const DASHBOARD_CAMPAIGNS = 5;
export const CUSTOM_MESSAGE_MAX = 2000;
export const BAND_DRAW_MAX = 200;

export const OUTREACH_MESSAGES = {
  logIn: 'Please log in to access the venue outreach system.',
  betaLogIn: 'Authentication Required - Please log in to access the beta venue outreach system.',
  betaOnly: 'Beta Access Only - This feature is currently in beta testing for select bands.',
  bandsOnly: 'Outreach campaigns are bought by band accounts. Log in as a band to start one.',
  checkoutFailed: 'Error processing payment. Please try again.',
  dashboardCheckoutFailed: 'Payment system temporarily unavailable. Please use the admin bypass for testing or try again later.',
  drawRequired: 'Please enter your band draw information above to continue',
  noVenues: 'There are no venues with an e-mail address in this location yet.',
  testEmailFailed: 'Error sending test email. Please check the console for details.',
  previewFailed: 'Error loading venue preview. Please try again.',
  bypassIssues: 'Test completed with some issues. Check console for details.',
  unknownLink: 'This link is not valid any more. Reply to the e-mail instead.',
} as const;

export type CampaignStatus = 'pending' | 'processing' | 'completed' | 'completed_test';
