import { z } from 'zod';
import { pageNumber, requiredText } from './fields.ts';

/** The admin's queue of venues (decision 33): awaiting a decision, verified, or declined. */
export const VENUE_VERIFICATION_STATUSES = ['awaiting', 'verified', 'declined'] as const;
export type VenueVerificationStatus = (typeof VENUE_VERIFICATION_STATUSES)[number];

export const venueVerificationQuery = z.object({ status: z.enum(VENUE_VERIFICATION_STATUSES).default('awaiting'), page: pageNumber() });

export const DECLINE_REASON_MESSAGE = 'Please say why, in a sentence the venue will read.';
/** Declining or revoking a venue's verification: the reason is shown to the venue. */
export const declineVenueSchema = z.object({ reason: requiredText(DECLINE_REASON_MESSAGE, 500) });
export type DeclineVenueInput = z.input<typeof declineVenueSchema>;
