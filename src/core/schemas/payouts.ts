import { z } from 'zod';

/**
 * Payment-account setup (spec 2 §5): an e-mail and a name are required. The spec's messages
 * name the provider ('Email is required for Stripe Connect setup'); with the built-in sandbox as
 * the default they speak of payment setup instead (decision 19).
 */
export const paymentSetupSchema = (role: 'band' | 'venue' | 'promoter') =>
  z.object({
    email: z
      .string({ error: 'Email is required for payment setup' })
      .trim()
      .min(1, { error: 'Email is required for payment setup' })
      .max(254)
      .pipe(z.email({ error: 'Please enter a valid email address.' })),
    name: z
      .string({ error: role === 'band' ? 'Band name is required for payment setup' : 'Promoter name or company name is required for payment setup' })
      .trim()
      .min(1, { error: role === 'band' ? 'Band name is required for payment setup' : 'Promoter name or company name is required for payment setup' })
      .max(200),
  });

/** Issue 21 (item 12): completing a gig before its start, or refunding a used ticket, is confirmed. */
const isConfirmed = z.boolean().default(false);

/** Completing a gig (admin): release the held organiser share, or forfeit it with a reason. */
export const completeGigSchema = z.discriminatedUnion('action', [
  z.object({ gigId: z.uuid({ error: 'That gig was not found.' }), action: z.literal('release'), isBeforeShowConfirmed: isConfirmed }),
  z.object({
    gigId: z.uuid({ error: 'That gig was not found.' }),
    action: z.literal('forfeit'),
    isBeforeShowConfirmed: isConfirmed,
    reason: z.string({ error: 'Please give a reason for forfeiting.' }).trim().min(1, { error: 'Please give a reason for forfeiting.' }).max(500),
  }),
]);

export const refundTicketSchema = z.object({
  reason: z.string({ error: 'Please give a reason for the refund.' }).trim().min(1, { error: 'Please give a reason for the refund.' }).max(500),
  isCheckedInConfirmed: isConfirmed,
  /** Issue 23: which ticket of the order (1, 2, …); an order of one ticket needs none. */
  position: z.coerce.number().int().min(1).max(8).optional(),
});

export const USED_TICKET_REFUND_MESSAGE = 'This ticket was checked in at the door. Please confirm that you want to refund a ticket that has been used.';
export const beforeShowMessage = (date: string) => `This gig is on ${date} and has not happened yet. Please confirm that you want to complete it before the show.`;
