import { z } from 'zod';
import { requiredText } from './fields.ts';

/** The longest reason a fan or an organiser may give (decision 46). */
export const REFUND_REASON_MAX = 1000;

/** A ticket holder asks the organiser for a refund, from the ticket page (decision 46). */
export const refundRequestSchema = z.object({
  reason: requiredText('Please tell the organiser why you are asking for a refund.', REFUND_REASON_MAX, { isMultiline: true }),
});

/** Issue 34: a decline's reason is short, a sentence or two the fan reads in the e-mail. */
export const DECLINE_REASON_MAX = 300;

/** The organiser (or an admin) declines a refund request; the holder is e-mailed the reason. */
export const declineRefundRequestSchema = z.object({
  reason: requiredText('Please tell the ticket holder why the refund is declined.', DECLINE_REASON_MAX, { isMultiline: true }),
});
