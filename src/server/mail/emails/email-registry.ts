import QRCode from 'qrcode';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { escapeHtml, fillSecrets, storedBody } from '../secrets.ts';
import { accountDeletedEmail } from './account-deleted.ts';
import { applicationOutcomeEmail } from './application-outcome.ts';
import { bandBookedEmail, declineSecret } from './band-booked.ts';
import { bandShareForfeitedEmail, bandShareHeldEmail, bandShareReminderEmail } from './band-payout-emails.ts';
import { bandDeclinedBookingEmail } from './band-declined-booking.ts';
import { bandNoticeEmail } from './band-notice.ts';
import { bookedActLeftEmail } from './booked-act-left.ts';
import { contactMessageEmail } from './contact-message.ts';
import { DOOR_JOIN_SECRET, doorStaffInviteEmail, guestTicketEmail } from './door-emails.ts';
import { emailChangeEmail } from './email-change.ts';
import { emailChangedNoticeEmail } from './email-changed-notice.ts';
import { emailVerificationEmail } from './email-verification.ts';
import { followConfirmationEmail } from './follow-confirmation.ts';
import { newGigEmail } from './new-gig.ts';
import { outreachOfferAnsweredEmail, outreachOfferEmail, outreachOfferPath, SPONSORED_CAMPAIGNS_PATH } from './outreach-offer.ts';
import { outreachResponseEmail } from './outreach-response.ts';
import { passwordResetEmail } from './password-reset.ts';
import { promoterVenueDecisionEmail } from './promoter-venue-decision.ts';
import { promoterVenueRequestEmail } from './promoter-venue-request.ts';
import { refundEmail } from './refund.ts';
import { refundRequestOutcomeEmail } from './refund-request-outcome.ts';
import { refundRequestPath, refundRequestReceivedEmail } from './refund-request-received.ts';
import { setPasswordEmail } from './set-password.ts';
import { holderMessageEmail, showCancelledEmail, showReminderEmail } from './holder-emails.ts';
import type { RenderedEmail } from './render-email.ts';
import { TICKET_QR_CONTENT_ID, ticketEmail, ticketQrContentId } from './ticket.ts';
import { ticketPassedOnEmail } from './ticket-passed-on.ts';
import { ticketReceivedEmail } from './ticket-received.ts';
import { venueOutreachEmail, type BandPitch } from './venue-outreach.ts';
import { venueVerificationEmail } from './venue-verification.ts';
import { waitlistConfirmationEmail } from './waitlist-confirmation.ts';
import { waitlistOfferEmail } from './waitlist-offer.ts';
import { webhookDisabledEmail } from './webhook-disabled.ts';
import { weeklyDigestEmail } from './weekly-digest.ts';
import { welcomeEmail } from './welcome.ts';

/**
 * Every e-mail Marquee sends, with demo data (decision 45): the admin page /admin/emails shows
 * them all, and email-registry.test.ts checks each one renders whole. A new e-mail gets an entry
 * here; an e-mail with variants that read differently (booked or not) gets one per variant.
 */
export type EmailEntry = {
  /** Unique, for the page's anchors: kebab-case. */
  id: string;
  /** The outbox kind it is sent as (several where the same e-mail goes out as more than one). */
  kind: string;
  /** When Marquee sends it, in a few words. */
  sentWhen: string;
  render: (demo: Demo) => Promise<RenderedEmail>;
  /** Demo values of the secrets its bodies name, as delivery fills them in. */
  secrets?: (demo: Demo) => Record<string, string>;
  /** Inline images by content id (cid:), drawn for the preview as data: URLs. */
  images?: Record<string, () => Promise<string>>;
};

/** The instance's address, so the demo links lead somewhere real. */
type Demo = { url: string };

