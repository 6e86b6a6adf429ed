/**
 * Decision 33: a venue sells tickets and books a band directly ('Band already Chosen') only once
 * it is verified: its e-mail address is verified and an admin approved it. The server refuses
 * with these sentences and the venue's dashboard shows the same ones.
 */
export type VenueVerification = {
  isEmailVerified: boolean;
  isApproved: boolean;
  /** Why an admin declined or revoked the verification, when one did. */
  declineReason: string | null;
};

export const isVenueVerified = (v: VenueVerification) => v.isEmailVerified && v.isApproved;

export const VENUE_UNVERIFIED_LEAD = 'Ticket sales and booking a band directly open once your venue is verified.';
export const VERIFY_EMAIL_STEP = 'Please verify your e-mail address: follow the link in the e-mail we sent you.';
export const AWAITING_ADMIN_STEP = 'An admin then checks that your venue is who it says it is.';

/** What the venue still has to do, or wait for, in plain sentences. */
export function venueVerificationSteps(v: VenueVerification): string {
  if (v.declineReason && !v.isApproved) {
    const reason = /[.!?]$/.test(v.declineReason) ? v.declineReason : `${v.declineReason}.`;
    return `An admin declined the verification: ${reason} Please write to us through the contact page if this is a mistake.`;
  }
  if (!v.isEmailVerified) return v.isApproved ? VERIFY_EMAIL_STEP : `${VERIFY_EMAIL_STEP} ${AWAITING_ADMIN_STEP}`;
  return 'An admin is checking your venue; you can post open gig opportunities meanwhile.';
}

/** The whole refusal for the venue itself. */
export const venueUnverifiedMessage = (v: VenueVerification) => `${VENUE_UNVERIFIED_LEAD} ${venueVerificationSteps(v)}`;

/** A promoter's ticketed gig needs its venue verified too. */
export const promoterVenueUnverifiedMessage = (venueName: string) =>
  `Ticket sales open once ${venueName} is verified on Marquee. You can post this gig without tickets meanwhile.`;
