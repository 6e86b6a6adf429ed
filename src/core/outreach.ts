// Venue outreach (spec 3): the texts and limits the pages and the server share. No zod here.
import { formatCents } from './money.ts';

export const SINGLE_CAMPAIGN_PACKAGE_ID = 'single-location';
/** Spec 3 §9: the dashboard previews 10 venues and lists the 5 latest campaigns. */
export const VENUE_PREVIEW_SIZE = 10;
export const DASHBOARD_CAMPAIGNS = 5;
export const CUSTOM_MESSAGE_MAX = 2000;
/** 'Follow-up after 1 week' (Opener Premium, spec 3 §9): days after a venue's first e-mail. */
export const FOLLOW_UP_AFTER_DAYS = 7;
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
  /** Spec 3 §7: on a network failure of the test email, a simulated preview is shown. */
  testEmailSimulated: 'The mail server could not be reached, so no test email was sent. Here is a simulated preview of the email venues will receive:',
  previewFailed: 'Error loading venue preview. Please try again.',
  bypassIssues: 'Test completed with some issues. Check console for details.',
  unknownLink: 'This link is not valid any more. Reply to the e-mail instead.',
  /** Issue 34: a campaign paid for by someone else speaks in the band's name, so the band agrees first. */
  sponsorChooseBand: 'Please choose the band the campaign is for.',
  sponsorOwnBand: 'Your band buys its own campaigns with the packages below.',
  sponsorNeedsVerified: 'Please confirm your e-mail address first: the band is told who is asking.',
  sponsorAlreadyAsked: 'You have already asked this band about a campaign. It has not answered yet.',
  sponsorStandardOnly: 'Please choose one of the three packages.',
  offerNotOpen: 'This offer has already been answered.',
  sponsorNotAgreed: 'The band has not agreed to this campaign, so it cannot be paid for.',
  sponsorCheckoutOpen: 'A checkout for this campaign is already open. Finish paying there, or try again in 30 minutes.',
} as const;

export type CampaignStatus = 'pending' | 'processing' | 'completed' | 'completed_test' | 'awaiting_band' | 'declined';

/** How long a band has to answer a sponsor's offer before it lapses (nothing was charged). */
export const OFFER_ANSWER_DAYS = 14;

type ComparablePackage = { id: string; name: string; priceCents: number; outreachType: 'opener' | 'headline' | null; venueLimit: number; allowsCustomMessage: boolean; hasFollowUp: boolean };

/**
 * What a package gives for its price where a cheaper one reaches the same venues (issue 21, decision
 * 38): in a location with few venues, packages sold by reach all reach every venue. Compared with
 * the dearest cheaper package of the same e-mail (standard, single-price and booking e-mails are
 * one template; opener and headline are their own) that reaches as many venues. Null when no
 * cheaper package does.
 */
export function describePackageDifference(pkg: ComparablePackage, packages: readonly ComparablePackage[], location: { name: string; venuesWithEmail: number }): string | null {
  const reach = (p: ComparablePackage) => Math.min(location.venuesWithEmail, p.venueLimit);
  const [cheaper] = packages
    .filter((p) => p.id !== pkg.id && p.outreachType === pkg.outreachType && p.priceCents < pkg.priceCents && reach(p) === reach(pkg))
    .sort((a, b) => b.priceCents - a.priceCents);
  if (!cheaper || reach(pkg) === 0) return null;
  const adds = [pkg.allowsCustomMessage && !cheaper.allowsCustomMessage ? 'your own custom message' : null, pkg.hasFollowUp && !cheaper.hasFollowUp ? 'a follow-up e-mail after 1 week' : null].filter(
    (a): a is string => a !== null,
  );
  const n = reach(pkg);
  const same = `In ${location.name} this e-mails the same ${n} ${n === 1 ? 'venue' : 'venues'} as ${cheaper.name} (${formatCents(cheaper.priceCents)})`;
  return adds.length ? `${same}; what it adds is ${adds.join(' and ')}.` : `${same}, with the same e-mail: only the price differs.`;
}