const BAND = 'The Velvet Static';
const VENUE = 'The Lantern Room';
const ADDRESS = '1832 W Division St, Chicago';
const REGION = 'Chicago';
const DATE = '2026-12-04';
const WHEN = `${formatLocalDate(DATE)}, ${formatTimeRange(DATE, '20:00', '23:00', 'America/Chicago')}`;
const DEMO_TICKET = '3f2b9c1e-7a4d-4e8b-9c21-5d6f7a8b9c0d';
/** A signed door code (decision 51), as a guest-list ticket carries it. */
const DEMO_GUEST_CODE = `MQ1.k1.pQ3vY8dN2xL7sK4wR9tB1g.${DEMO_TICKET}.${'Zm9yIHRoZSBkZW1v'.repeat(6).slice(0, 86)}`;

const dashboard = ({ url }: Demo) => `${url}/dashboard`;
const token = (name: string) => `demo-${name}-token`;

const pitch = ({ url }: Demo): BandPitch => ({
  name: BAND,
  genres: ['Indie rock', 'Post-punk'],
  email: 'band@demo.marquee.test',
  phone: '(312) 555-0148',
  website: 'https://velvetstatic.example',
  yearsActive: '2019 to now',
  performanceStyle: 'Loud, tight, and danceable',
  members: [
    { name: 'Maya Chen', instrument: 'Vocals, guitar' },
    { name: 'Sam Ortiz', instrument: 'Drums' },
  ],
  followers: 214,
  siteUrl: `${url.replace('://', '://velvet-static.')}`,
  pastGigs: [{ venueName: 'Empty Bottle', localDate: '2026-10-17', ticketsSold: 142 }],
  upcomingGigs: [{ venueName: VENUE, localDate: DATE }],
});

const outreachSecrets = ({ url }: Demo) => ({ respond: `${url}/outreach/respond/${token('respond')}`, optout: `${url}/outreach/opt-out/${token('optout')}` });

export const EMAIL_REGISTRY: EmailEntry[] = [
  // Accounts
  {
    id: 'welcome',
    kind: 'email_verification',
    sentWhen: 'An account is made: the welcome, with the button that confirms the address (the only e-mail at registration)',
    render: (demo) => welcomeEmail({ name: 'Jordan Reyes', hours: 24, dashboardUrl: dashboard(demo) }),
    secrets: ({ url }) => ({ link: `${url}/api/auth/verify-email?token=${token('verify')}&callbackURL=${encodeURIComponent(`${url}/email-confirmed`)}` }),
  },
  {
    id: 'email-verification',
    kind: 'email_verification',
    sentWhen: 'An account asks for the confirmation link again',
    render: () => emailVerificationEmail({ name: 'Jordan Reyes', hours: 24 }),
    secrets: ({ url }) => ({ link: `${url}/api/auth/verify-email?token=${token('verify')}&callbackURL=${encodeURIComponent(`${url}/email-confirmed`)}` }),
  },
  {
    id: 'password-reset',
    kind: 'password_reset',
    sentWhen: 'Someone asks to reset a password',
    render: ({ url }) => passwordResetEmail({ url: `${url}/api/auth/reset-password/${token('reset')}?callbackURL=${encodeURIComponent(`${url}/choose-new-password`)}` }),
  },
  {
    id: 'set-password',
    kind: 'set_password',
    sentWhen: 'The operator asks imported accounts without a password to choose one',
    render: ({ url }) =>
      setPasswordEmail({ name: 'Jordan Reyes', email: 'jordan@demo.marquee.test', days: 7, url: `${url}/api/auth/reset-password/${token('set')}?callbackURL=${encodeURIComponent(`${url}/reset-password`)}` }),
  },
  {
    id: 'email-change',
    kind: 'email_change',
    sentWhen: 'An account asks to change its address (to the new one)',
    render: () => emailChangeEmail({ name: 'Jordan Reyes', newEmail: 'jordan.reyes@example.com', hours: 24 }),
    secrets: ({ url }) => ({ link: `${url}/confirm-email-change?token=${token('change')}` }),
  },
  {
    id: 'email-changed',
    kind: 'email_changed',
    sentWhen: 'The address was changed (to the old one)',
    render: () => emailChangedNoticeEmail({ name: 'Jordan Reyes', newEmail: 'jordan.reyes@example.com' }),
  },
  {
    id: 'account-deleted',
    kind: 'account_deleted',
    sentWhen: 'An account deletes itself',
    render: () => accountDeletedEmail({ name: 'Jordan Reyes' }),
  },
  {
    id: 'booked-act-left',
    kind: 'booked_act_left',
    sentWhen: 'A booked act deletes its account (to the organiser)',
    render: (demo) => bookedActLeftEmail({ actName: BAND, venueName: VENUE, date: formatLocalDate(DATE), dashboardUrl: dashboard(demo) }),
  },
  {
    id: 'contact-message',
    kind: 'contact_message',
    sentWhen: 'Someone writes through the contact form (to the operator)',
    render: () => contactMessageEmail({ name: 'Jordan Reyes', email: 'fan@demo.marquee.test', message: 'Hi! Is the Lantern Room show all ages?\n\nThanks,\nJordan' }),
  },
  // Booking
  {
    id: 'band-notice',
    kind: 'band_notice',
    sentWhen: 'A venue or promoter tells chosen bands about its open gigs',
    render: (demo) =>
      bandNoticeEmail({ bandName: BAND, venueName: VENUE, venueAddress: ADDRESS, senderName: VENUE, dates: [WHEN, `${formatLocalDate('2026-12-11')}, 9:00 PM - 12:00 AM CST`], dashboardUrl: dashboard(demo) }),
    secrets: ({ url }) => ({ unsubscribe: `${url}/unsubscribe?token=${token('venue')}`, unsubscribeAll: `${url}/unsubscribe?token=${token('all')}` }),
  },
  {
    id: 'application-booked',
    kind: 'application_outcome',
    sentWhen: 'A gig is booked (to the applicant chosen)',
    render: (demo) => applicationOutcomeEmail({ isBooked: true, greetingName: 'Maya Chen', actName: BAND, where: `${VENUE} (${ADDRESS})`, venueName: VENUE, organiserName: VENUE, when: WHEN, dashboardUrl: dashboard(demo) }),
  },
  {
    id: 'application-not-booked',
    kind: 'application_outcome',
    sentWhen: 'A gig is booked (to every other applicant)',
    render: (demo) => applicationOutcomeEmail({ isBooked: false, greetingName: 'Maya Chen', actName: BAND, where: `${VENUE} (${ADDRESS})`, venueName: VENUE, organiserName: VENUE, when: WHEN, dashboardUrl: dashboard(demo) }),
  },
  {
    id: 'band-booked',
    kind: 'band_booked',
    sentWhen: "A venue books a band directly with 'Band already Chosen'",
    render: (demo) => bandBookedEmail({ bandName: BAND, venueName: VENUE, venueAddress: ADDRESS, gigs: [WHEN, `${formatLocalDate('2026-12-11')}, 9:00 PM - 12:00 AM CST`], dashboardUrl: dashboard(demo) }),
    secrets: ({ url }) => Object.fromEntries([0, 1].map((i) => [declineSecret(i), `${url}/booking/decline/${token(`decline${i}`)}`])),
  },
  {
    id: 'band-declined-booking',
    kind: 'band_declined_booking',
    sentWhen: 'A band declines a direct booking (to the organiser)',
    render: (demo) => bandDeclinedBookingEmail({ bandName: BAND, venueName: VENUE, when: WHEN, dashboardUrl: dashboard(demo) }),
  },
  {
    id: 'outreach-offer',
    kind: 'outreach_offer',
    sentWhen: 'Someone offers to pay for an outreach campaign in a band\'s name: the band, who agrees or declines (issue 34)',
    render: ({ url }) =>
      outreachOfferEmail({
        sponsor: 'Dana Whitfield (Venue)',
        bandName: BAND,
        packageName: 'Premium Outreach',
        locationName: 'Milwaukee',
        venueCount: 24,
        price: '$49.99',
        customMessage: 'We loved having you at the Lantern Room. Go play everywhere!',
        answerUrl: `${url}${outreachOfferPath('0b6f0a52-8d0e-4c55-9a8e-2d1f6c9b7e10')}`,
      }),
  },
  {
    id: 'outreach-offer-agreed',
    kind: 'outreach_offer_answered',
    sentWhen: "The band agreed to a sponsor's outreach offer: the sponsor, who can now pay (issue 34)",
    render: ({ url }) => outreachOfferAnsweredEmail({ bandName: BAND, packageName: 'Premium Outreach', locationName: 'Milwaukee', price: '$49.99', isAgreed: true, pageUrl: `${url}${SPONSORED_CAMPAIGNS_PATH}` }),
  },
  {
    id: 'outreach-offer-declined',
    kind: 'outreach_offer_answered',
    sentWhen: "The band declined a sponsor's outreach offer: the sponsor (issue 34)",
    render: ({ url }) => outreachOfferAnsweredEmail({ bandName: BAND, packageName: 'Premium Outreach', locationName: 'Milwaukee', price: '$49.99', isAgreed: false, pageUrl: `${url}${SPONSORED_CAMPAIGNS_PATH}` }),
  },
  {
    id: 'promoter-venue-request',
    kind: 'promoter_venue_request',
    sentWhen: 'A promoter asks to put on gigs at a venue',
    render: (demo) => promoterVenueRequestEmail({ promoterName: 'Dana Whitfield (Whitfield Presents)', venueName: VENUE, dashboardUrl: dashboard(demo) }),
  },
  {
    id: 'promoter-venue-decision',
    kind: 'promoter_venue_decision',
    sentWhen: "A venue accepts, declines or ends a promoter's request",
    render: (demo) => promoterVenueDecisionEmail({ venueName: VENUE, decision: 'accept', dashboardUrl: dashboard(demo) }),
  },
  {
    id: 'webhook-disabled',
    kind: 'webhook_disabled',
    sentWhen: "Marquee turns off an organiser's webhook endpoint after 3 days of failed deliveries",
    render: (demo) => webhookDisabledEmail({ url: 'https://lanternroom.example/marquee-hooks', days: 3, lastError: 'HTTP 500: Internal Server Error', dashboardUrl: dashboard(demo) }),
  },
  {
    id: 'venue-verified',
    kind: 'venue_verification',
    sentWhen: 'An admin verifies a venue',
    render: (demo) => venueVerificationEmail({ venueName: VENUE, isApproved: true, dashboardUrl: dashboard(demo) }),
  },
  {
    id: 'venue-not-verified',
    kind: 'venue_verification',
    sentWhen: "An admin declines or revokes a venue's verification",
    render: (demo) => venueVerificationEmail({ venueName: VENUE, isApproved: false, reason: 'The address on the profile does not match the venue’s listing.', dashboardUrl: dashboard(demo) }),
  },
  // Fans
  {
    id: 'follow-confirmation',
    kind: 'follow_confirmation',
    sentWhen: 'Someone asks to follow a band',
    render: () => followConfirmationEmail({ bandName: BAND }),
    secrets: ({ url }) => ({ link: `${url}/follow/confirm?token=${token('follow')}`, unsubscribe: `${url}/unsubscribe?token=${token('follow')}` }),
  },
  {
    id: 'new-gig',
    kind: 'new_gig',
    sentWhen: 'A followed band announces a show',
    render: ({ url }) => newGigEmail({ bandName: BAND, venueName: VENUE, when: WHEN, gigUrl: url.replace('://', '://velvet-static.') }),
    secrets: ({ url }) => ({ unsubscribe: `${url}/unsubscribe?token=${token('follower')}` }),
  },
  {
    id: 'weekly-digest',
    kind: 'weekly_digest, weekly_digest_test',
    sentWhen: "Each week, to a region's fans and musicians",
    render: ({ url }) =>
      weeklyDigestEmail({
        regionName: REGION,
        regionUrl: `${url}/chicago`,
        gigs: [
          { localDate: DATE, startTime: '20:00', endTime: '23:00', timeZone: 'America/Chicago', showName: BAND, venueName: VENUE, venueAddress: ADDRESS, ticketPriceCents: 1500, priceRange: { minCents: 1500, maxCents: 3500 }, url: url.replace('://', '://velvet-static.') },
          { localDate: DATE, startTime: '21:30', endTime: '01:00', timeZone: 'America/Chicago', showName: 'Salt & Static', venueName: 'Empty Bottle', venueAddress: '1035 N Western Ave, Chicago', ticketPriceCents: null, priceRange: null, url: `${url}/chicago` },
          { localDate: '2026-12-06', startTime: '19:00', endTime: '22:00', timeZone: 'America/Chicago', showName: 'Goldtop Revival', venueName: VENUE, venueAddress: ADDRESS, ticketPriceCents: 1200, priceRange: null, url: `${url}/chicago` },
        ],
      }),
    secrets: ({ url }) => ({ unsubscribe: `${url}/unsubscribe?token=${token('digest')}` }),
  },
  // Tickets and money
  {
    id: 'ticket',
    kind: 'ticket',
    sentWhen: 'A ticket is issued',
    render: () => ticketEmail({ bandName: BAND, venueName: VENUE, when: WHEN }),
    secrets: ({ url }) => ({ ticket: DEMO_TICKET, ticketPage: `${url}/ticket/${DEMO_TICKET}.demo`, calendar: `${url}/api/ticket-page/${DEMO_TICKET}.demo/calendar.ics` }),
    images: { [TICKET_QR_CONTENT_ID]: () => QRCode.toDataURL(DEMO_TICKET, { width: 240, margin: 2, errorCorrectionLevel: 'M' }) },
  },
  {
    id: 'tickets-several',
    kind: 'ticket',
    sentWhen: 'An order of several tickets is paid (issue 23: one e-mail, a QR code for each)',
    render: () => ticketEmail({ bandName: BAND, venueName: VENUE, when: WHEN, ticketCount: 3 }),
    secrets: ({ url }) => ({
      ticket: DEMO_TICKET,
      ticket2: `${DEMO_TICKET.slice(0, -1)}B`,
      ticket3: `${DEMO_TICKET.slice(0, -1)}C`,
      ticketPage: `${url}/ticket/${DEMO_TICKET}.demo`,
      ticketPage2: `${url}/ticket/${DEMO_TICKET.slice(0, -1)}B.demo`,
      ticketPage3: `${url}/ticket/${DEMO_TICKET.slice(0, -1)}C.demo`,
      calendar: `${url}/api/ticket-page/${DEMO_TICKET}.demo/calendar.ics`,
    }),
    images: {
      [ticketQrContentId(1)]: () => QRCode.toDataURL(DEMO_TICKET, { width: 240, margin: 2, errorCorrectionLevel: 'M' }),
      [ticketQrContentId(2)]: () => QRCode.toDataURL(`${DEMO_TICKET.slice(0, -1)}B`, { width: 240, margin: 2, errorCorrectionLevel: 'M' }),
      [ticketQrContentId(3)]: () => QRCode.toDataURL(`${DEMO_TICKET.slice(0, -1)}C`, { width: 240, margin: 2, errorCorrectionLevel: 'M' }),
    },
  },
  {
    id: 'ticket-test-mode',
    kind: 'ticket',
    sentWhen: 'A ticket is issued on the built-in sandbox',
    render: () => ticketEmail({ bandName: BAND, venueName: VENUE, when: WHEN, isTestMode: true }),
    secrets: ({ url }) => ({ ticket: DEMO_TICKET, ticketPage: `${url}/ticket/${DEMO_TICKET}.demo`, calendar: `${url}/api/ticket-page/${DEMO_TICKET}.demo/calendar.ics` }),
    images: { [TICKET_QR_CONTENT_ID]: () => QRCode.toDataURL(DEMO_TICKET, { width: 240, margin: 2, errorCorrectionLevel: 'M' }) },
  },
  {
    id: 'refund-request-approved',
    kind: 'refund_request_outcome',
    sentWhen: "The organiser approved a holder's refund request (decision 46)",
    render: () => refundRequestOutcomeEmail({ bandName: BAND, venueName: VENUE, when: WHEN, isApproved: true, amount: '$17.25', goesTo: 'holder' }),
    secrets: ({ url }) => ({ ticketPage: `${url}/ticket/${DEMO_TICKET}.demo` }),
  },
  {
    id: 'refund-request-approved-passed-on',
    kind: 'refund_request_outcome',
    sentWhen: 'The organiser approved the refund request of a ticket passed on: the money goes to the original buyer (issue 34)',
    render: () => refundRequestOutcomeEmail({ bandName: BAND, venueName: VENUE, when: WHEN, isApproved: true, amount: '$17.25', goesTo: 'original_buyer' }),
    secrets: ({ url }) => ({ ticketPage: `${url}/ticket/${DEMO_TICKET}.demo` }),
  },
  {
    id: 'refund-request-received',
    kind: 'refund_request_received',
    sentWhen: "A ticket holder asks for a refund: the gig's organiser (issue 34)",
    render: ({ url }) =>
      refundRequestReceivedEmail({
        showName: BAND,
        venueName: VENUE,
        when: WHEN,
        holderEmail: 'sam@example.com',
        reason: 'My flight home was cancelled, so I cannot make it.',
        refundText: '$17.25 back to the card of the buyer, who asked',
        requestUrl: `${url}${refundRequestPath('0b6f0a52-8d0e-4c55-9a8e-2d1f6c9b7e10')}`,
      }),
  },
  {
    id: 'refund-request-declined',
    kind: 'refund_request_outcome',
    sentWhen: "The organiser declined a holder's refund request (decision 46)",
    render: () => refundRequestOutcomeEmail({ bandName: BAND, venueName: VENUE, when: WHEN, isApproved: false, reason: 'The show is three days away; tickets can be passed to a friend instead.' }),
    secrets: ({ url }) => ({ ticketPage: `${url}/ticket/${DEMO_TICKET}.demo` }),
  },
  {
    id: 'holder-message',
    kind: 'holder_message',
    sentWhen: "An organiser or admin writes to a gig's ticket holders (decision 49)",
    render: () => holderMessageEmail({ show: { showName: BAND, venueName: VENUE, when: WHEN }, subject: 'Doors at 7:30', message: 'Doors open half an hour earlier.\n\nSupport act: Salt & Static at 8.', from: VENUE, ticketCount: 2 }),
  },
  {
    id: 'show-reminder',
    kind: 'show_reminder',
    sentWhen: 'The day before the show, to each ticket holder (decision 49)',
    render: () => showReminderEmail({ show: { showName: BAND, venueName: VENUE, when: WHEN }, venueAddress: ADDRESS, dayWord: 'Tomorrow', ticketCount: 2 }),
    secrets: () => ({ ticket: DEMO_TICKET, ticket2: `${DEMO_TICKET.slice(0, -1)}B` }),
    images: {
      [ticketQrContentId(1)]: () => QRCode.toDataURL(DEMO_TICKET, { width: 240, margin: 2, errorCorrectionLevel: 'M' }),
      [ticketQrContentId(2)]: () => QRCode.toDataURL(`${DEMO_TICKET.slice(0, -1)}B`, { width: 240, margin: 2, errorCorrectionLevel: 'M' }),
    },
  },
  {
    id: 'show-cancelled',
    kind: 'gig_cancelled',
    sentWhen: 'A ticketed gig is cancelled, to each holder (decision 49)',
    render: () => showCancelledEmail({ show: { showName: BAND, venueName: VENUE, when: WHEN }, reason: 'The band is ill. We are sorry.', ticketCount: 3, supportEmail: 'support@marquee.local' }),
  },
  {
    id: 'door-staff-invite',
    kind: 'door_staff_invite',
    sentWhen: 'An organiser invites door staff for one gig (decision 51)',
    render: () => doorStaffInviteEmail({ inviterName: 'Jo Rivera', venueName: VENUE, show: { name: BAND, when: WHEN }, expiresOn: 'Dec 4, 2026, 11:00 PM' }),
    secrets: ({ url }) => ({ [DOOR_JOIN_SECRET]: `${url}/qr-scanner/join#${token('door-staff')}` }),
  },
  {
    id: 'door-staff-invite-venue',
    kind: 'door_staff_invite',
    sentWhen: 'A venue invites door staff for every gig at the venue (decision 51)',
    render: () => doorStaffInviteEmail({ inviterName: VENUE, venueName: VENUE, expiresOn: 'March 4, 2027' }),
    secrets: ({ url }) => ({ [DOOR_JOIN_SECRET]: `${url}/qr-scanner/join#${token('door-staff')}` }),
  },
  {
    id: 'guest-ticket',
    kind: 'guest_ticket',
    sentWhen: 'An organiser puts someone with an e-mail address on the guest list (decision 51)',
    render: () => guestTicketEmail({ guestName: 'Maya', partySize: 3, showName: BAND, venueName: VENUE, when: WHEN, organiserName: VENUE }),
    secrets: () => ({ ticket: DEMO_GUEST_CODE }),
    images: { [TICKET_QR_CONTENT_ID]: () => QRCode.toDataURL(DEMO_GUEST_CODE, { width: 240, margin: 2, errorCorrectionLevel: 'M' }) },
  },
  {
    id: 'ticket-received',
    kind: 'ticket',
    sentWhen: 'A holder passes a ticket to someone else: the new holder (decision 48)',
    render: () => ticketReceivedEmail({ bandName: BAND, venueName: VENUE, when: WHEN, fromEmail: 'sam@example.com' }),
    secrets: ({ url }) => ({ ticket: DEMO_TICKET, ticketPage: `${url}/ticket/${DEMO_TICKET}.demo`, calendar: `${url}/api/ticket-page/${DEMO_TICKET}.demo/calendar.ics` }),
    images: { [TICKET_QR_CONTENT_ID]: () => QRCode.toDataURL(DEMO_TICKET, { width: 240, margin: 2, errorCorrectionLevel: 'M' }) },
  },
  {
    id: 'ticket-passed-on',
    kind: 'ticket_passed_on',
    sentWhen: 'A holder passes a ticket to someone else: the previous holder (decision 48)',
    render: () => ticketPassedOnEmail({ bandName: BAND, venueName: VENUE, when: WHEN, toEmail: 'alex@example.com', supportEmail: 'support@marquee.local' }),
  },
  {
    id: 'refund',
    kind: 'refund',
    sentWhen: "A ticket's refund went through: its holder (not after a refund request's approval, which was its e-mail)",
    render: () => refundEmail({ show: { showName: BAND, venueName: VENUE, when: WHEN }, amount: '$17.25', goesTo: 'holder', reason: 'The show was cancelled.', isTicket: true, supportEmail: 'support@marquee.local' }),
  },
  {
    id: 'refund-passed-on',
    kind: 'refund',
    sentWhen: "A refund of a ticket passed on went through: its holder, told the money goes to the original buyer (issue 34)",
    render: () => refundEmail({ show: { showName: BAND, venueName: VENUE, when: WHEN }, amount: '$17.25', goesTo: 'original_buyer', reason: 'The show was cancelled.', isTicket: true, supportEmail: 'support@marquee.local' }),
  },
  {
    id: 'refund-payment',
    kind: 'refund',
    sentWhen: 'A payment that arrived after its seat was gone was returned: its buyer',
    render: () => refundEmail({ show: { showName: BAND, venueName: VENUE, when: WHEN }, amount: '$17.25', goesTo: 'holder', reason: 'The show sold out before your payment arrived.', isTicket: false, supportEmail: 'support@marquee.local' }),
  },
  // A band share held until payout setup (issue 34)
  {
    id: 'band-share-held',
    kind: 'band_share_held',
    sentWhen: "A show's band share is first held because the band has not set up payouts",
    render: (demo) => bandShareHeldEmail({ show: `${VENUE}, ${formatLocalDate(DATE)}`, amount: '$52.20', deadline: formatLocalDate('2027-01-03'), setupUrl: dashboard(demo) }),
  },
  {
    id: 'band-share-reminder',
    kind: 'band_share_reminder',
    sentWhen: 'A week before the deadline, while the band share is still held',
    render: (demo) => bandShareReminderEmail({ show: `${VENUE}, ${formatLocalDate(DATE)}`, amount: '$52.20', deadline: formatLocalDate('2027-01-03'), setupUrl: dashboard(demo) }),
  },
  {
    id: 'band-share-forfeited',
    kind: 'band_share_forfeited',
    sentWhen: 'The deadline passed with the band share still held',
    render: (demo) => bandShareForfeitedEmail({ show: `${VENUE}, ${formatLocalDate(DATE)}`, amount: '$52.20', deadline: formatLocalDate('2027-01-03'), setupUrl: dashboard(demo) }),
  },
  // The sold-out waitlist (decision 50)
  {
    id: 'waitlist-confirmation',
    kind: 'waitlist_confirmation',
    sentWhen: "Someone joins a sold-out gig's waitlist",
    render: () => waitlistConfirmationEmail({ showName: BAND, venueName: VENUE, when: WHEN, offerHours: 2 }),
    secrets: ({ url }) => ({ link: `${url}/waitlist/confirm?token=${token('waitlist')}`, leave: `${url}/waitlist/leave?token=${token('waitlist')}` }),
  },
  {
    id: 'waitlist-offer',
    kind: 'waitlist_offer',
    sentWhen: 'A returned ticket or a freed seat is offered to the next person on the waitlist',
    render: () => waitlistOfferEmail({ showName: BAND, venueName: VENUE, when: WHEN, until: 'Fri, Dec 4, 6:30 PM CST', face: '$15.00', fee: '$2.25', total: '$17.25' }),
    secrets: ({ url }) => ({ link: `${url}/waitlist/offer?token=${token('offer')}` }),
  },
  // Outreach
  {
    id: 'venue-outreach',
    kind: 'venue_outreach, venue_outreach_test',
    sentWhen: "A band's outreach campaign writes to a venue",
    render: (demo) => venueOutreachEmail({ kind: 'booking', band: pitch(demo), venueName: VENUE, contactPerson: 'Alex', locationName: REGION, customMessage: 'We just put out a new EP and would love\nto play it for your crowd.' }),
    secrets: outreachSecrets,
  },
  {
    id: 'venue-outreach-follow-up',
    kind: 'venue_outreach_follow_up',
    sentWhen: 'A week later, when the venue has not answered (packages with a follow-up)',
    render: (demo) => venueOutreachEmail({ kind: 'headline', band: pitch(demo), venueName: VENUE, locationName: REGION, isFollowUp: true }),
    secrets: outreachSecrets,
  },
  {
    id: 'outreach-response',
    kind: 'venue_outreach_response',
    sentWhen: "A venue clicks 'I'm interested' (to the band)",
    render: () => outreachResponseEmail({ venueName: VENUE, city: REGION, bandName: BAND, contact: 'Alex · booking@lanternroom.example · (312) 555-0190' }),
  },
];

/** One e-mail as the admin page shows it: rendered with demo data, its secrets filled as at delivery. */
export type GalleryEmail = { id: string; kind: string; sentWhen: string; subject: string; html: string; text: string };

/** Every registered e-mail, rendered as its recipient would get it (the outbox's stored form, then delivery). */
export async function renderEmailGallery(publicUrl: string): Promise<GalleryEmail[]> {
  const demo = { url: publicUrl };
  return Promise.all(
    EMAIL_REGISTRY.map(async (entry) => {
      const mail = await entry.render(demo);
      const secrets = { ...mail.secrets, ...entry.secrets?.(demo) };
      let html = fillSecrets(storedBody(mail.html), secrets, escapeHtml);
      for (const [contentId, image] of Object.entries(entry.images ?? {})) html = html.replaceAll(`cid:${contentId}`, await image());
      return { id: entry.id, kind: entry.kind, sentWhen: entry.sentWhen, subject: mail.subject, html, text: fillSecrets(storedBody(mail.text), secrets) };
    }),
  );
}
